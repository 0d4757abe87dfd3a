/**
 * API throughput: `GET /api/posts` at 100 keep-alive connections, three ways in one run, with the
 * ratios that compare them:
 *   1. ceiling: a bare node `http` server (its own process) answering a fixed JSON body of the
 *      same size as the feed page: what this machine's HTTP stack and load generator allow;
 *   2. direct: the forum service itself (FORUM_URL);
 *   3. gateway: the same request through the gateway (skipped, with the reason, when the gateway's
 *      per-address API rate limit would refuse the load; raise API_RATE_LIMIT_PER_MINUTE to run it).
 *
 *   npm run bench -- api          (with `npm start` running)
 *
 * The board is the bench student's Off-Topic board (BENCH_TOPIC_ID); the bench first tops it up to
 * BENCH_POSTS posts through the API (titles "[bench] …"; they stay, so a second run adds none).
 * The student is the demo student Maya Chen unless BENCH_EMAIL/BENCH_PASSWORD name another.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { z } from 'zod';
import { NEXT_CURSOR_HEADER, SERVICE_PORTS, type Post, type User } from '@quad/contracts';
import { loadConfig } from '@quad/common';
import { DEMO_PASSWORD } from '../../scripts/seed/auth';

const config = loadConfig(
  z.object({
    BENCH_BASE_URL: z.string().url().default(`http://127.0.0.1:${SERVICE_PORTS.gateway}`),
    FORUM_URL: z.string().url().default(`http://127.0.0.1:${SERVICE_PORTS.forum}`),
    BENCH_EMAIL: z.string().default('maya.chen@mit.edu'),
    BENCH_PASSWORD: z.string().default(DEMO_PASSWORD),
    BENCH_POSTS: z.coerce.number().int().nonnegative().default(20),
    BENCH_TOPIC_ID: z.coerce.number().int().positive().default(10),
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
}

async function login(): Promise<{ token: string; user: User }> {
  const response = await fetch(`${config.BENCH_BASE_URL}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: config.BENCH_EMAIL, password: config.BENCH_PASSWORD }),
  });
  if (!response.ok) throw new Error(`login as ${config.BENCH_EMAIL}: ${response.status} ${await response.text()}`);
  const { authToken, user } = (await response.json()) as { authToken: string; user: User };
  return { token: authToken, user };
}

/** Posts on the board now (following pages), then as many new ones as it takes to reach BENCH_POSTS. */
async function topUpBoard(token: string): Promise<number> {
  const auth = { Authorization: `Bearer ${token}` };
  let count = 0;
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ topicId: String(config.BENCH_TOPIC_ID), limit: '50', ...(cursor ? { cursor } : {}) });
    const response = await fetch(`${config.FORUM_URL}/api/posts?${query}`, { headers: auth });
    if (!response.ok) throw new Error(`feed: ${response.status} ${await response.text()}`);
    count += ((await response.json()) as Post[]).length;
    cursor = response.headers.get(NEXT_CURSOR_HEADER);
  } while (cursor && count < config.BENCH_POSTS);
  for (let i = count; i < config.BENCH_POSTS; i++) {
    const form = new FormData();
    form.set('title', `[bench] post ${i + 1}`);
    form.set('content', 'A post the API benchmark reads back, page after page.');
    form.set('topicId', String(config.BENCH_TOPIC_ID));
    form.set('isAnonymous', 'false');
    const response = await fetch(`${config.FORUM_URL}/api/posts`, { method: 'POST', headers: auth, body: form });
    if (response.status !== 201) throw new Error(`create post: ${response.status} ${await response.text()}`);
  }
  return Math.max(count, config.BENCH_POSTS);
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

async function load(name: string, url: string, headers: Record<string, string>): Promise<Figures> {
  const result = await autocannon({
    url,
    headers,
    connections: config.BENCH_CONNECTIONS,
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
  };
}

/** Whether the gateway would let this much load through from one address, from its RateLimit-Policy header. */
async function gatewayLimitAllows(url: string, headers: Record<string, string>): Promise<{ ok: boolean; policy: string }> {
  const response = await fetch(url, { headers });
  const policy = response.headers.get('ratelimit-policy') ?? '';
  const limit = Number(/q=(\d+)/.exec(policy)?.[1] ?? policy.split(';')[0]);
  const window = Number(/w=(\d+)/.exec(policy)?.[1] ?? 60);
  const expected = 2000 * config.BENCH_DURATION_SECONDS;
  return { ok: !policy || limit * Math.max(1, config.BENCH_DURATION_SECONDS / window) >= expected, policy };
}

async function main(): Promise<void> {
  const { token } = await login();
  const auth = { Authorization: `Bearer ${token}` };
  const posts = await topUpBoard(token);
  const path = `/api/posts?topicId=${config.BENCH_TOPIC_ID}`;
  const sample = await fetch(`${config.FORUM_URL}${path}`, { headers: auth });
  const body = await sample.text();
  console.log(`board: topic ${config.BENCH_TOPIC_ID} with ${posts} posts; page of ${(JSON.parse(body) as Post[]).length} posts, ${body.length} bytes`);
  console.log(`load: ${config.BENCH_CONNECTIONS} connections, keep-alive, ${config.BENCH_DURATION_SECONDS} s each\n`);

  const ceilingProcess = await startCeiling(body);
  const figures: Figures[] = [];
  try {
    figures.push(await load('ceiling (bare node http)', `http://127.0.0.1:${config.BENCH_CEILING_PORT}${path}`, {}));
  } finally {
    ceilingProcess.kill();
  }
  figures.push(await load('forum direct', `${config.FORUM_URL}${path}`, auth));
  const gatewayUrl = `${config.BENCH_BASE_URL}${path}`;
  const gate = await gatewayLimitAllows(gatewayUrl, auth);
  if (gate.ok) figures.push(await load('through the gateway', gatewayUrl, auth));
  else console.log(`gateway: skipped, its API rate limit (${gate.policy}) would refuse this load; start with API_RATE_LIMIT_PER_MINUTE raised`);

  console.log('\n' + 'target'.padEnd(28) + 'req/s'.padStart(9) + 'p50 ms'.padStart(9) + 'p99 ms'.padStart(9) + 'errors'.padStart(9) + 'non-2xx'.padStart(9));
  for (const f of figures) {
    console.log(
      f.name.padEnd(28) +
        f.requestsPerSecond.toFixed(0).padStart(9) +
        String(f.p50).padStart(9) +
        String(f.p99).padStart(9) +
        String(f.errors).padStart(9) +
        String(f.non2xx).padStart(9),
    );
  }
  const [ceiling, direct, gateway] = figures;
  console.log(`\nratio direct / ceiling: ${(direct!.requestsPerSecond / ceiling!.requestsPerSecond).toFixed(2)}`);
  if (gateway) console.log(`ratio gateway / direct: ${(gateway.requestsPerSecond / direct!.requestsPerSecond).toFixed(2)}`);
  if (figures.some((f) => f.errors > 0 || f.non2xx > 0)) {
    console.log('\nsome requests failed: the figures above are not a clean measurement');
    process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
