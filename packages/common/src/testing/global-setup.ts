import { generateKeyPairSync } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { type InfraPorts, TEST_PORTS, infraEnv, portFree, up } from '@quad/infra-local';
import { GUARDED_STATES, markRestored } from '../guarded-state';
import { createRedis } from '../redis';

const TEST_INFRA_ROOT = path.resolve(__dirname, '../../../../.infra');

/**
 * The test ports, shifted by steps of 100 until every one is free, so two test runs on one
 * machine (two developers' terminals, or CI beside a dev session) never share or stop each
 * other's servers.
 */
async function freeTestPorts(): Promise<InfraPorts> {
  for (let offset = 0; offset < 2000; offset += 100) {
    const ports = Object.fromEntries(Object.entries(TEST_PORTS).map(([k, v]) => [k, v + offset])) as unknown as InfraPorts;
    const free = await Promise.all(Object.values(ports).map(portFree));
    if (free.every(Boolean)) return ports;
  }
  throw new Error('no free block of test ports found');
}

/**
 * Starts the real infrastructure (FerretDB, NATS JetStream, Redis, MinIO, SMTP catcher) on
 * test-only ports with a throw-away data dir, and shares addresses and a throw-away ES256 key
 * pair with every test worker through the environment. With TEST_INFRA=docker the servers are
 * the official images instead (./docker-infra.ts), stopped again by the global teardown.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.QUAD_TEST_INFRA_STARTED === '1') return; // another project's setup did it
  const started = Date.now();
  const log = (line: string) => process.stderr.write(`[test infra] ${line}\n`);
  const infra = process.env.TEST_INFRA === 'docker' ? await startOfficialImages(log) : await startLocalInfra(log);
  const { publicKey, privateKey } = generateKeyPairSync('ec', {
    namedCurve: 'P-256',
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  Object.assign(process.env, infra.env, {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    // Each test file's consumers take only what is published after they start (see EVENTS_REPLAY).
    EVENTS_REPLAY: 'new',
    JWT_PUBLIC_KEY: publicKey,
    JWT_PRIVATE_KEY: privateKey,
    TEST_JWT_PRIVATE_KEY: privateKey,
    QUAD_TEST_INFRA_STARTED: '1',
    QUAD_TEST_PORTS: JSON.stringify(infra.ports),
  });
  await markTestRedisRestored(infra.env.REDIS_URL!);
  log(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s (mongo port ${infra.ports.mongo})`);
}

/**
 * The test Redis starts empty with no bans or revoked tokens to restore; the marks say so, as
 * moderation and auth write them when they start (guarded-state.ts), so that test apps without
 * those services accept tokens.
 */
async function markTestRedisRestored(url: string): Promise<void> {
  const redis = createRedis(url);
  try {
    for (const state of GUARDED_STATES) await markRestored(redis, state);
  } finally {
    redis.disconnect();
  }
}

/** infra/local's binaries; the global teardown stops them through QUAD_TEST_INFRA_DIR. */
async function startLocalInfra(log: (line: string) => void): Promise<{ env: Record<string, string>; ports: InfraPorts }> {
  const ports = await freeTestPorts();
  const rootDir = path.join(TEST_INFRA_ROOT, `test-${ports.mongo}`);
  await rm(rootDir, { recursive: true, force: true });
  await up({ rootDir, ports, log });
  return { env: { ...infraEnv(ports), QUAD_TEST_INFRA_DIR: rootDir }, ports };
}

/** The containers, for the global teardown (jest runs both hooks in one process). */
async function startOfficialImages(log: (line: string) => void): Promise<{ env: Record<string, string>; ports: InfraPorts }> {
  const { startDockerInfra: start } = await import('./docker-infra');
  const infra = await start(log);
  (globalThis as { quadDockerInfra?: { stop(): Promise<void> } }).quadDockerInfra = infra;
  return infra;
}
