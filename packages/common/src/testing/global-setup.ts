import { generateKeyPairSync } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { TEST_PORTS, down, infraEnv, up } from '@quad/infra-local';

export const TEST_INFRA_DIR = path.resolve(__dirname, '../../../../.infra/test');

/**
 * Starts the real infrastructure (FerretDB, NATS JetStream, Redis, MinIO, SMTP catcher) on
 * test-only ports with a fresh data dir, and shares addresses and a throw-away ES256 key pair
 * with every test worker through the environment.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.QUAD_TEST_INFRA_STARTED === '1') return; // another project's setup did it
  const started = Date.now();
  const log = (line: string) => process.stderr.write(`[test infra] ${line}\n`);
  await down({ rootDir: TEST_INFRA_DIR, log: () => undefined });
  await rm(path.join(TEST_INFRA_DIR, 'data'), { recursive: true, force: true });
  await up({ rootDir: TEST_INFRA_DIR, ports: TEST_PORTS, log });
  const { publicKey, privateKey } = generateKeyPairSync('ec', {
    namedCurve: 'P-256',
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  Object.assign(process.env, infraEnv(TEST_PORTS), {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_PUBLIC_KEY: publicKey,
    JWT_PRIVATE_KEY: privateKey,
    TEST_JWT_PRIVATE_KEY: privateKey,
    QUAD_TEST_INFRA_STARTED: '1',
    QUAD_TEST_INFRA_DIR: TEST_INFRA_DIR,
  });
  log(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
