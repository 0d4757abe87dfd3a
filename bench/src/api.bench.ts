/**
 * API throughput at 100 keep-alive connections, three ways in one run per endpoint, with the ratios
 * that compare them:
 *   1. ceiling: a bare node `http` server (its own process) answering the endpoint's own bytes,
 *      fixed: what this machine's HTTP stack and load generator allow;
 *   2. direct: the owning service itself (FORUM_URL, CHAT_URL, SOCIAL_URL);
 *   3. gateway: the same request through the gateway (BENCH_BASE_URL; skipped, with the reason,
 *      when the gateway's per-account API rate limit would refuse the load: start the gateway with
 *      API_RATE_LIMIT_PER_MINUTE raised).
 * Endpoints (BENCH_ENDPOINTS, comma-separated, all by default):
 *   posts    GET /api/posts?topicId=BENCH_TOPIC_ID: a feed page (20 posts) of a board of BENCH_POSTS
 *   chats    GET /api/chats: the student's conversations, each with its last message and unread count
 *   friends  GET /api/friends: the student's friends
 *   admin-users  GET /api/admin/users?search=BENCH_ADMIN_SEARCH: the admin panel's user search over
 *            BENCH_ACCOUNTS accounts (a page of at most 50, whatever the campus), at
 *            BENCH_ADMIN_CONNECTIONS connections (20: a few admins at once, not a crowd)
 *
 *   npm run bench -- api          (with `npm start` running)
 *
 * The student is the demo student Maya Chen unless BENCH_EMAIL/BENCH_PASSWORD name another. The
 * bench first tops up what it reads, through the API, and keeps it for the next run:
 *   - the board (her Off-Topic board by default) to BENCH_POSTS posts ("[bench] …" titles), created
 *     BENCH_SEED_CONCURRENCY at a time (10,000 posts take a few minutes, once);
 *   - BENCH_FRIENDS students of her college ("Bench Friend N", bench.friendN@<her e-mail's domain>)
 *     registered, given a subscription by an anonymous admin (BENCH_ADMIN_PASSWORD, the local
 *     default unless set), befriended and each in a conversation with her.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { z } from 'zod';
import {
  type AdminAuthResponse,
  type AuthResponse,
  type ChatSummary,
  type Friend,
  type FriendRequest,
  type FriendRequestList,
  type SubscriptionStatus,
  type Topic,
  type User,
  SERVICE_PORTS,
} from '@quad/contracts';
import { loadConfig } from '@quad/common';
import { DEMO_PASSWORD } from '../../scripts/seed/auth';
import { DEV_ADMIN_PASSWORD, serviceEnv } from '../../scripts/dev-env';
import { CAMPUS_PASSWORD } from '../../scripts/seed/campus';
import { cpuMicroseconds } from './process-cpu';

const ENDPOINTS = ['posts', 'chats', 'friends', 'admin-users'] as const;
type Endpoint = (typeof ENDPOINTS)[number];

const config = loadConfig(
  z.object({
    BENCH_BASE_URL: z.string().url().default(`http://127.0.0.1:${SERVICE_PORTS.gateway}`),
    FORUM_URL: z.string().url().default(`http://127.0.0.1:${SERVICE_PORTS.forum}`),
    CHAT_URL: z.string().url().default(`http://127.0.0.1:${SERVICE_PORTS.chat}`),
    SOCIAL_URL: z.string().url().default(`http://127.0.0.1:${SERVICE_PORTS.social}`),
    AUTH_URL: z.string().url().default(`http://127.0.0.1:${SERVICE_PORTS.auth}`),
    BENCH_ACCOUNTS: z.coerce.number().int().nonnegative().default(20_000),
    BENCH_ADMIN_SEARCH: z.string().default('ben'),
    BENCH_ADMIN_CONNECTIONS: z.coerce.number().int().positive().default(20),
    BENCH_ENDPOINTS: z
      .string()
      .default(ENDPOINTS.join(','))
      .transform((text) => text.split(',').map((name) => name.trim()).filter(Boolean))
      .pipe(z.array(z.enum(ENDPOINTS)).min(1)),
    BENCH_EMAIL: z.string().default('maya.chen@mit.edu'),
    BENCH_PASSWORD: z.string().default(DEMO_PASSWORD),
    BENCH_ADMIN_PASSWORD: z.string().default(DEV_ADMIN_PASSWORD),
    /** The mail catcher's HTTP API (maildev locally), where a new bench friend's confirmation link is read. */
    BENCH_MAIL_URL: z.string().url().default('http://127.0.0.1:1080'),
    BENCH_POSTS: z.coerce.number().int().nonnegative().default(10_000),
    BENCH_TOPIC_ID: z.coerce.number().int().positive().default(10),
    BENCH_SEED_CONCURRENCY: z.coerce.number().int().positive().default(16),
    BENCH_FRIENDS: z.coerce.number().int().nonnegative().default(8),
    BENCH_CONNECTIONS: z.coerce.number().int().positive().default(100),
    BENCH_DURATION_SECONDS: z.coerce.number().positive().default(10),
    BENCH_CEILING_PORT: z.coerce.number().int().positive().default(4099),
  }),
);

interface Figures {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** CPU microseconds per request of each local process that served it, by port (Linux only). */
  cpu: Array<{ port: number; microseconds: number }>;
}

/*
 * CPU time per request of the processes that answered: steadier than requests/s on a shared box,
 * where other work takes CPU from the load generator and the services alike. Found by the port
 * they listen on (ss), read from /proc; left out where either is missing.
 */
function listenerPid(port: number): number | undefined {
  try {
    const out = execFileSync('ss', ['-Hltnp', `sport = :${port}`], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    const pid = /pid=(\d+)/.exec(out)?.[1];
    return pid ? Number(pid) : undefined;
  } catch {
    return undefined;
  }
}

const portOf = (url: string) => Number(new URL(url).port || 80);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A JSON call through the gateway (or `base`); throws `<status>: <body>` when not 2xx. */
async function api<T>(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; form?: FormData; base?: string } = {},
): Promise<T> {
  const headers: Record<string, string> = {};
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${options.base ?? config.BENCH_BASE_URL}${path}`, {
    method,
    headers,
    body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.status}: ${method} ${path}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** Retries what a service refuses because an event has not reached it yet (a new user, a new subscription). */
async function soon<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (!/^(402|403|404|502|503):/.test((err as Error).message) || attempt >= 60) throw err;
      await sleep(500);
    }
  }
}

/**
 * A bench friend writes only once its address is confirmed: the newest link e-mailed to it, read
 * from the mail catcher (a new link is asked for first, in case the first one was used or lost).
 */
async function confirmAddress(email: string, token: string): Promise<void> {
  await api('POST', '/api/auth/verify-email/resend', { token }).catch(() => undefined);
  const mail = await soon(async () => {
    const caught = await api<Array<{ text: string; subject: string; to: Array<{ address: string }> }>>('GET', '/email', { base: config.BENCH_MAIL_URL });
    const links = caught.filter((entry) => entry.to.some((to) => to.address === email) && /^Confirm your/.test(entry.subject));
    if (links.length === 0) throw new Error('404: no confirmation e-mail yet');
    return links.at(-1)!;
  });
  const linkToken = /\/verify-email\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  await api('POST', '/api/auth/verify-email', { body: { token: linkToken } });
}

async function signIn(email: string, password: string): Promise<{ token: string; user: User }> {
  const { authToken, user } = await api<AuthResponse>('POST', '/api/login', { body: { email, password } });
  return { token: authToken, user };
}

/** Posts on the board now (its topic count), then as many new ones as it takes to reach BENCH_POSTS. */
async function topUpBoard(token: string): Promise<number> {
  const topics = await api<Topic[]>('GET', '/api/topics', { token, base: config.FORUM_URL });
  const have = topics.find((topic) => topic.id === config.BENCH_TOPIC_ID)?.postCount ?? 0;
  const missing = config.BENCH_POSTS - have;
  if (missing <= 0) return have;
  console.log(`board: adding ${missing} posts to topic ${config.BENCH_TOPIC_ID} (${config.BENCH_SEED_CONCURRENCY} at a time)…`);
  const started = Date.now();
  let next = 0;
  const worker = async () => {
    while (next < missing) {
      const i = have + next++;
      const form = new FormData();
      form.set('title', `[bench] post ${i + 1}`);
      form.set('content', 'A post the API benchmark reads back, page after page.');
      form.set('topicId', String(config.BENCH_TOPIC_ID));
      form.set('isAnonymous', 'false');
      await api('POST', '/api/posts', { token, form, base: config.FORUM_URL });
    }
  };
  await Promise.all(Array.from({ length: config.BENCH_SEED_CONCURRENCY }, worker));
  console.log(`board: ${missing} posts added in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return config.BENCH_POSTS;
}

/**
 * Makes BENCH_FRIENDS students of the bench student's college her friends, each with a short
 * conversation (one message each way), unless they are already. Returns how many she has.
 */
async function topUpFriends(me: { token: string; user: User }): Promise<{ friends: number; chats: number }> {
  const domain = config.BENCH_EMAIL.split('@')[1];
  const friends = await soon(() => api<Friend[]>('GET', '/api/friends', { token: me.token }));
  const chats = await soon(() => api<ChatSummary[]>('GET', '/api/chats', { token: me.token }));
  let adminToken: string | undefined;
  for (let n = 1; n <= config.BENCH_FRIENDS; n++) {
    const email = `bench.friend${n}@${domain}`;
    let friend: { token: string; user: User };
    try {
      const registered = await api<AuthResponse>('POST', '/api/register', {
        body: { email, password: DEMO_PASSWORD, firstName: 'Bench', lastName: `Friend ${n}`, college: me.user.collegeId },
      });
      friend = { token: registered.authToken, user: registered.user };
    } catch (err) {
      if (!(err as Error).message.startsWith('409:')) throw err;
      friend = await signIn(email, DEMO_PASSWORD);
    }
    if (!friend.user.emailConfirmed) await confirmAddress(email, friend.token);
    const status = await api<SubscriptionStatus>('GET', '/api/subscription-status', { token: friend.token });
    if (!status.isActive) {
      adminToken ??= (await api<AdminAuthResponse>('POST', '/api/register-admin', { body: { adminPassword: config.BENCH_ADMIN_PASSWORD, operator: 'bench' } })).adminToken;
      await soon(() => api('POST', '/api/admin/manual-subscription', { token: adminToken, body: { userEmail: email, months: 12 } }));
    }
    if (!friends.some((known) => known.id === friend.user.id)) {
      const pending = await soon(() => api<FriendRequestList>('GET', '/api/friend-requests', { token: friend.token }));
      const request =
        pending.incoming.find((incoming) => incoming.senderId === me.user.id) ??
        (await soon(() => api<FriendRequest>('POST', '/api/friend-requests', { token: me.token, body: { friendId: friend.user.id } })));
      if (request.status === 'pending') {
        await soon(() => api('POST', `/api/friend-requests/${encodeURIComponent(request.id)}/accept`, { token: friend.token }));
      }
    }
    if (!chats.some((chat) => chat.participantId === friend.user.id && chat.lastMessage)) {
      await soon(() => api('POST', '/api/chats', { token: me.token, body: { participantId: friend.user.id } }));
      await soon(() => api('POST', '/api/messages', { token: friend.token, body: { receiverId: me.user.id, content: `Hi from bench friend ${n}!` } }));
      await api('POST', '/api/messages', { token: me.token, body: { receiverId: friend.user.id, content: 'Hi! Good to see you here.' } });
    }
  }
  // Friendships reach social's list a moment after the accept: wait until they all show.
  for (let attempt = 0; ; attempt++) {
    const [nowFriends, nowChats] = await Promise.all([
      api<Friend[]>('GET', '/api/friends', { token: me.token }),
      api<ChatSummary[]>('GET', '/api/chats', { token: me.token }),
    ]);
    if (nowFriends.length >= config.BENCH_FRIENDS || attempt >= 20) return { friends: nowFriends.length, chats: nowChats.length };
    await sleep(500);
  }
}

/** A bare node http server in its own process, answering `body` to every request. */
async function startCeiling(body: string): Promise<ChildProcess> {
  const source = `
    const http = require('node:http');
    const body = Buffer.from(process.env.BODY);
    const server = http.createServer((req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': body.length });
      res.end(body);
    });
    server.keepAliveTimeout = 65000;
    server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send('ready'));`;
  const child = spawn(process.execPath, ['-e', source], {
    env: { ...process.env, BODY: body, PORT: String(config.BENCH_CEILING_PORT) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`ceiling server exited with ${code}`)));
  });
  return child;
}

/**
 * Generated students until auth holds BENCH_ACCOUNTS accounts: through auth's repository with one
 * password hash (a sign-up each would hash 20,000 times), as the demo seed's campus is made.
 */
async function topUpAccounts(adminToken: string): Promise<number> {
  const first = await fetch(`${config.AUTH_URL}/api/admin/users?limit=1`, { headers: { Authorization: `Bearer ${adminToken}` } });
  const have = Number(first.headers.get('x-total-count') ?? 0);
  if (have >= config.BENCH_ACCOUNTS) return have;
  console.log(`accounts: ${have}; adding generated students up to ${config.BENCH_ACCOUNTS}…`);
  const started = Date.now();
  const { createRuntime } = await import('@quad/common');
  const { loadServiceConfig } = await import('../../services/auth/src/config');
  const { authServiceContext } = await import('../../services/auth/src/domain/context');
  const { createStudentsInBulk, generatedStudents } = await import('../../services/auth/src/domain/bulk-students');
  // auth's settings as `npm start` gives them; addresses already in this environment win.
  const runtime = await createRuntime({ service: 'auth', config: loadServiceConfig({ ...serviceEnv('auth'), ...process.env, LOG_LEVEL: 'warn' }) });
  try {
    // The demo campus's 2,000 come first in the same list, so they are skipped, not doubled.
    const made = await createStudentsInBulk(authServiceContext(runtime), generatedStudents(config.BENCH_ACCOUNTS), CAMPUS_PASSWORD, { concurrency: 16 });
    console.log(`accounts: ${made} added in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await runtime.close();
  }
  const after = await fetch(`${config.AUTH_URL}/api/admin/users?limit=1`, { headers: { Authorization: `Bearer ${adminToken}` } });
  return Number(after.headers.get('x-total-count') ?? 0);
}

async function load(
  name: string,
  url: string,
  headers: Record<string, string>,
  servedBy: number[] = [],
  connections = config.BENCH_CONNECTIONS,
): Promise<Figures> {
  const processes = servedBy.flatMap((port) => {
    const pid = listenerPid(port);
    const before = pid === undefined ? undefined : cpuMicroseconds(pid);
    return pid === undefined || before === undefined ? [] : [{ port, pid, before }];
  });
  const result = await autocannon({
    url,
    headers,
    connections,
    duration: config.BENCH_DURATION_SECONDS,
    pipelining: 1,
  });
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    cpu: processes.flatMap(({ port, pid, before }) => {
      const after = cpuMicroseconds(pid);
      return after === undefined ? [] : [{ port, microseconds: (after - before) / Math.max(1, result.requests.total) }];
    }),
  };
}

/** Whether the gateway would let this much load through from one account, from its RateLimit-Policy header. */
async function gatewayLimitAllows(url: string, headers: Record<string, string>): Promise<{ ok: boolean; policy: string }> {
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  const policy = response.headers.get('ratelimit-policy') ?? '';
  const limit = Number(/q=(\d+)/.exec(policy)?.[1] ?? policy.split(';')[0]);
  const window = Number(/w=(\d+)/.exec(policy)?.[1] ?? 60);
  const expected = 5000 * config.BENCH_DURATION_SECONDS;
  return { ok: !policy || limit * Math.max(1, config.BENCH_DURATION_SECONDS / window) >= expected, policy };
}

/** The three loads of one endpoint: the ceiling with its bytes, the service, the gateway. */
async function measure(
  label: string,
  directBase: string,
  path: string,
  auth: Record<string, string>,
  connections = config.BENCH_CONNECTIONS,
): Promise<Figures[]> {
  const sample = await fetch(`${directBase}${path}`, { headers: auth });
  const body = await sample.text();
  if (!sample.ok) throw new Error(`${label}: ${sample.status} ${body}`);
  const items = (JSON.parse(body) as unknown[]).length;
  console.log(`\n--- ${label}: GET ${path} (${items} items, ${body.length} bytes; ${connections} connections)`);
  const figures: Figures[] = [];
  const ceilingProcess = await startCeiling(body);
  try {
    figures.push(await load('ceiling (bare node http)', `http://127.0.0.1:${config.BENCH_CEILING_PORT}${path}`, {}, [], connections));
  } finally {
    ceilingProcess.kill();
  }
  figures.push(await load(`${label} direct`, `${directBase}${path}`, auth, [portOf(directBase)], connections));
  const gatewayUrl = `${config.BENCH_BASE_URL}${path}`;
  const gate = await gatewayLimitAllows(gatewayUrl, auth);
  if (gate.ok) figures.push(await load('through the gateway', gatewayUrl, auth, [portOf(config.BENCH_BASE_URL), portOf(directBase)], connections));
  else console.log(`gateway: skipped, its API rate limit (${gate.policy}) would refuse this load; start it with API_RATE_LIMIT_PER_MINUTE raised`);

  console.log(
    'target'.padEnd(28) + 'req/s'.padStart(9) + 'p50 ms'.padStart(9) + 'p99 ms'.padStart(9) + 'errors'.padStart(9) + 'non-2xx'.padStart(9) + '  CPU us/request',
  );
  for (const f of figures) {
    console.log(
      f.name.padEnd(28) +
        f.requestsPerSecond.toFixed(0).padStart(9) +
        String(f.p50).padStart(9) +
        String(f.p99).padStart(9) +
        String(f.errors).padStart(9) +
        String(f.non2xx).padStart(9) +
        '  ' +
        f.cpu.map(({ port, microseconds }) => `:${port} ${microseconds.toFixed(0)}`).join(', '),
    );
  }
  const [ceiling, direct, gateway] = figures;
  console.log(`ratio direct / ceiling: ${(direct!.requestsPerSecond / ceiling!.requestsPerSecond).toFixed(2)}`);
  if (gateway) console.log(`ratio gateway / direct: ${(gateway.requestsPerSecond / direct!.requestsPerSecond).toFixed(2)}`);
  return figures;
}

async function main(): Promise<void> {
  const wanted = new Set<Endpoint>(config.BENCH_ENDPOINTS);
  // The student's endpoints need the demo student; the admin search needs only an admin.
  const me = wanted.has('posts') || wanted.has('chats') || wanted.has('friends') ? await signIn(config.BENCH_EMAIL, config.BENCH_PASSWORD) : null;
  const auth = { Authorization: `Bearer ${me?.token ?? ''}` };
  if (me && wanted.has('posts')) {
    const posts = await topUpBoard(me.token);
    console.log(`board: topic ${config.BENCH_TOPIC_ID} with ${posts} posts`);
  }
  if (me && (wanted.has('chats') || wanted.has('friends'))) {
    const { friends, chats } = await topUpFriends(me);
    console.log(`${config.BENCH_EMAIL}: ${friends} friends, ${chats} conversations`);
  }
  let adminAuth: Record<string, string> | undefined;
  if (wanted.has('admin-users')) {
    const { adminToken } = await api<AdminAuthResponse>('POST', '/api/register-admin', { body: { adminPassword: config.BENCH_ADMIN_PASSWORD, operator: 'bench' } });
    adminAuth = { Authorization: `Bearer ${adminToken}` };
    console.log(`accounts: ${await topUpAccounts(adminToken)}`);
  }
  console.log(`load: ${config.BENCH_CONNECTIONS} connections, keep-alive, ${config.BENCH_DURATION_SECONDS} s each; load average ${loadavg().map((n) => n.toFixed(2)).join(' ')}`);

  const figures: Figures[] = [];
  if (wanted.has('posts')) figures.push(...(await measure('forum', config.FORUM_URL, `/api/posts?topicId=${config.BENCH_TOPIC_ID}`, auth)));
  if (wanted.has('chats')) figures.push(...(await measure('chat', config.CHAT_URL, '/api/chats', auth)));
  if (wanted.has('friends')) figures.push(...(await measure('social', config.SOCIAL_URL, '/api/friends', auth)));
  if (adminAuth) {
    const path = `/api/admin/users?search=${encodeURIComponent(config.BENCH_ADMIN_SEARCH)}`;
    const adminFigures = await measure('auth admin users search', config.AUTH_URL, path, adminAuth, config.BENCH_ADMIN_CONNECTIONS);
    const direct = adminFigures[1]!;
    console.log(`admin users search direct p99 ${direct.p99} ms (target < 100 ms at ${config.BENCH_ADMIN_CONNECTIONS} connections)`);
    figures.push(...adminFigures);
  }
  if (figures.some((f) => f.errors > 0 || f.non2xx > 0)) {
    console.log('\nsome requests failed: the figures above are not a clean measurement');
    process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
