import { randomBytes } from 'node:crypto';
export * from './balancer';
export * from './service-process';
export * from './test-servers';
import { type BaseConfig, baseConfigSchema, loadConfig, s3ConfigSchema } from '../config';
import { createLogger } from '../logger';
import { runtimeRedisKeys } from './events';
import { type ServiceRuntime, createRuntime } from '../runtime';

/**
 * Test helpers. The global setup (global-setup.ts) starts the real infrastructure on test ports
 * and exports its addresses and a throw-away signing key pair through the environment.
 */

/** A name unique to this test file's run, for databases, durables and buckets. */
export function uniqueName(prefix: string): string {
  return `${prefix}_${randomBytes(4).toString('hex')}`;
}

export const testConfigSchema = baseConfigSchema.extend(s3ConfigSchema.shape);
export type TestConfig = ReturnType<typeof testConfig>;

export function testConfig() {
  return loadConfig(testConfigSchema);
}

/**
 * A real runtime (MongoDB, NATS, Redis) on its own database and consumer names. Pass the
 * service's own config (loaded from process.env plus overrides) when it needs more settings.
 */
export async function createTestRuntime<C extends BaseConfig = TestConfig>(
  service: string,
  config: C = testConfig() as unknown as C,
): Promise<ServiceRuntime<C>> {
  const id = uniqueName(`t_${service}`);
  return createRuntime({
    service,
    config,
    dbName: id,
    consumerPrefix: id,
    logger: createLogger(service, process.env.TEST_LOG_LEVEL ?? 'silent'),
  });
}

/** Drops the runtime's database and its Redis keys (the test Redis is shared by every file), then closes it. */
export async function destroyTestRuntime(runtime: ServiceRuntime): Promise<void> {
  const keys = await runtimeRedisKeys(runtime).catch(() => [] as string[]);
  if (keys.length > 0) await runtime.redis.del(...keys).catch(() => undefined);
  await runtime.db.dropDatabase().catch(() => undefined);
  await runtime.close();
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export * from './helpers';
export * from './users';
export * from './events';
export * from './metrics';
export * from './mail';
