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
 *   Then groups: BENCH_GROUPS group chats (100) of BENCH_GROUP_SIZE members (20) made from the same
 *   clients (each group's creator friends with the rest, through social's events, then POST
 *   /api/groups), members spread over both replicas, each group sending BENCH_GROUP_RATE messages/s
 *   (1) from a rotating member: every message stored once and delivered to every other member
 *   through the group's room; p50/p99 per delivery, lost and duplicated per (message, member).
 *   3. history: one conversation with BENCH_HISTORY_MESSAGES stored messages (1,000,000 by
 *      default; inserted once in bulk, documents into the chat database and their list index into
 *      Redis as chat would have written them, kept for later runs), then BENCH_HISTORY_REQUESTS
 *      pages through the gateway walking back from the newest, twice: p50/p99 with the documents
 *      read from the database by `_id` (cold), then from the document cache (warm).
 *
 *   npm run bench -- chat      (with the infrastructure up: `npm start` or `npm run infra:up`)
 *
 * The bench starts its own chat replicas and gateways on free ports, on the database
 * `quad_chat_bench`, and makes its users by the events auth and commerce publish (tokens signed
 * with the local dev key in .infra/keys), so it leaves the demo data alone.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
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
    /** Messages per second each client sends to its partner. */
    BENCH_RATE_PER_CLIENT: z.coerce.number().positive().default(2),
    BENCH_DURATION_SECONDS: z.coerce.number().positive().default(10),
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

function launch(entry: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, [...profileArgs, '--import', 'tsx', entry], {
    cwd: REPO_ROOT,
    // The local infrastructure's settings (as `npm start` passes them), then the bench's own.
    // Services run with the V8 flags every deployment gives them (scripts/dev-env.ts, the image).
    env: { ...infraEnv(DEV_PORTS), ...process.env, NODE_OPTIONS: SERVICE_NODE_OPTIONS, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
}

interface Figures {
  name: string;
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
}

function print(figures: Figures): void {
  console.log(
    `${figures.name.padEnd(10)} stored ${(figures.stored / figures.seconds).toFixed(0).padStart(6)} msg/s  ` +
      `delivered ${(figures.delivered / figures.seconds).toFixed(0).padStart(6)} msg/s  ` +
      `p50 ${figures.p50.toFixed(1)} ms  p99 ${figures.p99.toFixed(1)} ms  lost ${figures.lost}  duplicated ${figures.duplicated}` +
      (figures.unacked > 0 ? `  unacked ${figures.unacked}` : ''),
  );
}

/**
 * Sends at the set rate from every client for the duration; `send` resolves once the message is
 * acked, with its stored id (null when refused or timed out).
 */
async function drive(
  clients: number,
  send: (from: number, to: number, seq: number) => Promise<string | null>,
): Promise<{ sent: number; stored: number; acked: Set<string>; seconds: number }> {
  const intervalMs = 1000 / config.BENCH_RATE_PER_CLIENT;
  const half = clients / 2;
  const until = Date.now() + config.BENCH_DURATION_SECONDS * 1000;
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
  let duplicated = 0;
  return {
    /** Acked messages that never arrived. */
    lost(acked: Set<string>) {
      return [...acked].filter((id) => !seen.has(id)).length;
    },
    record(id: string, sentAt: number) {
      if (seen.has(id)) {
        duplicated += 1;
        return;
      }
      seen.add(id);
      latencies.push(Date.now() - sentAt);
      timeline.push([sentAt, Date.now() - sentAt]);
    },
    result() {
      return { delivered: seen.size, duplicated, latencies: latencies.sort((a, b) => a - b), timeline };
    },
  };
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

async function runBaseline(): Promise<Figures> {
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
    drive(config.BENCH_CLIENTS, (from, to, seq) => {
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
    ...run,
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
  const wanted: Array<[string, RegExp]> = [
    ['ferretdb', /\/ferretdb\b.*--listen-addr=127\.0\.0\.1:27017/],
    ['redis', /redis-server.*:6379/],
    ['nats', /nats-server.*4222/],
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
): Promise<T> {
  const before = processes.map((entry) => cpuSeconds(entry.pid));
  const benchBefore = process.cpuUsage();
  const result = await work();
  const benchUsed = process.cpuUsage(benchBefore);
  const totals = new Map<string, number>();
  processes.forEach((entry, i) => totals.set(entry.name, (totals.get(entry.name) ?? 0) + cpuSeconds(entry.pid) - before[i]!));
  totals.set('bench clients', (benchUsed.user + benchUsed.system) / 1e6);
  const perMessage = [...totals].map(([name, seconds]) => `${name} ${((seconds * 1000) / Math.max(1, result.stored)).toFixed(3)}`);
  console.log(`CPU ms per stored message: ${perMessage.join('  ')}`);
  return result;
}

interface System {
  processes: Array<{ name: string; pid: number }>;
  gateways: [string, string];
  tokens: string[];
  userIds: string[];
}

/**
 * A gateway in front of each of two chat endpoints (as a load balancer would spread the clients),
 * with the API limits raised: the bench's clients are not what those limits are for.
 */
async function startGateways(chatPorts: [number, number]): Promise<{ gateways: [string, string]; processes: System['processes'] }> {
  const keys = devKeys();
  const processes: System['processes'] = [];
  const urls: string[] = [];
  for (const chat of chatPorts) {
    const port = await freePort();
    const gateway = launch(path.join('services', 'gateway', 'src', 'index.ts'), {
      JWT_PUBLIC_KEY: keys.publicKey,
      PORT: String(port),
      CHAT_URL: `http://127.0.0.1:${chat}`,
      API_RATE_LIMIT_PER_MINUTE: '10000000',
      API_ANONYMOUS_RATE_LIMIT_PER_MINUTE: '10000000',
    });
    processes.push({ name: 'gateway', pid: gateway.pid! });
    urls.push(`http://127.0.0.1:${port}`);
  }
  // The gateway's readiness names every service; only chat's routes are used here.
  await Promise.all(urls.map(async (url) => {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && !(await fetch(`${url}/healthz`).then((r) => r.ok, () => false))) await sleep(200);
  }));
  return { gateways: [urls[0]!, urls[1]!], processes };
}

/** Two chat replicas and a gateway in front of each; N users known to chat. */
async function startSystem(): Promise<System> {
  const keys = devKeys();
  const [chatA, chatB] = await Promise.all([freePort(), freePort()]);
  const chatEnv = {
    JWT_PUBLIC_KEY: keys.publicKey,
    DB_NAME,
    CONSUMER_PREFIX: 'chat-bench',
    // The bench's own rate, not a person's: the per-sender limit is not what is measured.
    MESSAGE_RATE_LIMIT: '100000',
  };
  const processes: System['processes'] = [];
  for (const port of [chatA, chatB]) {
    const child = launch(path.join('services', 'chat', 'src', 'index.ts'), { ...chatEnv, PORT: String(port) });
    processes.push({ name: 'chat', pid: child.pid! });
  }
  await Promise.all([waitReady(`http://127.0.0.1:${chatA}`), waitReady(`http://127.0.0.1:${chatB}`)]);
  const { gateways, processes: gatewayProcesses } = await startGateways([chatA, chatB]);
  processes.push(...gatewayProcesses, ...infraProcesses());

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
  const db = await connectMongo(config.MONGO_URL, DB_NAME, logger);
  const deadline = Date.now() + 120_000;
  for (;;) {
    const known = await db.collection('directory_users').countDocuments({ subscriptionExpiresAt: { $ne: null } });
    if (known >= config.BENCH_CLIENTS) break;
    if (Date.now() > deadline) throw new Error(`only ${known} of ${config.BENCH_CLIENTS} bench users reached chat's directory`);
    await sleep(500);
  }
  await db.close();
  const tokens = userIds.map((userId) => signAccessToken(keys.privateKey, { sub: userId, college: COLLEGE, adm: false }, 3600).token);
  return { processes, gateways, tokens, userIds };
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
    const relay = spawn(process.execPath, ['-e', FLOOR_SOURCE], {
      cwd: REPO_ROOT,
      env: { ...process.env, NODE_OPTIONS: SERVICE_NODE_OPTIONS, PORT: String(port), REDIS_URL: config.REDIS_URL, ADAPTER_KEY: adapterKey },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(relay);
    return relay;
  });
  await Promise.all(relays.map((relay) => new Promise<void>((resolve) => relay.stdout!.once('data', () => resolve()))));
  const { gateways, processes } = await startGateways(ports);
  return {
    gateways,
    tokens: system.tokens,
    userIds: system.userIds,
    processes: [...relays.map((relay) => ({ name: 'socket.io relay', pid: relay.pid! })), ...processes, ...infraProcesses().filter((entry) => entry.name === 'redis')],
    stop() {
      for (const relay of relays) relay.kill('SIGTERM');
      for (const entry of processes) process.kill(entry.pid, 'SIGTERM');
    },
  };
}

async function runClients(system: System, name: string): Promise<Figures & { timeline: Array<[number, number]> }> {
  const counts = receiver();
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
      const { sentAt, warmUp } = JSON.parse(message.content) as { sentAt: number; warmUp?: boolean };
      if (!warmUp) counts.record(message.id, sentAt);
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
  const run = await cpuPerMessage(system.processes, () => drive(config.BENCH_CLIENTS, (from, to, seq) =>
    new Promise<string | null>((resolve) => {
      const body = { receiverId: system.userIds[to]!, content: JSON.stringify({ seq, sentAt: Date.now() }), clientId: randomUUID() };
      sockets[from]!.timeout(30_000).emit('message:send', body, (err: Error | null, result: Ack<{ message: ChatMessage }>) =>
        resolve(!err && result.ok ? result.message.id : null));
    }),
  ));
  await sleep(2000);
  for (const socket of sockets) socket.disconnect();
  const { delivered, duplicated, latencies, timeline } = counts.result();
  return {
    name,
    timeline,
    ...run,
    delivered,
    lost: counts.lost(run.acked),
    unacked: run.sent - run.stored,
    duplicated,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
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
  console.log(`${config.BENCH_CLIENTS} clients, ${config.BENCH_RATE_PER_CLIENT} msg/s each, ${config.BENCH_DURATION_SECONDS} s`);
  const baseline = await runBaseline();
  print(baseline);
  const system = await startSystem();
  // The floor first, while chat's replicas are idle; it stops before Quad's run.
  const floorSystem = await startFloor(system);
  const floor = await runClients(floorSystem, 'floor');
  floorSystem.stop();
  print(floor);
  await sleep(1000);
  const quad = await runClients(system, 'quad');
  print(quad);
  // Where in Quad's run the slow messages were (a start-up burst, or a queue growing throughout).
  if (config.BENCH_LATENCY_FILE) writeFileSync(config.BENCH_LATENCY_FILE, JSON.stringify(quad.timeline));
  const rate = (figures: Figures) => figures.delivered / figures.seconds;
  console.log(
    `ratio (quad / ws relay): delivered ${(rate(quad) / rate(baseline)).toFixed(2)}  p99 ${(quad.p99 / baseline.p99).toFixed(1)}x\n` +
      `ratio (quad / floor: socket.io, the adapter and the gateways, storing nothing): delivered ${(rate(quad) / rate(floor)).toFixed(2)}  ` +
      `p99 ${(quad.p99 / floor.p99).toFixed(1)}x`,
  );
  const groups = config.BENCH_GROUPS > 0 ? await runGroups(system) : null;
  if (groups) print(groups);
  if (config.BENCH_HISTORY_MESSAGES > 0) await runHistory(system);
  for (const run of [quad, groups]) {
    if (run && (run.lost !== 0 || run.duplicated !== 0)) {
      console.error(`FAILED (${run.name}): ${run.lost} lost, ${run.duplicated} duplicated`);
      process.exitCode = 1;
    }
  }
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
