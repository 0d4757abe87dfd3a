import { z } from 'zod';

/**
 * The one place that reads process.env. Each service extends the base schema with what it needs;
 * a bad or missing setting stops the service before it listens, with every problem listed.
 */
const pem = z
  .string()
  .min(1)
  .transform((value) => value.replace(/\\n/g, '\n'));

export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `auto`: lines for people on a terminal outside production, JSON otherwise (logger.ts). */
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  HOST: z.string().default('127.0.0.1'),
  MONGO_URL: z.string().url().default('mongodb://127.0.0.1:27017'),
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
  REDIS_URL: z.string().url().default('redis://127.0.0.1:6379'),
  JWT_PUBLIC_KEY: pem,
  /** The service's database; `quad_<service>` by default. Every replica of a service uses the same. */
  DB_NAME: z.string().regex(/^[A-Za-z0-9_-]+$/).optional(),
  /** Prefix of the service's durable consumer names; the service name by default. Replicas share it. */
  CONSUMER_PREFIX: z.string().regex(/^[A-Za-z0-9_-]+$/).optional(),
  /**
   * Where a NEW durable consumer starts: `all` replays each stream from its first event (a new
   * service or replica catches up on history); `new` takes only what is published from then on,
   * for throw-away deployments such as test runs, where every test file's fresh consumers would
   * otherwise replay every other file's events.
   */
  EVENTS_REPLAY: z.enum(['all', 'new']).default('all'),
  /** Seconds to drain in-flight requests on SIGTERM before connections are cut. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(8000),
});

export const s3ConfigSchema = z.object({
  S3_ENDPOINT: z.string().default('127.0.0.1'),
  S3_PORT: z.coerce.number().int().positive().default(9000),
  S3_USE_SSL: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  S3_ACCESS_KEY: z.string().min(3),
  S3_SECRET_KEY: z.string().min(8),
  S3_BUCKET: z.string().default('quad-media'),
});

export type BaseConfig = z.infer<typeof baseConfigSchema>;

export function loadConfig<S extends z.ZodObject>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  return result.data;
}

/** A service's port: `PORT`, falling back to its default in the route table. */
export function portSchema(fallback: number) {
  return z.object({ PORT: z.coerce.number().int().min(0).max(65535).default(fallback) });
}
