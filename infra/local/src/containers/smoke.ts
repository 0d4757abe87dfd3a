/**
 * The container smoke test (`npm run test:containers`), against the running compose stack with the
 * demo data: what a new operator checks first. Sign-in; a post with an image stored in the object-store
 * container; messages between two students whose sockets sit on different chat replicas (none lost,
 * none twice); chat scaled from 2 to 3 replicas and back while they talk; a payment approval whose
 * e-mail reaches the SMTP catcher; a ban that every service refuses, asked directly, not through the gateway.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { io, type Socket } from 'socket.io-client';
import { SERVICE_PORTS } from '@quad/contracts';
import { type Log, run } from './podman';
import { GATEWAY_URL, compose, containerAddress, containers, stackAdminPassword } from './stack';

const DEMO_PASSWORD = 'quad-demo-2026';
const MAIL_URL = 'http://localhost:8025';

interface Step {
  name: string;
  ok: boolean;
  detail: string;
}

export interface SmokeResult {
  passed: boolean;
  print(): void;
}

class ApiError extends Error {}

async function api<T>(method: string, path: string, options: { token?: string; body?: unknown; form?: FormData; base?: string } = {}): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = {};
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body: RequestInit['body'];
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(`${options.base ?? GATEWAY_URL}${path}`, { method, headers, body, signal: AbortSignal.timeout(15_000) });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: kept as text
  }
  return { status: response.status, body: parsed as T };
}

async function ok<T>(method: string, path: string, options: Parameters<typeof api>[2] = {}): Promise<T> {
  const response = await api<T>(method, path, options);
  if (response.status >= 300) throw new ApiError(`${method} ${path} answered ${response.status}: ${JSON.stringify(response.body).slice(0, 300)}`);
  return response.body;
}

async function signIn(email: string): Promise<{ token: string; id: string }> {
  const body = await ok<{ authToken: string; user: { id: string } }>('POST', '/api/login', { body: { email, password: DEMO_PASSWORD } });
  return { token: body.authToken, id: body.user.id };
}

async function adminToken(): Promise<string> {
  const body = await ok<{ adminToken: string }>('POST', '/api/register-admin', { body: { adminPassword: stackAdminPassword() } });
  return body.adminToken;
}

/** `chat_sockets_connected` of each chat replica, read from the replica itself. */
async function socketsPerReplica(): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const replica of containers().filter((entry) => entry.service === 'chat')) {
    const text = await (await fetch(`http://${containerAddress(replica.name)}:${SERVICE_PORTS.chat}/metrics`)).text();
    counts.set(replica.name, Number(/^chat_sockets_connected(?:\{[^}]*\})? (\d+)/m.exec(text)?.[1] ?? 0));
  }
  return counts;
}

function connect(token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(GATEWAY_URL, { path: '/ws', transports: ['websocket'], auth: { token }, reconnectionDelay: 200, reconnectionDelayMax: 1000 });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => reject(err));
  });
}

/** Opens a socket and tells which chat replica took it (the one whose socket count rose). */
async function connectOnReplica(token: string): Promise<{ socket: Socket; replica: string }> {
  const before = await socketsPerReplica();
  const socket = await connect(token);
  for (let attempt = 0; attempt < 40; attempt++) {
    const after = await socketsPerReplica();
    const replica = [...after].find(([name, count]) => count > (before.get(name) ?? 0))?.[0];
    if (replica) return { socket, replica };
    await sleep(50);
  }
  throw new Error('a socket connected, but no chat replica counted it');
}

interface Exchange {
  sent: number;
  acknowledged: number;
  delivered: number;
  lost: number;
  duplicated: number;
}

/** Sends `count` messages each way between two sockets, one every `intervalMs`, and counts what arrives. */
async function exchange(a: { socket: Socket; id: string }, b: { socket: Socket; id: string }, count: number, intervalMs: number, during?: () => Promise<void>): Promise<Exchange> {
  const seen = new Map<string, number>();
  const acknowledged = new Set<string>();
  const onMessage = (message: { content: string }) => {
    const key = message.content;
    if (key.startsWith('smoke ')) seen.set(key, (seen.get(key) ?? 0) + 1);
  };
  a.socket.on('message:new', onMessage);
  b.socket.on('message:new', onMessage);
  const runId = randomUUID().slice(0, 8);
  let sent = 0;
  const send = async (from: { socket: Socket }, to: { id: string }, seq: number) => {
    const content = `smoke ${runId} ${seq}`;
    sent++;
    // An unacknowledged send (a replica going away mid-flight) is retried with the same clientId, as the web client does.
    const clientId = randomUUID();
    for (let attempt = 0; attempt < 20; attempt++) {
      try {
        const ack = (await from.socket.timeout(5000).emitWithAck('message:send', { receiverId: to.id, content, clientId })) as { ok: boolean };
        if (ack.ok) {
          acknowledged.add(content);
          return;
        }
      } catch {
        // no answer in time: try again
      }
      await sleep(250);
    }
  };
  const sending = (async () => {
    for (let seq = 0; seq < count; seq++) {
      await Promise.all([send(a, b, seq * 2), send(b, a, seq * 2 + 1)]);
      await sleep(intervalMs);
    }
  })();
  await Promise.all([sending, during?.()]);
  await sleep(2000);
  a.socket.off('message:new', onMessage);
  b.socket.off('message:new', onMessage);
  const delivered = [...acknowledged].filter((content) => (seen.get(content) ?? 0) >= 1).length;
  const duplicated = [...seen.values()].filter((times) => times > 1).length;
  return { sent, acknowledged: acknowledged.size, delivered, lost: acknowledged.size - delivered, duplicated };
}

/** Messages a conversation stores, by content, read back through the API: each acknowledged one must be there once. */
async function storedOnce(token: string, partnerId: string, prefix: string): Promise<{ stored: number; twice: number }> {
  const chats = await ok<Array<{ id: string; otherUser?: { id: string }; partner?: { id: string } }>>('GET', '/api/chats', { token });
  const chat = chats.find((entry) => (entry.otherUser ?? entry.partner)?.id === partnerId);
  if (!chat) return { stored: 0, twice: 0 };
  const contents: string[] = [];
  let before: string | undefined;
  for (let page = 0; page < 20; page++) {
    const query = before ? `?before=${encodeURIComponent(before)}&limit=100` : '?limit=100';
    const body = await ok<unknown>('GET', `/api/chats/${chat.id}/messages${query}`, { token });
    const messages = (Array.isArray(body) ? body : ((body as { messages?: unknown[] }).messages ?? [])) as Array<{ id: string; content: string; createdAt: string }>;
    contents.push(...messages.map((message) => message.content).filter((content) => content.startsWith(prefix)));
    if (messages.length < 100) break;
    before = (body as { nextCursor?: string }).nextCursor ?? messages[0]?.id;
  }
  const counts = new Map<string, number>();
  for (const content of contents) counts.set(content, (counts.get(content) ?? 0) + 1);
  return { stored: counts.size, twice: [...counts.values()].filter((times) => times > 1).length };
}

export async function runSmokeTest(log: Log): Promise<SmokeResult> {
  const steps: Step[] = [];
  const step = async (name: string, body: () => Promise<string>) => {
    const begun = Date.now();
    try {
      const detail = await body();
      steps.push({ name, ok: true, detail });
      log(`PASS ${name}: ${detail} (${Date.now() - begun} ms)`);
    } catch (err) {
      const detail = err instanceof Error ? err.message : String(err);
      steps.push({ name, ok: false, detail });
      log(`FAIL ${name}: ${detail}`);
    }
  };
  const figures: Record<string, string> = {};

  let maya: { token: string; id: string } | undefined;
  let priya: { token: string; id: string } | undefined;
  await step('sign-in through the containerised gateway', async () => {
    maya = await signIn('maya.chen@mit.edu');
    priya = await signIn('priya.sharma@mit.edu');
    const me = await ok<{ email: string }>('GET', '/api/auth/user', { token: maya.token });
    if (me.email !== 'maya.chen@mit.edu') throw new Error(`/api/auth/user named ${me.email}`);
    return 'maya.chen@mit.edu and priya.sharma@mit.edu signed in';
  });

  await step('a post with an image, stored in the object-store container', async () => {
    if (!maya) throw new Error('no signed-in student');
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } }).png().toBuffer();
    const form = new FormData();
    form.set('title', `Container smoke ${new Date().toISOString()}`);
    form.set('content', 'Posted by npm run test:containers.');
    form.set('topicId', '1');
    form.set('isAnonymous', 'false');
    form.set('image', new Blob([png], { type: 'image/png' }), 'smoke.png');
    const post = await ok<{ id: string; imageUrl: string | null }>('POST', '/api/posts', { token: maya.token, form });
    if (!post.imageUrl) throw new Error('the post has no imageUrl');
    const media = await fetch(`${GATEWAY_URL}${post.imageUrl}`);
    const bytes = Buffer.from(await media.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    const minio = containers().find((entry) => entry.service === 'minio')!.name;
    const objectPath = `/data/quad-media/${post.imageUrl.replace(/^\/media\//, '')}`;
    run('podman', ['exec', minio, 'test', '-e', objectPath]);
    return `${post.imageUrl}: ${media.status}, ${meta.format} ${meta.width}x${meta.height}, in ${minio}:${objectPath}`;
  });

  await step('messages between two students on different chat replicas', async () => {
    if (!maya || !priya) throw new Error('no signed-in students');
    const a = await connectOnReplica(maya.token);
    let b = await connectOnReplica(priya.token);
    for (let attempt = 0; b.replica === a.replica && attempt < 20; attempt++) {
      b.socket.disconnect();
      await sleep(100);
      b = await connectOnReplica(priya.token);
    }
    if (b.replica === a.replica) throw new Error(`every socket went to ${a.replica}`);
    const result = await exchange({ socket: a.socket, id: maya.id }, { socket: b.socket, id: priya.id }, 50, 20);
    a.socket.disconnect();
    b.socket.disconnect();
    figures.crossReplica = `${result.acknowledged} messages across ${a.replica} <-> ${b.replica}, lost ${result.lost}, duplicated ${result.duplicated}`;
    if (result.lost > 0 || result.duplicated > 0 || result.acknowledged !== result.sent) throw new Error(figures.crossReplica);
    return figures.crossReplica;
  });

  await step('chat scaled from 2 to 3 replicas and back while two students talk', async () => {
    if (!maya || !priya) throw new Error('no signed-in students');
    const a = { socket: await connect(maya.token), id: maya.id };
    const b = { socket: await connect(priya.token), id: priya.id };
    const replicasSeen: number[] = [];
    const prefix = 'smoke ';
    const before = await storedOnce(maya.token, priya.id, prefix);
    const result = await exchange(a, b, 150, 40, async () => {
      await sleep(1000);
      compose(['up', '-d', '--no-build', '--no-recreate', '--scale', 'chat=3', 'chat'], { quiet: true });
      replicasSeen.push(containers().filter((entry) => entry.service === 'chat').length);
      await sleep(3000);
      compose(['up', '-d', '--no-build', '--no-recreate', '--scale', 'chat=2', 'chat'], { quiet: true });
      replicasSeen.push(containers().filter((entry) => entry.service === 'chat').length);
    });
    a.socket.disconnect();
    b.socket.disconnect();
    const after = await storedOnce(maya.token, priya.id, prefix);
    figures.scaling = `chat replicas 2 -> ${replicasSeen.join(' -> ')}: ${result.acknowledged} of ${result.sent} acknowledged, delivered ${result.delivered}, lost ${result.lost}, duplicated ${result.duplicated}; stored ${after.stored - before.stored} new, ${after.twice} stored twice`;
    if (replicasSeen[0] !== 3 || replicasSeen[1] !== 2) throw new Error(`scaling did not happen: ${figures.scaling}`);
    if (result.lost > 0 || result.duplicated > 0 || after.twice > 0 || result.acknowledged !== result.sent) throw new Error(figures.scaling);
    return figures.scaling;
  });

  let admin: string | undefined;
  await step('a payment approval whose e-mail reaches the SMTP catcher', async () => {
    admin = await adminToken();
    const body = await ok<unknown>('GET', '/api/admin/payment-requests', { token: admin });
    const requests = (Array.isArray(body) ? body : ((body as { items?: unknown[] }).items ?? [])) as Array<{ id: string; status: string; userEmail: string | null }>;
    const pending = requests.find((request) => request.status === 'pending' && request.userEmail === 'amara.diallo@stanford.edu');
    if (!pending) throw new Error('no pending payment of amara.diallo@stanford.edu (the demo data has one)');
    await ok('POST', '/api/admin/update-payment', { token: admin, body: { id: pending.id, status: 'approved' } });
    for (let attempt = 0; attempt < 40; attempt++) {
      const mail = await api<Array<{ to: Array<{ address: string }>; subject: string }>>('GET', '/email', { base: MAIL_URL });
      const found = Array.isArray(mail.body) && mail.body.find((message) => message.to.some((to) => to.address === 'amara.diallo@stanford.edu'));
      if (found) return `approved ${pending.id}; "${found.subject}" to amara.diallo@stanford.edu in the catcher`;
      await sleep(250);
    }
    throw new Error('no e-mail to amara.diallo@stanford.edu within 10 s');
  });

  await step('a ban that reaches every service', async () => {
    if (!admin) admin = await adminToken();
    const email = `smoke.${Date.now()}@mit.edu`;
    const colleges = await ok<Array<{ id: string; domain?: string; name: string }>>('GET', '/api/colleges');
    const mit = colleges.find((college) => /mit/i.test(college.domain ?? college.name));
    if (!mit) throw new Error('no MIT college');
    const registered = await ok<{ authToken: string; user: { id: string } }>('POST', '/api/register', {
      body: { email, password: DEMO_PASSWORD, firstName: 'Smoke', lastName: 'Test', college: mit.id },
    });
    const token = registered.authToken;
    await ok('POST', '/api/admin/ban-user', { token: admin, body: { userId: registered.user.id, reason: 'Container smoke test', banDuration: 1 } });
    // Each service asked directly on its container, not through the gateway.
    const probes: Record<string, string> = {
      forum: '/api/topics',
      social: '/api/friends',
      chat: '/api/chats',
      commerce: '/api/subscription-status',
      moderation: '/api/reports/mine',
    };
    const answers: string[] = [];
    const deadline = Date.now() + 5000;
    for (const [service, path] of Object.entries(probes)) {
      const replicas = containers().filter((entry) => entry.service === service);
      for (const replica of replicas) {
        const base = `http://${containerAddress(replica.name)}:${SERVICE_PORTS[service as keyof typeof SERVICE_PORTS]}`;
        let status = 0;
        while (Date.now() < deadline) {
          status = (await api('GET', path, { token, base })).status;
          if (status === 403) break;
          await sleep(100);
        }
        answers.push(`${replica.name} ${status}`);
        if (status !== 403) throw new Error(`${replica.name} answered ${status} to the banned student's ${path}: ${answers.join(', ')}`);
      }
    }
    const viaGateway = (await api('GET', '/api/topics', { token })).status;
    if (viaGateway !== 403) throw new Error(`the gateway answered ${viaGateway}`);
    return `403 from ${answers.length} containers (${answers.map((answer) => answer.split(' ')[0]).join(', ')}) and the gateway`;
  });

  return {
    passed: steps.every((entry) => entry.ok),
    print() {
      console.log('\ncontainer smoke test');
      for (const entry of steps) console.log(`  ${entry.ok ? 'PASS' : 'FAIL'}  ${entry.name}: ${entry.detail}`);
      console.log(`${steps.filter((entry) => entry.ok).length} of ${steps.length} passed`);
    },
  };
}
