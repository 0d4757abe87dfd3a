/**
 * Health probes: each one proves the server really serves its protocol, not merely that a port is
 * open (FerretDB opens its port before its backend is ready; NATS answers without JetStream if
 * `-js` was lost; MinIO's port answers long before its object layer is up).
 *
 * Every probe resolves on success and rejects with a short reason otherwise; none retries on its
 * own — the caller polls.
 */
import net from 'node:net';
import Redis from 'ioredis';
import { Client as MinioClient } from 'minio';
import { MongoClient } from 'mongodb';
import { connect as natsConnect } from 'nats';

/** Per-attempt budget: short, because the caller polls many times. */
const PROBE_TIMEOUT_MS = 2_000;

export async function probeMongo(port: number): Promise<void> {
  const client = new MongoClient(`mongodb://127.0.0.1:${port}`, {
    serverSelectionTimeoutMS: PROBE_TIMEOUT_MS,
    connectTimeoutMS: PROBE_TIMEOUT_MS,
    socketTimeoutMS: PROBE_TIMEOUT_MS,
    directConnection: true,
  });
  try {
    await client.connect();
    const res = await client.db('admin').command({ ping: 1 });
    if (res.ok !== 1) throw new Error(`ping answered ${JSON.stringify(res)}`);
  } finally {
    await client.close(true).catch(() => {});
  }
}

/** Connects and reads the JetStream account info, which fails if JetStream is not enabled. */
export async function probeNats(port: number): Promise<void> {
  const nc = await natsConnect({
    servers: `nats://127.0.0.1:${port}`,
    timeout: PROBE_TIMEOUT_MS,
    reconnect: false,
    maxReconnectAttempts: 0,
  });
  try {
    const jsm = await nc.jetstreamManager({ timeout: PROBE_TIMEOUT_MS });
    await jsm.getAccountInfo();
  } finally {
    await nc.close().catch(() => {});
  }
}

export async function probeRedis(port: number): Promise<void> {
  const redis = new Redis({
    host: '127.0.0.1',
    port,
    lazyConnect: true,
    connectTimeout: PROBE_TIMEOUT_MS,
    commandTimeout: PROBE_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null, // one attempt; the caller polls
  });
  redis.on('error', () => {}); // reported through the rejected promise, not as an unhandled event
  try {
    await redis.connect();
    const pong = await redis.ping();
    if (pong !== 'PONG') throw new Error(`PING answered ${pong}`);
  } finally {
    redis.disconnect();
  }
}

/**
 * MinIO's liveness endpoint, then one authenticated S3 call (listBuckets) so that wrong root
 * credentials — say an old data dir initialised with other ones — show up here rather than in a test.
 */
export async function probeMinio(
  port: number,
  credentials: { accessKey: string; secretKey: string },
): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${port}/minio/health/live`, {
    signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
  });
  if (res.status !== 200) throw new Error(`/minio/health/live answered HTTP ${res.status}`);
  const s3 = new MinioClient({ endPoint: '127.0.0.1', port, useSSL: false, ...credentials });
  await withTimeout(s3.listBuckets(), 'S3 listBuckets');
}

/** Reads the SMTP greeting on a raw socket: a `220` line means the catcher accepts mail. */
export function probeSmtp(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    let buffer = '';
    const done = (err?: Error) => {
      socket.removeAllListeners();
      socket.on('error', () => {});
      if (err) {
        socket.destroy();
        reject(err);
      } else {
        socket.end('QUIT\r\n');
        resolve();
      }
    };
    socket.setTimeout(PROBE_TIMEOUT_MS, () => done(new Error('no SMTP greeting within timeout')));
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      if (!buffer.includes('\n')) return;
      if (buffer.startsWith('220')) done();
      else done(new Error(`unexpected SMTP greeting: ${buffer.trim()}`));
    });
    socket.on('error', done);
    socket.on('close', () => done(new Error('connection closed before the SMTP greeting')));
  });
}

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out`)), PROBE_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
