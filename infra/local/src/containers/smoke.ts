/**
 * The container smoke test (`npm run test:containers`), against the running compose stack with the
 * demo data: what a new operator checks first. Sign-in; a demo login in Chromium; a post with an image stored in the object-store
 * container; messages between two students whose sockets sit on different chat replicas (none lost,
 * none twice); chat scaled from 2 to 3 replicas and back while they talk; a payment approval whose
 * e-mail reaches the SMTP catcher; a ban that every service refuses, asked directly, not through the gateway.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { io, type Socket } from 'socket.io-client';
import { SERVICE_PORTS } from '@quad/contracts';
import { REPO_ROOT } from '../paths';
import { type Log, run } from './podman';
import { GATEWAY_URL, containerAddress, containers, scaleChat, stackAdminPassword } from './stack';

const DEMO_PASSWORD = 'quad-demo-2026';
const MAIL_URL = 'http://localhost:8025';
/** Where the browser step leaves its screenshots (git-ignored). */
export const SCREENSHOT_DIR = path.join(REPO_ROOT, '.infra', 'containers-screenshots');

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

/** A new MIT student for a step that changes their account (payment, ban), so the demo students stay as seeded. */
async function registerStudent(purpose: string): Promise<{ token: string; id: string; email: string }> {
  const email = `smoke.${purpose}.${Date.now()}@mit.edu`;
  const colleges = await ok<Array<{ id: string; initials: string }>>('GET', '/api/colleges');
  const mit = colleges.find((college) => college.initials === 'MIT');
  if (!mit) throw new Error('no MIT college');
  const registered = await ok<{ authToken: string; user: { id: string } }>('POST', '/api/register', {
    body: { email, password: DEMO_PASSWORD, firstName: 'Smoke', lastName: 'Test', college: mit.id },
  });
  return { token: registered.authToken, id: registered.user.id, email };
}

const chatReplicas = () => containers().filter((entry) => entry.service === 'chat').map((entry) => entry.name);

async function adminToken(): Promise<string> {
  const body = await ok<{ adminToken: string }>('POST', '/api/register-admin', { body: { adminPassword: stackAdminPassword(), operator: 'containers-smoke' } });
  return body.adminToken;
}

/** `chat_sockets_connected` of each chat replica, read from the replica itself. */
async function socketsPerReplica(): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const replica of containers().filter((entry) => entry.service === 'chat')) {
    // A replica just added may not listen yet: it holds no socket then.
    const text = await fetch(`http://${containerAddress(replica.name)}:${SERVICE_PORTS.chat}/metrics`, { signal: AbortSignal.timeout(3000) }).then(
      (response) => response.text(),
      () => '',
    );
    counts.set(replica.name, Number(/^chat_sockets_connected(?:\{[^}]*\})? (\d+)/m.exec(text)?.[1] ?? 0));
  }
  return counts;
}

function connect(token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(GATEWAY_URL, { path: '/ws', transports: ['websocket'], auth: { token }, reconnectionDelay: 200, reconnectionDelayMax: 1000, timeout: 10_000 });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.disconnect();
      reject(err);
    });
  });
}

const total = (counts: Map<string, number>) => [...counts.values()].reduce((sum, count) => sum + count, 0);

/** The replica whose socket count rose above `before` once `socket` is connected. */
async function replicaOf(socket: Socket, before: Map<string, number>): Promise<string> {
  if (!socket.connected) await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  for (let attempt = 0; attempt < 60; attempt++) {
    const after = await socketsPerReplica();
    const replica = [...after].find(([name, count]) => count > (before.get(name) ?? 0))?.[0];
    if (replica) return replica;
    await sleep(50);
  }
  throw new Error('a socket connected, but no chat replica counted it');
}

/** Opens a socket and tells which chat replica took it. */
async function connectOnReplica(token: string): Promise<{ socket: Socket; replica: string }> {
  const before = await socketsPerReplica();
  const socket = await connect(token);
  return { socket, replica: await replicaOf(socket, before) };
}

/** Closes a socket's connection and opens it again (the same client socket, its listeners kept): a new WebSocket through the gateway. */
async function reconnectOnReplica(socket: Socket): Promise<string> {
  const connected = total(await socketsPerReplica());
  socket.disconnect();
  let before = await socketsPerReplica();
  for (let attempt = 0; attempt < 60 && total(before) >= connected; attempt++) {
    await sleep(50);
    before = await socketsPerReplica();
  }
  socket.connect();
  return replicaOf(socket, before);
}

interface Exchange {
  runId: string;
  sent: number;
  acknowledged: number;
  delivered: number;
  lost: number;
  duplicated: number;
  reconnects: number;
}

interface Party {
  socket: Socket;
  id: string;
}

/**
 * Sends `count` messages each way between two students, one pair every `intervalMs` (under chat's
 * per-student rate limit), as the web client does: an unanswered send is sent again with the same
 * clientId, and after a reconnect the client asks for what it missed (`messages:since`). Counts what
 * each side saw: an acknowledged message seen by nobody is lost; one content under two message ids
 * was stored twice.
 */
async function exchange(a: Party, b: Party, count: number, intervalMs: number, during?: () => Promise<void>): Promise<Exchange> {
  const runId = randomUUID().slice(0, 8);
  const prefix = `smoke ${runId} `;
  const idsByContent = new Map<string, Set<string>>();
  const acknowledged = new Set<string>();
  let reconnects = 0;
  const listeners: Array<() => void> = [];
  for (const [me, partner] of [
    [a, b],
    [b, a],
  ] as const) {
    let lastSeen: string | undefined;
    const see = (message: { id: string; content: string }) => {
      if (!message.content.startsWith(prefix)) return;
      lastSeen = message.id;
      const ids = idsByContent.get(message.content) ?? new Set<string>();
      ids.add(message.id);
      idsByContent.set(message.content, ids);
    };
    const onReconnect = () => {
      reconnects++;
      if (!lastSeen) return;
      void me.socket
        .timeout(5000)
        .emitWithAck('messages:since', { userId: partner.id, afterId: lastSeen })
        .then((result: { ok: boolean; messages?: Array<{ id: string; content: string }> }) => result.messages?.forEach(see))
        .catch(() => undefined);
    };
    me.socket.on('message:new', see);
    me.socket.on('connect', onReconnect);
    listeners.push(() => {
      me.socket.off('message:new', see);
      me.socket.off('connect', onReconnect);
    });
  }
  let sent = 0;
  const send = async (from: Party, to: Party, seq: number) => {
    const content = `${prefix}${seq}`;
    sent++;
    const clientId = randomUUID();
    for (let attempt = 0; attempt < 30; attempt++) {
      try {
        const ack = (await from.socket.timeout(5000).emitWithAck('message:send', { receiverId: to.id, content, clientId })) as { ok: boolean };
        if (ack.ok) {
          acknowledged.add(content);
          return;
        }
      } catch {
        // no answer in time (a replica going away): the same clientId again
      }
      await sleep(500);
    }
  };
  const sending = (async () => {
    for (let seq = 0; seq < count; seq++) {
      await Promise.all([send(a, b, seq * 2), send(b, a, seq * 2 + 1)]);
      await sleep(intervalMs);
    }
  })();
  await Promise.all([sending, during?.()]);
  await sleep(3000);
  for (const remove of listeners) remove();
  const delivered = [...acknowledged].filter((content) => idsByContent.has(content)).length;
  const duplicated = [...idsByContent.values()].filter((ids) => ids.size > 1).length;
  return { runId, sent, acknowledged: acknowledged.size, delivered, lost: acknowledged.size - delivered, duplicated, reconnects };
}

/** A run's messages as the conversation stores them, read back through the API: stored, and stored more than once. */
async function stored(token: string, partnerId: string, runId: string): Promise<{ stored: number; twice: number }> {
  const prefix = `smoke ${runId} `;
  const counts = new Map<string, number>();
  let cursor: string | undefined;
  for (let page = 0; page < 20; page++) {
    const query = new URLSearchParams({ userId: partnerId, limit: '100', ...(cursor ? { cursor } : {}) });
    const response = await fetch(`${GATEWAY_URL}/api/messages?${query}`, { headers: { Authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(15_000) });
    if (!response.ok) throw new Error(`GET /api/messages answered ${response.status}`);
    const messages = (await response.json()) as Array<{ content: string }>;
    for (const { content } of messages) if (content.startsWith(prefix)) counts.set(content, (counts.get(content) ?? 0) + 1);
    cursor = response.headers.get('x-next-cursor') ?? undefined;
    if (!cursor) break;
  }
  return { stored: counts.size, twice: [...counts.values()].filter((times) => times > 1).length };
}

export async function runSmokeTest(log: Log): Promise<SmokeResult> {
  const steps: Step[] = [];
  const step = async (name: string, body: () => Promise<string>, limitMs = 180_000) => {
    const begun = Date.now();
    try {
      let timer: NodeJS.Timeout | undefined;
      const detail = await Promise.race([
        body().finally(() => clearTimeout(timer)),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no result within ${limitMs / 1000} s`)), limitMs);
        }),
      ]);
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
    priya = await signIn('priya.raman@mit.edu');
    const me = await ok<{ email: string }>('GET', '/api/auth/user', { token: maya.token });
    if (me.email !== 'maya.chen@mit.edu') throw new Error(`/api/auth/user named ${me.email}`);
    return 'maya.chen@mit.edu and priya.raman@mit.edu signed in';
  });

  await step('a demo login in the browser, through the containerised gateway', async () => {
    // Debian's Chromium (the e2e journeys' browser): the web app the gateway image serves, signed in
    // through its login form as a student would.
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    });
    try {
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      const shots: string[] = [];
      for (const [name, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]] as const) {
        const page = await browser.newPage({ viewport });
        await page.goto(`${GATEWAY_URL}/auth`);
        const login = page.getByRole('form', { name: 'Login' });
        await login.getByLabel('Email').fill('maya.chen@mit.edu');
        await login.getByLabel('Password').fill(DEMO_PASSWORD);
        await login.getByRole('button', { name: 'Login' }).click();
        await page.getByText('Welcome back!').first().waitFor({ timeout: 15_000 });
        // A browser's first visit asks for the device (spec: device selection) before home.
        await page.getByText('Choose your device').waitFor({ timeout: 15_000 });
        await page.getByRole('button', { name: name === 'phone' ? /Mobile/ : /Desktop/ }).click();
        // Home with the demo feed: the composer's button and a seeded post.
        await page.getByRole('button', { name: 'New Post' }).first().waitFor({ timeout: 15_000 });
        await page.getByRole('article').first().waitFor({ timeout: 15_000 });
        const file = path.join(SCREENSHOT_DIR, `home-${name}.png`);
        await page.screenshot({ path: file });
        shots.push(path.relative(REPO_ROOT, file));
        await page.close();
      }
      return `maya.chen@mit.edu signed in at ${GATEWAY_URL}/auth and saw the feed (${shots.join(', ')})`;
    } finally {
      await browser.close();
    }
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
    const media = await fetch(`${GATEWAY_URL}${post.imageUrl}`, { signal: AbortSignal.timeout(15_000) });
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
    const result = await exchange({ socket: a.socket, id: maya.id }, { socket: b.socket, id: priya.id }, 30, 350);
    const kept = await stored(maya.token, priya.id, result.runId);
    a.socket.disconnect();
    b.socket.disconnect();
    figures.crossReplica = `${result.acknowledged} messages between ${a.replica} and ${b.replica}: lost ${result.lost}, duplicated ${result.duplicated}, stored ${kept.stored} (${kept.twice} twice)`;
    if (result.lost > 0 || result.duplicated > 0 || result.acknowledged !== result.sent || kept.stored !== result.acknowledged || kept.twice > 0) {
      throw new Error(figures.crossReplica);
    }
    return figures.crossReplica;
  });

  await step('chat scaled from 2 to 3 replicas and back while two students talk', async () => {
    if (!maya || !priya) throw new Error('no signed-in students');
    const a = { socket: await connect(maya.token), id: maya.id };
    const b: Party = { socket: await connect(priya.token), id: priya.id };
    const counts: number[] = [chatReplicas().length];
    let movedTo = '';
    const result = await exchange(a, b, 40, 350, async () => {
      await sleep(1500);
      scaleChat(3);
      counts.push(chatReplicas().length);
      log(`  chat scaled to ${counts.at(-1)} replicas; moving Priya's socket onto the new one`);
      // The new replica takes new sockets: Priya's next connection lands on it (round robin over the replicas).
      const added = chatReplicas().at(-1)!;
      for (let attempt = 0; attempt < 12 && movedTo !== added; attempt++) {
        const replica = await reconnectOnReplica(b.socket);
        log(`  Priya's socket reconnected on ${replica}`);
        if (replica === added) movedTo = replica;
      }
      await sleep(3000);
      // Back to two: the newest replica stops (SIGTERM), and its sockets reconnect to the others.
      scaleChat(2);
      counts.push(chatReplicas().length);
      log(`  chat scaled back to ${counts.at(-1)} replicas`);
    });
    log('  exchange done');
    const kept = await stored(maya.token, priya.id, result.runId);
    a.socket.disconnect();
    b.socket.disconnect();
    figures.scaling = `chat replicas ${counts.join(' -> ')}; ${movedTo ? `a socket moved to ${movedTo} and reconnected after it stopped` : 'no socket reached the added replica'}; ${result.acknowledged} of ${result.sent} acknowledged, lost ${result.lost}, duplicated ${result.duplicated}, stored ${kept.stored} (${kept.twice} twice), reconnects ${result.reconnects}`;
    if (counts.join() !== '2,3,2' || !movedTo) throw new Error(figures.scaling);
    if (result.lost > 0 || result.duplicated > 0 || result.acknowledged !== result.sent || kept.stored !== result.acknowledged || kept.twice > 0) {
      throw new Error(figures.scaling);
    }
    return figures.scaling;
  });

  let admin: string | undefined;
  await step('a payment approval whose e-mail reaches the SMTP catcher', async () => {
    admin = await adminToken();
    const student = await registerStudent('pay');
    await ok('POST', '/api/payments/submit', { token: student.token, body: { venmoUsername: '@smoke-test', amount: '10' } });
    const body = await ok<unknown>('GET', '/api/admin/payment-requests', { token: admin });
    const requests = (Array.isArray(body) ? body : ((body as { items?: unknown[] }).items ?? [])) as Array<{ id: string; status: string; userEmail: string | null }>;
    const pending = requests.find((request) => request.status === 'pending' && request.userEmail === student.email);
    if (!pending) throw new Error(`the admin's list has no pending payment of ${student.email}`);
    await ok('POST', '/api/admin/update-payment', { token: admin, body: { id: pending.id, status: 'approved' } });
    for (let attempt = 0; attempt < 40; attempt++) {
      const mail = await api<Array<{ to: Array<{ address: string }>; subject: string }>>('GET', '/email', { base: MAIL_URL });
      // The approval's own e-mail (commerce's), not the address confirmation auth sent at sign-up.
      const found =
        Array.isArray(mail.body) &&
        mail.body.find((message) => message.to.some((to) => to.address === student.email) && /subscription is active/i.test(message.subject));
      if (found) {
        const status = await ok<{ isActive: boolean }>('GET', '/api/subscription-status', { token: student.token });
        if (!status.isActive) throw new Error('the e-mail came, but the subscription is not active');
        return `approved; "${found.subject}" to ${student.email} in the catcher; subscription active`;
      }
      await sleep(250);
    }
    throw new Error(`no approval e-mail to ${student.email} within 10 s`);
  });

  await step('a ban that reaches every service', async () => {
    if (!admin) admin = await adminToken();
    const { token, id } = await registerStudent('ban');
    await ok('POST', '/api/admin/ban-user', { token: admin, body: { userId: id, reason: 'Container smoke test', banDuration: 1 } });
    // Each service asked directly on its container, not through the gateway.
    const probes: Record<string, string> = {
      forum: '/api/topics',
      social: '/api/friends',
      chat: '/api/chats',
      commerce: '/api/subscription-status',
      moderation: '/api/reports/mine',
      notifications: '/api/notifications',
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
