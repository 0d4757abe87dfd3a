/**
 * Checks the running test infrastructure that the server project's global setup started
 * (packages/common/src/testing/global-setup.ts exports its rootDir as QUAD_TEST_INFRA_DIR), and that
 * the module's idempotence and port-conflict rules hold against it.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Redis from 'ioredis';
import { Client as MinioClient } from 'minio';
import { MongoClient } from 'mongodb';
import { connect as natsConnect, StringCodec } from 'nats';
import {
  INFRA_NAMES,
  MINIO_CREDENTIALS,
  TEST_PORTS,
  down,
  infraEnv,
  status,
  up,
  type InfraPorts,
} from '../src';

function testInfraDir(): string {
  const dir = process.env.QUAD_TEST_INFRA_DIR;
  if (!dir) {
    throw new Error(
      'QUAD_TEST_INFRA_DIR is not set: run through the server project (its global setup starts the infra)',
    );
  }
  return dir;
}

/** The global setup shifts TEST_PORTS by a free offset and publishes the result as QUAD_TEST_PORTS. */
const ports: InfraPorts = process.env.QUAD_TEST_PORTS
  ? (JSON.parse(process.env.QUAD_TEST_PORTS) as InfraPorts)
  : TEST_PORTS;

const suffix = randomBytes(4).toString('hex');

describe('local infrastructure', () => {
  it('status() reports every component running and healthy on the test ports', async () => {
    const result = await status({ rootDir: testInfraDir(), ports });
    for (const name of INFRA_NAMES) {
      expect({ name, ...result[name] }).toEqual({
        name,
        pid: expect.any(Number),
        running: true,
        healthy: true,
        port: ports[name],
      });
    }
  });

  it('a second up() leaves the running servers alone and returns fast', async () => {
    const rootDir = testInfraDir();
    const pidsBefore = fs.readFileSync(path.join(rootDir, 'pids.json'), 'utf8');
    const lines: string[] = [];
    const started = Date.now();
    await up({ rootDir, ports, log: (line) => lines.push(line) });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(fs.readFileSync(path.join(rootDir, 'pids.json'), 'utf8')).toBe(pidsBefore);
    expect(lines.filter((l) => l.includes('already running'))).toHaveLength(INFRA_NAMES.length);
  });

  it('refuses ports held by processes it did not start, and starts nothing', async () => {
    // A fresh rootDir whose pids.json knows nothing: every test port belongs to "someone else".
    const rootDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quad-infra-conflict-'));
    try {
      const error = await up({ rootDir, ports }).then(
        () => undefined,
        (err: Error) => err,
      );
      expect(error?.message).toContain(
        `mongo (FerretDB): port ${ports.mongo} on 127.0.0.1 is already in use by`,
      );
      expect(error?.message).toContain('not one of ours');
      expect(error?.message).toContain(`port ${ports.smtp}`);
      const pidFile = path.join(rootDir, 'pids.json');
      expect(fs.existsSync(pidFile) ? JSON.parse(fs.readFileSync(pidFile, 'utf8')) : {}).toEqual({});
      await down({ rootDir }); // nothing recorded: must not touch the running test servers
      const result = await status({ rootDir: testInfraDir(), ports });
      expect(INFRA_NAMES.every((n) => result[n].running && result[n].healthy)).toBe(true);
    } finally {
      fs.rmSync(rootDir, { recursive: true, force: true });
    }
  });

  it('infraEnv() describes the given ports', () => {
    expect(infraEnv(TEST_PORTS)).toEqual({
      MONGO_URL: 'mongodb://127.0.0.1:37017',
      NATS_URL: 'nats://127.0.0.1:34222',
      REDIS_URL: 'redis://127.0.0.1:36379',
      S3_ENDPOINT: '127.0.0.1',
      S3_PORT: '39000',
      S3_USE_SSL: 'false',
      S3_ACCESS_KEY: MINIO_CREDENTIALS.accessKey,
      S3_SECRET_KEY: MINIO_CREDENTIALS.secretKey,
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: '31025',
      SMTP_WEB_PORT: '31080',
    });
  });

  describe('each server does real work', () => {
    it('mongo (FerretDB) stores and finds a document through a unique index', async () => {
      const client = await new MongoClient(`mongodb://127.0.0.1:${ports.mongo}`).connect();
      const db = client.db(`infra_${suffix}`);
      try {
        const things = db.collection<{ key: string; n: number }>('things');
        await things.createIndex({ key: 1 }, { unique: true });
        await things.insertOne({ key: 'a', n: 1 });
        await expect(things.insertOne({ key: 'a', n: 2 })).rejects.toMatchObject({ code: 11000 });
        await things.updateOne({ key: 'a' }, { $inc: { n: 1 } });
        expect(await things.findOne({ key: 'a' }, { projection: { _id: 0 } })).toEqual({ key: 'a', n: 2 });
      } finally {
        await db.dropDatabase().catch(() => undefined);
        await client.close();
      }
    });

    it('nats persists a message in a JetStream stream', async () => {
      const nc = await natsConnect({ servers: `nats://127.0.0.1:${ports.nats}` });
      const stream = `INFRA_${suffix}`;
      try {
        const jsm = await nc.jetstreamManager();
        await jsm.streams.add({ name: stream, subjects: [`infra.${suffix}.>`] });
        const ack = await nc.jetstream().publish(`infra.${suffix}.hello`, StringCodec().encode('hi'));
        expect(ack.stream).toBe(stream);
        const msg = await jsm.streams.getMessage(stream, { seq: ack.seq });
        expect(StringCodec().decode(msg.data)).toBe('hi');
        await jsm.streams.delete(stream);
      } finally {
        await nc.close();
      }
    });

    it('redis sets and gets', async () => {
      const redis = new Redis(ports.redis, '127.0.0.1');
      try {
        await redis.set(`infra:${suffix}`, 'v', 'EX', 60);
        expect(await redis.get(`infra:${suffix}`)).toBe('v');
        await redis.del(`infra:${suffix}`);
      } finally {
        redis.disconnect();
      }
    });

    it('minio stores and returns an object', async () => {
      const s3 = new MinioClient({
        endPoint: '127.0.0.1',
        port: ports.minio,
        useSSL: false,
        ...MINIO_CREDENTIALS,
      });
      const bucket = `infra-${suffix}`;
      await s3.makeBucket(bucket);
      try {
        await s3.putObject(bucket, 'hello.txt', Buffer.from('hello'));
        const chunks: Buffer[] = [];
        for await (const chunk of await s3.getObject(bucket, 'hello.txt')) chunks.push(chunk as Buffer);
        expect(Buffer.concat(chunks).toString()).toBe('hello');
      } finally {
        await s3.removeObject(bucket, 'hello.txt').catch(() => undefined);
        await s3.removeBucket(bucket);
      }
    });

    it('the SMTP catcher accepts a mail and shows it on its web API', async () => {
      const to = `infra-${suffix}@example.test`;
      await sendRawMail(ports.smtp, to, `To: <${to}>\r\nSubject: infra ${suffix}\r\n\r\nhello\r\n`);
      const res = await fetch(`http://127.0.0.1:${ports.smtpWeb}/email`);
      const mails = (await res.json()) as { subject?: string; to?: { address: string }[] }[];
      expect(mails.some((m) => m.subject === `infra ${suffix}` && m.to?.some((t) => t.address === to))).toBe(
        true,
      );
    });
  });
});

/** A minimal SMTP client dialogue: each command waits for the server's reply line first. */
function sendRawMail(port: number, to: string, message: string): Promise<void> {
  const steps = [
    'EHLO infra.test',
    'MAIL FROM:<infra@example.test>',
    `RCPT TO:<${to}>`,
    'DATA',
    `${message}.`,
    'QUIT',
  ];
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    let buffer = '';
    socket.setEncoding('utf8');
    socket.setTimeout(5_000, () => socket.destroy(new Error('SMTP dialogue timed out')));
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      // Wait for a complete final reply line ("250 ok", not the "250-…" continuation lines).
      const lines = buffer.split('\r\n').filter(Boolean);
      const last = lines[lines.length - 1];
      if (!buffer.endsWith('\r\n') || !last || last[3] === '-') return;
      buffer = '';
      if (!/^[23]/.test(last)) return socket.destroy(new Error(`SMTP error: ${last}`));
      const next = steps.shift();
      if (next === undefined) return socket.end();
      socket.write(`${next}\r\n`);
    });
    socket.on('error', reject);
    socket.on('close', () =>
      steps.length === 0 ? resolve() : reject(new Error('SMTP connection closed early')),
    );
  });
}
