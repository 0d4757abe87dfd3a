/**
 * Chat under load, in one run, with the ratio that compares it to a baseline:
 *   1. baseline: a bare `ws` relay (its own process) forwarding each message to its receiver's
 *      socket: what this machine's sockets and load generator allow, with nothing stored;
 *   2. quad: N socket.io clients through two gateways to two chat replicas (each gateway in front
 *      of one replica, as a load balancer would spread them), in pairs whose two ends sit on
 *      different replicas, each client sending to its partner at a set rate. Every message is
 *      stored before it is acked and crosses replicas through the redis adapter.
 *   Printed: stored (acked) and delivered messages/s, p50/p99 send-to-receive latency, lost and
 *   duplicated (both must be 0).
 *   Before it, the floor: the same clients, gateways, events and Redis adapter, with two relays
 *   in place of chat that store and check nothing (FLOOR_SOURCE): what the transport costs alone.
 *   3. history: one conversation with BENCH_HISTORY_MESSAGES stored messages (1,000,000 by
 *      default; inserted once in bulk, documents into the chat database and their list index into
 *      Redis as chat would have written them, kept for later runs), then BENCH_HISTORY_REQUESTS
 *      pages through the gateway walking back from the newest, twice: p50/p99 with the documents
 *      read from the database by `_id` (cold), then from the document cache (warm).
 *   4. groups: BENCH_GROUPS group chats (100) of BENCH_GROUP_SIZE members (20) made from the same
 *   clients (each group's creator friends with the rest, through social's events, then POST
 *   /api/groups), members spread over both replicas, each group sending BENCH_GROUP_RATE messages/s
 *   (1) from a rotating member: every message stored once and delivered to every other member
 *   through the group's room; p50/p99 per delivery, lost and duplicated per (message, member).
 *
 *   npm run bench -- chat      (with the infrastructure up: `npm start` or `npm run infra:up`)
 *
 * The bench starts its own chat replicas and gateways on free ports, on the database
 * `quad_chat_bench`, and makes its users by the events auth and commerce publish (tokens signed
 * with the local dev key in .infra/keys), so it leaves the demo data alone.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { Types } from 'mongoose';
import { type Socket, io } from 'socket.io-client';
import { WebSocket } from 'ws';
import { z } from 'zod';
import type { Ack, ChatClientToServerEvents, ChatMessage, ChatServerToClientEvents } from '@quad/contracts';
import { NEXT_CURSOR_HEADER } from '@quad/contracts';
import {
  connectMongo,
  connectNats,
  createLogger,
  createPublisher,
  createRedis,
  loadConfig,
  signAccessToken,
} from '@quad/common';
import { freePort } from '@quad/common/src/testing';
import { DEV_PORTS, infraEnv } from '@quad/infra-local';
import { REPO_ROOT, SERVICE_NODE_OPTIONS, devKeys } from '../../scripts/dev-env';
import { cpuMicroseconds } from './process-cpu';

const config = loadConfig(
  z.object({
    MONGO_URL: z.string().default('mongodb://127.0.0.1:27017'),
    NATS_URL: z.string().default('nats://127.0.0.1:4222'),
    REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
    BENCH_CLIENTS: z.coerce.number().int().min(2).default(1000),
    /**
     * Messages per second each client sends to its partner: one floor run and one Quad run at each
     * (comma-separated), one after the other. BENCH_RATE_PER_CLIENT (one rate) is still read.
     */
    BENCH_RATES: z.string().default(process.env.BENCH_RATE_PER_CLIENT ?? '0.5,1,2'),
    BENCH_DURATION_SECONDS: z.coerce.number().positive().default(10),
    /**
     * Before the measured runs, each system (floor, before, Quad) carries this many seconds of load
     * at each rate in turn, not counted: a service in use is warm (its code optimised, its young
     * generation grown to its working size), and the first measured runs would otherwise pay for
     * that alone (bench/README.md, chat). 0: none.
     */
    BENCH_WARMUP_SECONDS: z.coerce.number().nonnegative().default(10),
    /**
     * The ramp: rates per client tried in turn, BENCH_RAMP_SECONDS each, for the floor and for Quad,
     * until p99 reaches BENCH_RAMP_P99_MS; the highest rate under it is printed for both, and the
     * ratio. BENCH_RAMP= (empty) leaves the ramp out.
     */
    BENCH_RAMP: z.string().default('0.5,1,1.5,2,2.5,3,3.5,4,5'),
    BENCH_RAMP_SECONDS: z.coerce.number().positive().default(6),
    BENCH_RAMP_P99_MS: z.coerce.number().positive().default(50),
    /** Runs only Quad (no ws relay, no floor): for quick profiling. */
    BENCH_QUAD_ONLY: z.enum(['0', '1']).default('0'),
    /**
     * A/B in one run: another checkout of Quad (its root, with node_modules) whose chat replicas and
     * gateways run as `before` beside this tree's (`quad`), on the same data, at every rate after the
     * floor. See bench/README.md for making one from a commit.
     */
    BENCH_BEFORE_ROOT: z.string().optional(),
    BENCH_HISTORY_MESSAGES: z.coerce.number().int().nonnegative().default(1_000_000),
    BENCH_HISTORY_REQUESTS: z.coerce.number().int().positive().default(500),
    /** Group chats in the group run (0: no group run), members each, messages per second per group. */
    BENCH_GROUPS: z.coerce.number().int().nonnegative().default(100),
    BENCH_GROUP_SIZE: z.coerce.number().int().min(3).max(50).default(20),
    BENCH_GROUP_RATE: z.coerce.number().positive().default(1),
    /** A file to write Quad's [sent at ms, latency ms] pairs to, one per delivered message. */
    BENCH_LATENCY_FILE: z.string().optional(),
  }),
);

const DB_NAME = 'quad_chat_bench';
const COLLEGE = 'bench-college';
const logger = createLogger('bench', 'warn');
const children: ChildProcess[] = [];

type ClientSocket = Socket<ChatServerToClientEvents, ChatClientToServerEvents>;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitReady(url: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (await fetch(`${url}/readyz`).then((r) => r.ok, () => false)) return;
    await sleep(200);
  }
  throw new Error(`${url} not ready in 60 s`);
}

/** BENCH_CPU_PROF=<dir>: each started service writes a V8 CPU profile there when it stops. */
const profileArgs = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
/**
 * BENCH_HEAP_SURVIVORS=<dir>: the services load heap-survivors-preload.cjs, and a third of the way
 * into each of Quad's runs chat A samples what it allocates and still holds (bench/src/heap-survivors.ts).
 */
const heapArgs = process.env.BENCH_HEAP_SURVIVORS ? ['--require', path.join(__dirname, 'heap-survivors-preload.cjs')] : [];
/**
 * BENCH_SERVICE_FLAGS: more node flags for the started services (e.g. `--trace-gc`); their standard
 * output then goes to BENCH_SERVICE_OUTPUT_DIR/<service>-<pid>.log when that is set.
 */
const extraArgs = (process.env.BENCH_SERVICE_FLAGS ?? '').split(' ').filter(Boolean);

/** BENCH_BEFORE_SERVICE_FLAGS: node flags for the `before` system's services only (an A/B of a flag). */
const beforeArgs = (process.env.BENCH_BEFORE_SERVICE_FLAGS ?? '').split(' ').filter(Boolean);

/** Keeps a started process's standard output in BENCH_SERVICE_OUTPUT_DIR/<name>-<pid>.log, when that is set. */
function keepOutput(child: ChildProcess, name: string): void {
  const outputDir = process.env.BENCH_SERVICE_OUTPUT_DIR;
  if (outputDir) child.stdout!.pipe(createWriteStream(path.join(outputDir, `${name}-${child.pid}.log`)));
}

function launch(entry: string, env: Record<string, string>, root = REPO_ROOT, before = false): ChildProcess {
  const child = spawn(process.execPath, [...profileArgs, ...heapArgs, ...extraArgs, ...(before ? beforeArgs : []), '--import', 'tsx', entry], {
    cwd: root,
    // The local infrastructure's settings (as `npm start` passes them), then the bench's own.
    // Services run with the V8 flags every deployment gives them (scripts/dev-env.ts, the image).
    env: { ...infraEnv(DEV_PORTS), ...process.env, NODE_OPTIONS: SERVICE_NODE_OPTIONS, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', process.env.BENCH_SERVICE_OUTPUT_DIR ? 'pipe' : 'ignore', 'inherit'],
  });
  keepOutput(child, entry.split(path.sep)[1]!);
  children.push(child);
  return child;
}

interface Figures {
  name: string;
  /** Messages per second each client was set to send. */
  rate: number;
  sent: number;
  stored: number;
  /** Sends never acknowledged as stored (refused or timed out). */
  unacked: number;
  delivered: number;
  lost: number;
  duplicated: number;
  seconds: number;
  p50: number;
  p99: number;
  /**
   * The slowest 1 % of messages split at the server's stamp (`createdAt`: chat sets it on the sending
   * replica once a send's checks have answered, just before the insert; the floor's relays as they
   * relay): p50 ms before it (client, gateway, the server's receive and checks) and after it (insert,
   * broadcast, the other replica, its gateway, the client). Same clock: one machine.
   */
  tail?: { beforeStamp: number; afterStamp: number };
  /** CPU ms per stored message, by process name (summed over the processes of one name). */
  cpu: Map<string, number>;
  /** Event-loop delay p99 (ms) of each process that reports it, e.g. `chat A`, `gateway B`. */
  loop: Map<string, number>;
  /** The 1-minute load average as the run ended. */
  load: number;
}

const loadAverage = () => os.loadavg()[0]!;

function print(figures: Figures): void {
  const loop = [...figures.loop].map(([name, ms]) => `${name} ${ms.toFixed(1)}`).join('  ');
  console.log(
    `${figures.name.padEnd(10)} ${String(figures.rate).padStart(4)} msg/s/client  ` +
      `stored ${(figures.stored / figures.seconds).toFixed(0).padStart(6)} msg/s  ` +
      `delivered ${(figures.delivered / figures.seconds).toFixed(0).padStart(6)} msg/s  ` +
      `p50 ${figures.p50.toFixed(1)} ms  p99 ${figures.p99.toFixed(1)} ms  lost ${figures.lost}  duplicated ${figures.duplicated}` +
      (figures.unacked > 0 ? `  unacked ${figures.unacked}` : '') +
      `  load ${figures.load.toFixed(2)}` +
      (figures.tail
        ? `\n${''.padEnd(10)} slowest 1 %, p50 ms: until the server stamped it ${figures.tail.beforeStamp.toFixed(0)}, after ${figures.tail.afterStamp.toFixed(0)}`
        : '') +
      (loop ? `\n${''.padEnd(10)} event-loop delay p99 ms: ${loop}` : ''),
  );
}

/**
 * Sends at `rate` messages per second from every client for `seconds`; `send` resolves once the
 * message is acked, with its stored id (null when refused or timed out).
 */
async function drive(
  clients: number,
  rate: number,
  seconds: number,
  send: (from: number, to: number, seq: number) => Promise<string | null>,
): Promise<{ sent: number; stored: number; acked: Set<string>; seconds: number }> {
  const intervalMs = 1000 / rate;
  const half = clients / 2;
  const until = Date.now() + seconds * 1000;
  let sent = 0;
  const acked = new Set<string>();
  const started = Date.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, from) => {
      const to = from < half ? from + half : from - half;
      // Spread the clients' ticks over one interval.
      await sleep(Math.random() * intervalMs);
      let seq = 0;
      const inFlight: Array<Promise<void>> = [];
      while (Date.now() < until) {
        const tick = Date.now();
        seq += 1;
        sent += 1;
        inFlight.push(send(from, to, seq).then((id) => void (id && acked.add(id))));
        await sleep(Math.max(0, intervalMs - (Date.now() - tick)));
      }
      await Promise.all(inFlight);
    }),
  );
  return { sent, stored: acked.size, acked, seconds: (Date.now() - started) / 1000 };
}
/** Counts what arrived: latencies, and ids seen more than once. */
function receiver() {
  const seen = new Set<string>();
  const latencies: number[] = [];
  /** [sent at, latency] per message, in arrival order: for BENCH_LATENCY_FILE. */
  const timeline: Array<[number, number]> = [];
  /** [latency, ms from sending until the server stamped it] per message that carries a stamp. */
  const stamped: Array<[number, number]> = [];
  let duplicated = 0;
  return {
    /** Acked messages that never arrived. */
    lost(acked: Set<string>) {
      return [...acked].filter((id) => !seen.has(id)).length;
    },
    record(id: string, sentAt: number, stampedAt?: number) {
      if (seen.has(id)) {
        duplicated += 1;
        return;
      }
      seen.add(id);
      const latency = Date.now() - sentAt;
      latencies.push(latency);
      timeline.push([sentAt, latency]);
      if (stampedAt !== undefined) stamped.push([latency, stampedAt - sentAt]);
    },
    result() {
      return { delivered: seen.size, duplicated, latencies: latencies.sort((a, b) => a - b), timeline, tail: slowestSplit(stamped) };
    },
  };
}

/** The slowest 1 % of stamped messages: p50 of the time until the stamp and after it. */
function slowestSplit(stamped: Array<[number, number]>): Figures['tail'] {
  if (stamped.length < 100) return undefined;
  const slowest = [...stamped].sort((a, b) => b[0] - a[0]).slice(0, Math.ceil(stamped.length / 100));
  const before = slowest.map(([, until]) => until).sort((a, b) => a - b);
  const after = slowest.map(([latency, until]) => latency - until).sort((a, b) => a - b);
  return { beforeStamp: percentile(before, 50), afterStamp: percentile(after, 50) };
}

/** The bare `ws` relay, in its own process: `{to, payload}` in, `payload` out to `to`'s socket. */
const RELAY_SOURCE = `
const { WebSocketServer } = require('ws');
const sockets = new Map();
const server = new WebSocketServer({ port: Number(process.env.PORT) });
server.on('connection', (socket, request) => {
  const id = new URL(request.url, 'http://x').searchParams.get('id');
  sockets.set(id, socket);
  socket.on('message', (data) => {
    const { to, payload, ackId } = JSON.parse(data.toString());
    sockets.get(to)?.send(JSON.stringify(payload));
    socket.send(JSON.stringify({ ack: ackId }));
  });
});
server.on('listening', () => console.log('ready'));
`;

async function runBaseline(rate: number): Promise<Figures> {
  const port = await freePort();
  const relay = spawn(process.execPath, ['-e', RELAY_SOURCE], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(relay);
  await new Promise<void>((resolve) => relay.stdout!.once('data', () => resolve()));
  const counts = receiver();
  const pendingAcks = new Map<string, () => void>();
  const sockets: WebSocket[] = [];
  for (let i = 0; i < config.BENCH_CLIENTS; i++) {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/?id=${i}`);
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as { ack?: string; id?: string; sentAt?: number };
      if (message.ack) {
        pendingAcks.get(message.ack)?.();
        pendingAcks.delete(message.ack);
      } else if (message.id) counts.record(message.id, message.sentAt!);
    });
    await new Promise((resolve) => socket.once('open', resolve));
    sockets.push(socket);
  }
  const run = await cpuPerMessage([{ name: 'ws relay', pid: relay.pid! }], () =>
    drive(config.BENCH_CLIENTS, rate, config.BENCH_DURATION_SECONDS, (from, to, seq) => {
      const ackId = `${from}-${seq}`;
      return new Promise<string | null>((resolve) => {
        pendingAcks.set(ackId, () => resolve(ackId));
        sockets[from]!.send(JSON.stringify({ to: String(to), ackId, payload: { id: ackId, sentAt: Date.now() } }));
      });
    }),
  );
  await sleep(2000);
  for (const socket of sockets) socket.close();
  relay.kill('SIGTERM');
  const { delivered, duplicated, latencies } = counts.result();
  return {
    name: 'ws relay',
    rate,
    ...run,
    loop: new Map(),
    load: loadAverage(),
    delivered,
    lost: counts.lost(run.acked),
    unacked: run.sent - run.stored,
    duplicated,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

/** CPU seconds a process has used so far; 0 once it is gone. */
const cpuSeconds = (pid: number) => (cpuMicroseconds(pid) ?? 0) / 1e6;

/** The local infrastructure's servers this bench loads, found by their command lines. */
function infraProcesses(): Array<{ name: string; pid: number }> {
  const port = (url: string) => new URL(url).port;
  const wanted: Array<[string, RegExp]> = [
    ['ferretdb', new RegExp(`/ferretdb\\b.*--listen-addr=127\\.0\\.0\\.1:${port(config.MONGO_URL)}\\b`)],
    ['redis', new RegExp(`redis-server.*:${port(config.REDIS_URL)}\\b`)],
    ['nats', new RegExp(`nats-server.*${port(config.NATS_URL)}\\b`)],
  ];
  const found: Array<{ name: string; pid: number }> = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let command = '';
    try {
      command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
    } catch {
      continue;
    }
    const match = wanted.find(([, pattern]) => pattern.test(command));
    if (match) found.push({ name: match[0], pid: Number(entry) });
  }
  return found;
}

/** CPU time each part of the system spends per stored message, measured over `work`: load-independent figures. */
async function cpuPerMessage<T extends { stored: number }>(
  processes: Array<{ name: string; pid: number }>,
  work: () => Promise<T>,
): Promise<T & { cpu: Map<string, number> }> {
  const before = processes.map((entry) => cpuSeconds(entry.pid));
  const benchBefore = process.cpuUsage();
  const result = await work();
  const benchUsed = process.cpuUsage(benchBefore);
  const totals = new Map<string, number>();
  processes.forEach((entry, i) => totals.set(entry.name, (totals.get(entry.name) ?? 0) + cpuSeconds(entry.pid) - before[i]!));
  totals.set('bench clients', (benchUsed.user + benchUsed.system) / 1e6);
  const cpu = new Map([...totals].map(([name, seconds]) => [name, (seconds * 1000) / Math.max(1, result.stored)]));
  console.log(`CPU ms per stored message: ${[...cpu].map(([name, ms]) => `${name} ${ms.toFixed(3)}`).join('  ')}`);
  return { ...result, cpu };
}

/** prom-client's event-loop delay p99 of a process (ms) since its last scrape (each scrape restarts the histogram). */
async function loopDelayP99(metricsUrl: string): Promise<number> {
  const text = await fetch(metricsUrl).then((response) => response.text(), () => '');
  const line = text.split('\n').find((entry) => entry.startsWith('nodejs_eventloop_lag_p99_seconds'));
  return line ? Number(line.split(' ').at(-1)) * 1000 : NaN;
}

/** Scrapes every process's metrics (restarting their histograms) and returns the p99s by name. */
async function loopDelays(endpoints: Array<{ name: string; url: string }>): Promise<Map<string, number>> {
  const values = await Promise.all(endpoints.map((endpoint) => loopDelayP99(endpoint.url)));
  return new Map(endpoints.map((endpoint, i) => [endpoint.name, values[i]!]));
}

interface System {
  processes: Array<{ name: string; pid: number }>;
  /** Where each chat replica's and gateway's /metrics answer. */
  metrics: Array<{ name: string; url: string }>;
  gateways: [string, string];
  tokens: string[];
  userIds: string[];
}

/**
 * A gateway in front of each of two chat endpoints (as a load balancer would spread the clients),
 * with the API limits raised: the bench's clients are not what those limits are for.
 */
async function startGateways(
  chatPorts: [number, number],
  root = REPO_ROOT,
  before = false,
): Promise<{ gateways: [string, string]; processes: System['processes']; metrics: System['metrics'] }> {
  const keys = devKeys();
  const processes: System['processes'] = [];
  const metrics: System['metrics'] = [];
  const urls: string[] = [];
  for (const [i, chat] of chatPorts.entries()) {
    const port = await freePort();
    const internalPort = await freePort();
    metrics.push({ name: `gateway ${'AB'[i]}`, url: `http://127.0.0.1:${internalPort}/metrics` });
    const gateway = launch(path.join('services', 'gateway', 'src', 'index.ts'), {
      JWT_PUBLIC_KEY: keys.publicKey,
      PORT: String(port),
      INTERNAL_PORT: String(internalPort),
      CHAT_URL: `http://127.0.0.1:${chat}`,
      API_RATE_LIMIT_PER_MINUTE: '10000000',
      API_ANONYMOUS_RATE_LIMIT_PER_MINUTE: '10000000',
    }, root, before);
    processes.push({ name: 'gateway', pid: gateway.pid! });
    urls.push(`http://127.0.0.1:${port}`);
  }
  // The gateway's readiness names every service; only chat's routes are used here.
  await Promise.all(urls.map(async (url) => {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && !(await fetch(`${url}/healthz`).then((r) => r.ok, () => false))) await sleep(200);
  }));
  return { gateways: [urls[0]!, urls[1]!], processes, metrics };
}

/** Two chat replicas and a gateway in front of each; N users known to chat. */
async function startSystem(root = REPO_ROOT, dbName = DB_NAME): Promise<System> {
  const before = dbName !== DB_NAME;
  const keys = devKeys();
  const [chatA, chatB] = await Promise.all([freePort(), freePort()]);
  const chatEnv = {
    JWT_PUBLIC_KEY: keys.publicKey,
    // A system of its own database (and so its own Redis namespace and socket.io adapter channel):
    // a `before` system beside this one shares nothing with it.
    DB_NAME: dbName,
    CONSUMER_PREFIX: dbName === DB_NAME ? 'chat-bench' : `chat-bench-${dbName}`,
    // The bench's own rate, not a person's: the per-sender limit is not what is measured.
    MESSAGE_RATE_LIMIT: '100000',
  };
  const processes: System['processes'] = [];
  for (const port of [chatA, chatB]) {
    const child = launch(path.join('services', 'chat', 'src', 'index.ts'), { ...chatEnv, PORT: String(port) }, root, before);
    processes.push({ name: 'chat', pid: child.pid! });
  }
  await Promise.all([waitReady(`http://127.0.0.1:${chatA}`), waitReady(`http://127.0.0.1:${chatB}`)]);
  const { gateways, processes: gatewayProcesses, metrics: gatewayMetrics } = await startGateways([chatA, chatB], root, before);
  processes.push(...gatewayProcesses, ...infraProcesses());
  const metrics = [
    { name: 'chat A', url: `http://127.0.0.1:${chatA}/metrics` },
    { name: 'chat B', url: `http://127.0.0.1:${chatB}/metrics` },
    ...gatewayMetrics,
  ];

  // The users, made as the platform makes them: auth and commerce events.
  const nats = await connectNats(config.NATS_URL, 'bench', logger);
  const publisher = createPublisher(nats.jetstream(), logger);
  const userIds = Array.from({ length: config.BENCH_CLIENTS }, (_, i) => new Types.ObjectId(Buffer.from(`bench${String(i).padStart(7, '0')}`.slice(0, 12))).toHexString());
  const expires = new Date(Date.now() + 365 * 86_400_000).toISOString();
  for (const [i, userId] of userIds.entries()) {
    await publisher.publish('auth.user.registered', {
      userId,
      version: 0,
      firstName: `Bench${i}`,
      lastName: 'User',
      email: `bench${i}@bench.invalid`,
      profileColor: '#3B82F6',
      profileImageUrl: null,
      collegeId: COLLEGE,
      collegeName: 'Bench College',
      collegeInitials: 'BC',
      major: '',
      graduationYear: null,
      isAdmin: false,
    }, `bench-user-${userId}`);
    await publisher.publish('commerce.subscription.updated', { userId, version: 0, subscriptionExpiresAt: expires }, `bench-sub-${userId}`);
  }
  await nats.drain();
  const db = await connectMongo(config.MONGO_URL, dbName, logger);
  const deadline = Date.now() + 120_000;
  for (;;) {
    const known = await db.collection('directory_users').countDocuments({ subscriptionExpiresAt: { $ne: null } });
    if (known >= config.BENCH_CLIENTS) break;
    if (Date.now() > deadline) throw new Error(`only ${known} of ${config.BENCH_CLIENTS} bench users reached chat's directory`);
    await sleep(500);
  }
  await db.close();
  const tokens = userIds.map((userId) => signAccessToken(keys.privateKey, { sub: userId, college: COLLEGE, adm: false }, 3600).token);
  return { processes, metrics, gateways, tokens, userIds };
}

/**
 * The floor under Quad's chat: the same transport (socket.io on `/ws`, websocket only, through the
 * gateway, two replicas sharing rooms through `@socket.io/redis-adapter`, the same events and
 * acks), but each replica only relays: no checks, nothing stored, no Redis writes of its own. What
 * socket.io, the adapter and the gateways cost by themselves on this box.
 */
const FLOOR_SOURCE = `
const { Server } = require('socket.io');
const { createAdapter } = require('@socket.io/redis-adapter');
const Redis = require('ioredis');
const { randomUUID } = require('node:crypto');
const pub = new Redis(process.env.REDIS_URL, { enableAutoPipelining: true });
const sub = new Redis(process.env.REDIS_URL);
const io = new Server(Number(process.env.PORT), {
  path: '/ws', transports: ['websocket'], serveClient: false, cors: { origin: false },
  adapter: createAdapter(pub, sub, { key: process.env.ADAPTER_KEY }),
});
// The bench's own tokens: the user is the token's subject (chat verifies it; the floor has no key).
io.use((socket, next) => {
  try {
    socket.data.userId = JSON.parse(Buffer.from(String(socket.handshake.auth.token).split('.')[1], 'base64url')).sub;
    next();
  } catch (err) { next(err); }
});
io.on('connection', (socket) => {
  const userId = socket.data.userId;
  socket.join('user:' + userId);
  socket.on('message:send', (body, ack) => {
    const message = { id: randomUUID(), chatId: '', senderId: userId, receiverId: body.receiverId, content: body.content,
      createdAt: new Date().toISOString(), isRead: false, clientId: body.clientId ?? null, sender: { firstName: '', lastName: '' } };
    io.to(['user:' + body.receiverId, 'user:' + userId]).except(socket.id).emit('message:new', message);
    ack({ ok: true, message });
  });
});
console.log('ready');
`;

/** Two floor relays (FLOOR_SOURCE) with a gateway in front of each, for the users of `system`. */
async function startFloor(system: System): Promise<System & { stop(): void }> {
  const ports: [number, number] = [await freePort(), await freePort()];
  // One adapter key for both: they must share rooms.
  const adapterKey = `socket.io:bench-floor-${randomUUID()}`;
  const relays = ports.map((port) => {
    // BENCH_SERVICE_FLAGS apply to the relays too, so a GC trace compares like with like.
    const relay = spawn(process.execPath, [...extraArgs, '-e', FLOOR_SOURCE], {
      cwd: REPO_ROOT,
      env: { ...process.env, NODE_OPTIONS: SERVICE_NODE_OPTIONS, PORT: String(port), REDIS_URL: config.REDIS_URL, ADAPTER_KEY: adapterKey },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    keepOutput(relay, 'floor-relay');
    children.push(relay);
    return relay;
  });
  // 'ready' (not the first output: a GC trace may come before it).
  await Promise.all(
    relays.map(
      (relay) =>
        new Promise<void>((resolve) => {
          const onData = (chunk: Buffer) => {
            if (!chunk.toString().includes('ready')) return;
            relay.stdout!.off('data', onData);
            resolve();
          };
          relay.stdout!.on('data', onData);
        }),
    ),
  );
  const { gateways, processes, metrics } = await startGateways(ports);
  return {
    gateways,
    metrics,
    tokens: system.tokens,
    userIds: system.userIds,
    processes: [...relays.map((relay) => ({ name: 'socket.io relay', pid: relay.pid! })), ...processes, ...infraProcesses().filter((entry) => entry.name === 'redis')],
    stop() {
      for (const relay of relays) relay.kill('SIGTERM');
      for (const entry of processes) process.kill(entry.pid, 'SIGTERM');
    },
  };
}

/** N clients connected to a system (floor or Quad), each pair's conversation warmed up; runs at a rate. */
interface Clients {
  run(rate: number, seconds: number): Promise<Figures & { timeline: Array<[number, number]> }>;
  close(): void;
}

async function connectClients(system: System, name: string): Promise<Clients> {
  /** The receiver of each run, by the run's number (a message names its run: a late one still counts for it). */
  const receivers = new Map<number, ReturnType<typeof receiver>>();
  const sockets: ClientSocket[] = [];
  const half = config.BENCH_CLIENTS / 2;
  for (let i = 0; i < config.BENCH_CLIENTS; i++) {
    // The first half on replica A, their partners on replica B.
    const socket: ClientSocket = io(system.gateways[i < half ? 0 : 1], {
      path: '/ws',
      transports: ['websocket'],
      auth: { token: system.tokens[i] },
      reconnection: false,
      forceNew: true,
    });
    socket.on('message:new', (message: ChatMessage) => {
      if (message.receiverId !== system.userIds[i]) return;
      const { sentAt, run } = JSON.parse(message.content) as { sentAt: number; run?: number };
      if (run !== undefined) receivers.get(run)?.record(message.id, sentAt, message.createdAt ? Date.parse(message.createdAt) : undefined);
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    sockets.push(socket);
  }
  // Warm-up, not counted: every pair exchanges one message first, as students who already have a
  // conversation do (its first message stores the conversation), and the services' code is warm.
  const warmUp = Date.now();
  await Promise.all(
    sockets.map((socket, from) => {
      const to = from < half ? from + half : from - half;
      const body = { receiverId: system.userIds[to]!, content: JSON.stringify({ sentAt: Date.now(), warmUp: true }), clientId: randomUUID() };
      return socket.timeout(60_000).emitWithAck('message:send', body).catch(() => undefined);
    }),
  );
  console.log(`${name} warm-up: one message per client (for quad, the conversations are stored), ${((Date.now() - warmUp) / 1000).toFixed(1)} s`);
  await sleep(1000);
  // What the processes spend with the clients connected and nothing sent: work that does not scale
  // with messages (timers, heartbeats) shows here.
  await sleep(2000);
  const idleBefore = system.processes.map((entry) => cpuSeconds(entry.pid));
  await sleep(3000);
  const idle = new Map<string, number>();
  system.processes.forEach((entry, i) => idle.set(entry.name, (idle.get(entry.name) ?? 0) + (cpuSeconds(entry.pid) - idleBefore[i]!) / 3));
  console.log(`${name} idle, clients connected: CPU ms per second: ${[...idle].map(([process, seconds]) => `${process} ${(seconds * 1000).toFixed(0)}`).join('  ')}`);
  let runs = 0;
  return {
    async run(rate, seconds) {
      const runId = ++runs;
      const counts = receiver();
      receivers.set(runId, counts);
      // Restart every process's event-loop histogram, so the next scrape covers this run only.
      await loopDelays(system.metrics);
      console.log(`${name} run ${runId}: ${rate} msg/s per client for ${seconds} s`);
      const chatA = system.processes.find((entry) => entry.name === 'chat');
      const heapSample =
        process.env.BENCH_HEAP_SURVIVORS && name === 'quad' && chatA
          ? setTimeout(() => process.kill(chatA.pid, 'SIGHUP'), (seconds * 1000) / 3)
          : undefined;
      const run = await cpuPerMessage(system.processes, () =>
        drive(config.BENCH_CLIENTS, rate, seconds, (from, to, seq) =>
          new Promise<string | null>((resolve) => {
            const body = { receiverId: system.userIds[to]!, content: JSON.stringify({ run: runId, seq, sentAt: Date.now() }), clientId: randomUUID() };
            sockets[from]!.timeout(30_000).emit('message:send', body, (err: Error | null, result: Ack<{ message: ChatMessage }>) =>
              resolve(!err && result.ok ? result.message.id : null));
          }),
        ),
      );
      clearTimeout(heapSample);
      const loop = await loopDelays(system.metrics);
      const load = loadAverage();
      // Deliveries still on their way count for this run.
      await sleep(2000);
      receivers.delete(runId);
      const { delivered, duplicated, latencies, timeline, tail } = counts.result();
      return {
        name,
        rate,
        timeline,
        ...run,
        loop,
        load,
        delivered,
        lost: counts.lost(run.acked),
        unacked: run.sent - run.stored,
        duplicated,
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        tail,
      };
    },
    close() {
      for (const socket of sockets) socket.disconnect();
    },
  };
}

/** A conversation with BENCH_HISTORY_MESSAGES stored messages; its pages read through the gateway. */
async function runHistory(system: System): Promise<void> {
  const [a, b] = [system.userIds[0]!, system.userIds[1]!];
  const chatId = a < b ? `${a}:${b}` : `${b}:${a}`;
  const db = await connectMongo(config.MONGO_URL, DB_NAME, logger);
  const redis = createRedis(config.REDIS_URL);
  const listKey = `repo:${DB_NAME}:messages:list:chat:${chatId}`;
  try {
    const messages = db.collection('messages');
    const received = (receiverId: string) => `repo:${DB_NAME}:messages:list:chat:${chatId}:to:${receiverId}`;
    const lists = [listKey, received(a), received(b)];
    let stored = await messages.countDocuments({ chatId });
    const indexed = (await redis.exists(`${listKey}:ready`)) === 1 ? await redis.zcard(listKey) : 0;
    if (stored < config.BENCH_HISTORY_MESSAGES || indexed !== stored) {
      // Stored as chat stores a message (the document, then its lists in Redis), only in bulk. The
      // bench's own database is emptied first: finding a million messages by a filter is a scan.
      console.log(`history: storing ${config.BENCH_HISTORY_MESSAGES} messages and their index (once; kept for later runs)…`);
      await messages.drop().catch(() => undefined);
      await redis.del(...lists, ...lists.map((key) => `${key}:ready`));
      const start = Date.now() - config.BENCH_HISTORY_MESSAGES * 1000;
      const batch = 5000;
      stored = 0;
      while (stored < config.BENCH_HISTORY_MESSAGES) {
        const docs = Array.from({ length: Math.min(batch, config.BENCH_HISTORY_MESSAGES - stored) }, (_, i) => {
          const n = stored + i;
          const [senderId, receiverId] = n % 2 === 0 ? [a, b] : [b, a];
          return { _id: new Types.ObjectId(), chatId, senderId, receiverId, content: `history ${n}`, clientId: null, createdAt: new Date(start + n * 1000), version: 0 };
        });
        await messages.insertMany(docs, { ordered: false });
        const pipeline = redis.pipeline();
        for (const doc of docs) {
          const score = doc.createdAt.getTime();
          pipeline.zadd(listKey, score, doc._id.toHexString());
          pipeline.zadd(received(doc.receiverId), score, doc._id.toHexString());
        }
        await pipeline.exec();
        stored += docs.length;
      }
      for (const key of lists) await redis.set(`${key}:ready`, String(Date.now()));
    }
    const auth = { Authorization: `Bearer ${system.tokens[0]}` };
    const page = async (cursor: string | null) => {
      const query = new URLSearchParams({ userId: b, limit: '30', ...(cursor ? { cursor } : {}) });
      const started = performance.now();
      const response = await fetch(`${system.gateways[0]}/api/messages?${query}`, { headers: auth });
      if (!response.ok) throw new Error(`history page: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
      return { ms: performance.now() - started, next: response.headers.get(NEXT_CURSOR_HEADER) };
    };
    const first = await page(null);
    console.log(`history: ${stored} messages; first page ${first.ms.toFixed(0)} ms`);
    // Walk back page by page, then the same pages again: the first pass reads documents from the
    // database (this history was inserted around the repository, so nothing is cached; messages sent
    // through chat are cached as they are stored), the second from the document cache.
    const cursors: Array<string | null> = [null];
    const cold: number[] = [];
    for (let i = 0; i < config.BENCH_HISTORY_REQUESTS; i++) {
      const result = await page(cursors[i]!);
      cold.push(result.ms);
      if (!result.next) break;
      cursors.push(result.next);
    }
    const warm: number[] = [];
    for (const cursor of cursors.slice(0, cold.length)) warm.push((await page(cursor)).ms);
    for (const [label, times] of [['cold', cold], ['warm', warm]] as const) {
      times.sort((x, y) => x - y);
      console.log(`history: ${times.length} pages through the gateway (${label}): p50 ${percentile(times, 50).toFixed(1)} ms  p99 ${percentile(times, 99).toFixed(1)} ms`);
    }
  } finally {
    redis.disconnect();
    await db.close();
  }
}

const parseRates = (list: string) =>
  list
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map(Number)
    .filter((rate) => Number.isFinite(rate) && rate > 0);

/**
 * The ramp: the rates in turn until p99 reaches the limit (or a message is lost); the highest rate
 * per client whose p99 stayed under it, null when even the first did not.
 */
async function ramp(clients: Clients, rates: number[]): Promise<{ highest: number | null; stoppedAt: number | null }> {
  let highest: number | null = null;
  for (const rate of rates) {
    const figures = await clients.run(rate, config.BENCH_RAMP_SECONDS);
    print(figures);
    if (figures.p99 >= config.BENCH_RAMP_P99_MS || figures.lost > 0 || figures.unacked > 0) return { highest, stoppedAt: rate };
    highest = rate;
    await sleep(1000);
  }
  return { highest, stoppedAt: null };
}

/**
 * Group chats: BENCH_GROUPS groups of BENCH_GROUP_SIZE members made from the bench's users (group g
 * takes users g·size … g·size + size − 1, wrapping around, so a user may sit in several), each
 * creator friends with the rest through social's events, created through the gateway. Each group
 * sends BENCH_GROUP_RATE messages/s from a rotating member; a delivery is one (message, member)
 * pair, so lost and duplicated are counted per member.
 */
async function runGroups(system: System): Promise<Figures> {
  const size = Math.min(config.BENCH_GROUP_SIZE, config.BENCH_CLIENTS);
  const n = config.BENCH_CLIENTS;
  const members = Array.from({ length: config.BENCH_GROUPS }, (_, g) => Array.from({ length: size }, (_, j) => (g * size + j) % n));
  const nats = await connectNats(config.NATS_URL, 'bench', logger);
  const publisher = createPublisher(nats.jetstream(), logger);
  const pairs = new Set<string>();
  for (const group of members) {
    const owner = system.userIds[group[0]!]!;
    for (const index of group.slice(1)) {
      const other = system.userIds[index]!;
      const key = [owner, other].sort().join(':');
      if (pairs.has(key)) continue;
      pairs.add(key);
      await publisher.publish('social.friendship.created', { userIds: [owner, other] }, `bench-friend-${key}`);
    }
  }
  await nats.drain();
  const db = await connectMongo(config.MONGO_URL, DB_NAME, logger);
  const deadline = Date.now() + 120_000;
  while ((await db.collection('friendships').countDocuments({ live: true })) < pairs.size) {
    if (Date.now() > deadline) throw new Error('the bench friendships never reached chat');
    await sleep(500);
  }
  await db.close();
  const groupIds: string[] = [];
  for (const group of members) {
    const response = await fetch(`${system.gateways[0]}/api/groups`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${system.tokens[group[0]!]}` },
      body: JSON.stringify({ name: `Bench group ${groupIds.length}`, memberIds: group.slice(1).map((i) => system.userIds[i]) }),
    });
    if (response.status !== 201) throw new Error(`group not created: ${response.status} ${await response.text()}`);
    groupIds.push(((await response.json()) as { id: string }).id);
  }
  // One socket per user in any group, alternately on each replica's gateway.
  const counts = receiver();
  const sockets = new Map<number, ClientSocket>();
  for (const index of new Set(members.flat())) {
    const socket: ClientSocket = io(system.gateways[index % 2]!, { path: '/ws', transports: ['websocket'], auth: { token: system.tokens[index] }, reconnection: false, forceNew: true });
    socket.on('message:new', (message: ChatMessage) => {
      if (!message.groupId) return;
      const { sentAt } = JSON.parse(message.content) as { sentAt: number };
      counts.record(`${message.id}|${index}`, sentAt);
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    sockets.set(index, socket);
  }
  console.log(`groups: ${groupIds.length} groups of ${size}, ${sockets.size} members connected`);
  await sleep(1000);
  // Expected deliveries: every acked message to every member of its group but its sender.
  const expected = new Set<string>();
  let sent = 0;
  let stored = 0;
  const intervalMs = 1000 / config.BENCH_GROUP_RATE;
  const started = Date.now();
  const until = started + config.BENCH_DURATION_SECONDS * 1000;
  const run = await cpuPerMessage(system.processes, async () => {
    await Promise.all(groupIds.map(async (groupId, g) => {
      await sleep(Math.random() * intervalMs);
      const inFlight: Array<Promise<void>> = [];
      for (let seq = 0; Date.now() < until; seq++) {
        const tick = Date.now();
        const from = members[g]![seq % size]!;
        sent += 1;
        const body = { groupId, content: JSON.stringify({ seq, sentAt: Date.now() }), clientId: randomUUID() };
        inFlight.push(new Promise<void>((resolve) => {
          sockets.get(from)!.timeout(30_000).emit('message:send', body, (err: Error | null, result: Ack<{ message: ChatMessage }>) => {
            if (!err && result.ok) {
              stored += 1;
              for (const member of members[g]!) if (member !== from) expected.add(`${result.message.id}|${member}`);
            }
            resolve();
          });
        }));
        await sleep(Math.max(0, intervalMs - (Date.now() - tick)));
      }
      await Promise.all(inFlight);
    }));
    return { stored };
  });
  const seconds = (Date.now() - started) / 1000;
  await sleep(2000);
  for (const socket of sockets.values()) socket.disconnect();
  const { delivered, duplicated, latencies } = counts.result();
  return {
    name: 'groups',
    rate: config.BENCH_GROUP_RATE,
    cpu: run.cpu,
    loop: new Map(),
    load: loadAverage(),
    sent,
    stored: run.stored,
    unacked: sent - run.stored,
    delivered,
    lost: counts.lost(expected),
    duplicated,
    seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

async function main(): Promise<void> {
  const rates = parseRates(config.BENCH_RATES);
  const rampRates = parseRates(config.BENCH_RAMP);
  const quadOnly = config.BENCH_QUAD_ONLY === '1';
  console.log(
    `${config.BENCH_CLIENTS} clients; rates per client ${rates.join(', ')} msg/s, ${config.BENCH_DURATION_SECONDS} s each, floor then Quad; ` +
      `load average ${os.loadavg().map((value) => value.toFixed(2)).join(' ')}`,
  );
  const baseline = quadOnly ? null : await runBaseline(Math.max(...rates));
  if (baseline) print(baseline);
  const system = await startSystem();
  // Both systems stay up (the one not loaded sits idle), each with its own clients connected.
  const floorSystem = quadOnly ? null : await startFloor(system);
  const floorClients = floorSystem ? await connectClients(floorSystem, 'floor') : null;
  const beforeSystem = config.BENCH_BEFORE_ROOT ? await startSystem(path.resolve(config.BENCH_BEFORE_ROOT), `${DB_NAME}_before`) : null;
  const beforeClients = beforeSystem ? await connectClients(beforeSystem, 'before') : null;
  const quadClients = await connectClients(system, 'quad');
  if (config.BENCH_WARMUP_SECONDS > 0) {
    for (const [name, clients] of [['floor', floorClients], ['before', beforeClients], ['quad', quadClients]] as const) {
      if (!clients) continue;
      for (const rate of rates) {
        const warm = await clients.run(rate, config.BENCH_WARMUP_SECONDS);
        console.log(`${name} warming up: ${config.BENCH_WARMUP_SECONDS} s at ${rate} msg/s per client, not counted (p99 ${warm.p99} ms)`);
        await sleep(1000);
      }
    }
  }
  const pairs: Array<{ floor: Figures | null; before: Figures | null; quad: Figures & { timeline: Array<[number, number]> } }> = [];
  for (const rate of rates) {
    const floor = floorClients ? await floorClients.run(rate, config.BENCH_DURATION_SECONDS) : null;
    if (floor) print(floor);
    await sleep(1000);
    const before = beforeClients ? await beforeClients.run(rate, config.BENCH_DURATION_SECONDS) : null;
    if (before) {
      print(before);
      await sleep(1000);
    }
    const quad = await quadClients.run(rate, config.BENCH_DURATION_SECONDS);
    print(quad);
    if (floor) console.log(`ratio (quad / floor) at ${rate} msg/s per client: p99 ${(quad.p99 / floor.p99).toFixed(1)}x`);
    pairs.push({ floor, before, quad });
    await sleep(1000);
  }
  // Where in Quad's run the slow messages were (a start-up burst, or a queue growing throughout).
  if (config.BENCH_LATENCY_FILE) {
    writeFileSync(config.BENCH_LATENCY_FILE, JSON.stringify(Object.fromEntries(pairs.map(({ quad }) => [quad.rate, quad.timeline]))));
  }

  type Ramp = Awaited<ReturnType<typeof ramp>>;
  let rampResult: { floor: Ramp | null; before: Ramp | null; quad: Ramp } | null = null;
  if (rampRates.length > 0) {
    console.log(`\nramp: ${rampRates.join(', ')} msg/s per client, ${config.BENCH_RAMP_SECONDS} s each, until p99 ≥ ${config.BENCH_RAMP_P99_MS} ms`);
    const floor = floorClients ? await ramp(floorClients, rampRates) : null;
    await sleep(2000);
    const before = beforeClients ? await ramp(beforeClients, rampRates) : null;
    if (before) await sleep(2000);
    const quad = await ramp(quadClients, rampRates);
    rampResult = { floor, before, quad };
  }
  floorClients?.close();
  floorSystem?.stop();
  beforeClients?.close();
  quadClients.close();
  const groups = config.BENCH_GROUPS > 0 ? await runGroups(system) : null;
  if (groups) print(groups);

  // The summary: every run's figures side by side, and the targets of issue 19.
  const chatCpu = (figures: Figures) => figures.cpu.get('chat') ?? NaN;
  // What the floor's two relays (the same transport, nothing stored) spent per message in the same
  // run: the part of chat's CPU that any socket.io server on this box pays at that rate.
  const relayCpu = (figures: Figures | null) => (figures ? (figures.cpu.get('socket.io relay') ?? NaN).toFixed(3) : '–');
  const loopList = (figures: Figures | null) => (figures ? [...figures.loop.values()].map((ms) => ms.toFixed(0)).join(', ') : '–');
  console.log('\nsummary (ms; CPU in ms per stored message)');
  console.log(
    'rate/client | load | floor p99 | quad p50 / p99 | quad ÷ floor p99 | chat CPU | floor relays CPU | lost / dup | ' +
      'loop delay p99: floor gateways A, B · quad chat A, B, gateways A, B',
  );
  for (const { floor, before, quad } of pairs) {
    if (before) {
      console.log(
        `${before.rate} before | ${before.load.toFixed(2)} | ${floor ? floor.p99.toFixed(0) : '–'} | ${before.p50.toFixed(0)} / ${before.p99.toFixed(0)} | ` +
          `${floor ? (before.p99 / floor.p99).toFixed(1) : '–'}x | ${chatCpu(before).toFixed(3)} | ${relayCpu(floor)} | ${before.lost} / ${before.duplicated} | ` +
          `${loopList(floor)} · ${loopList(before)}`,
      );
    }
    console.log(
      `${quad.rate} | ${quad.load.toFixed(2)} | ${floor ? floor.p99.toFixed(0) : '–'} | ${quad.p50.toFixed(0)} / ${quad.p99.toFixed(0)} | ` +
        `${floor ? (quad.p99 / floor.p99).toFixed(1) : '–'}x | ${chatCpu(quad).toFixed(3)} | ${relayCpu(floor)} | ${quad.lost} / ${quad.duplicated} | ` +
        `${loopList(floor)} · ${loopList(quad)}`,
    );
  }
  for (const { floor, quad } of pairs) {
    const checks: string[] = [];
    const mark = (ok: boolean) => (ok ? 'met' : 'MISSED');
    if (quad.rate <= 1) {
      checks.push(`p99 < 50 ms ${mark(quad.p99 < 50)}`);
      if (floor) checks.push(`p99 ≤ 3× floor ${mark(quad.p99 <= 3 * floor.p99)}`);
    } else if (floor) {
      checks.push(`p99 ≤ 5× floor ${mark(quad.p99 <= 5 * floor.p99)}`);
    }
    checks.push(`chat CPU ≤ 0.5 ms/msg ${mark(chatCpu(quad) <= 0.5)}${floor ? ` (the floor's relays: ${relayCpu(floor)})` : ''}`);
    checks.push(`0 lost / 0 dup ${mark(quad.lost === 0 && quad.duplicated === 0)}`);
    console.log(`targets at ${quad.rate} msg/s per client: ${checks.join(', ')}`);
  }
  if (rampResult) {
    const describe = (result: { highest: number | null; stoppedAt: number | null }) =>
      `${result.highest ?? '< ' + rampRates[0]} msg/s per client${result.stoppedAt === null ? ' (or more: every rate stayed under)' : ` (p99 passed at ${result.stoppedAt})`}`;
    console.log(`highest rate with p99 < ${config.BENCH_RAMP_P99_MS} ms: quad ${describe(rampResult.quad)}`);
    if (rampResult.before) console.log(`highest rate with p99 < ${config.BENCH_RAMP_P99_MS} ms: before ${describe(rampResult.before)}`);
    if (rampResult.floor) {
      console.log(`highest rate with p99 < ${config.BENCH_RAMP_P99_MS} ms: floor ${describe(rampResult.floor)}`);
      const ratio = (rampResult.quad.highest ?? 0) / (rampResult.floor.highest ?? NaN);
      console.log(`ratio quad / floor: ${ratio.toFixed(2)} (target ≥ 0.6: ${ratio >= 0.6 ? 'met' : 'MISSED'})`);
    }
  }
  if (baseline) {
    const top = pairs.at(-1)!.quad;
    console.log(`ratio (quad / ws relay, at ${top.rate} msg/s per client): delivered ${(top.delivered / top.seconds / (baseline.delivered / baseline.seconds)).toFixed(2)}  p99 ${(top.p99 / baseline.p99).toFixed(1)}x`);
  }
  if (config.BENCH_HISTORY_MESSAGES > 0) await runHistory(system);
  const failed = pairs.filter(({ quad }) => quad.lost !== 0 || quad.duplicated !== 0);
  for (const { quad } of failed) console.error(`FAILED at ${quad.rate} msg/s per client: ${quad.lost} lost, ${quad.duplicated} duplicated`);
  if (groups && (groups.lost !== 0 || groups.duplicated !== 0)) console.error(`FAILED (groups): ${groups.lost} lost, ${groups.duplicated} duplicated`);
  if (failed.length > 0 || (groups && (groups.lost !== 0 || groups.duplicated !== 0))) process.exitCode = 1;
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    setTimeout(() => process.exit(), 2000).unref();
  });
