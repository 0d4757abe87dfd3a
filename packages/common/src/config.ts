import { createPrivateKey, createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
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

/**
 * The `*_FILE` convention of container images: a setting `NAME_FILE=/path` gives `NAME` the file's
 * content (a mounted Secret or key file), so secrets need not sit in the environment. Setting both,
 * or naming a file that cannot be read, is a configuration error.
 */
export function resolveFileSettings(
  env: NodeJS.ProcessEnv,
  settings?: readonly string[],
): { env: NodeJS.ProcessEnv; problems: string[] } {
  const resolved: NodeJS.ProcessEnv = { ...env };
  const problems: string[] = [];
  for (const [key, file] of Object.entries(env)) {
    const name = /^([A-Z][A-Z0-9_]*)_FILE$/.exec(key)?.[1];
    if (!name || file === undefined) continue;
    // Only the service's own settings: the environment holds other programs' *_FILE variables
    // (SSL_CERT_FILE, TF_CLI_CONFIG_FILE, ...), which are none of its business.
    if (settings && !settings.includes(name)) continue;
    delete resolved[key];
    if (env[name] !== undefined) {
      problems.push(`  ${name}: both ${name} and ${key} are set; set one`);
      continue;
    }
    try {
      resolved[name] = readFileSync(file, 'utf8').replace(/\r?\n$/, '');
    } catch {
      problems.push(`  ${name}: ${key} names ${file}, which is not a readable file`);
    }
  }
  return { env: resolved, problems };
}

/**
 * Values that are public (committed or documented) and must never run in production: the demo admin
 * password and anything marked as a placeholder. Matched case-insensitively.
 */
const PUBLIC_PLACEHOLDERS = [/^quad-admin-demo$/i, /placeholder/i, /replace[-_ ]?me/i, /change[-_ ]?me/i];

/** Settings that must hold PEM keys a production service can use, and the kind of each. */
const PEM_SETTINGS = { JWT_PUBLIC_KEY: 'public', JWT_PRIVATE_KEY: 'private' } as const;

/** Every PEM block of a setting parses as a key of its kind (JWT_PUBLIC_KEY may hold several during a rotation). */
function isUsablePem(value: string, kind: 'public' | 'private'): boolean {
  const blocks = value.match(/-----BEGIN [^-]+-----[\s\S]*?-----END [^-]+-----/g);
  if (!blocks) return false;
  try {
    for (const block of blocks) (kind === 'public' ? createPublicKey : createPrivateKey)(block);
    return true;
  } catch {
    return false;
  }
}

/**
 * In production a service refuses to start on a placeholder secret or a key that is not a real PEM
 * key, instead of going Ready with sign-in broken.
 */
function productionProblems(config: Record<string, unknown>): string[] {
  if (config.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  for (const [name, value] of Object.entries(config)) {
    if (typeof value !== 'string') continue;
    if (PUBLIC_PLACEHOLDERS.some((pattern) => pattern.test(value))) {
      problems.push(`  ${name}: a placeholder or publicly known value; set a real secret in production`);
    } else if (name in PEM_SETTINGS && !isUsablePem(value, PEM_SETTINGS[name as keyof typeof PEM_SETTINGS])) {
      problems.push(`  ${name}: not a PEM ${PEM_SETTINGS[name as keyof typeof PEM_SETTINGS]} key`);
    }
  }
  return problems;
}

export function loadConfig<S extends z.ZodObject>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const files = resolveFileSettings(env, Object.keys(schema.shape));
  const result = schema.safeParse(files.env);
  const problems = [
    ...files.problems,
    ...(result.success ? [] : result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)),
    ...(result.success ? productionProblems(result.data as Record<string, unknown>) : []),
  ];
  if (problems.length > 0) throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  return result.data as z.infer<S>;
}

/** A service's port: `PORT`, falling back to its default in the route table. */
export function portSchema(fallback: number) {
  return z.object({ PORT: z.coerce.number().int().min(0).max(65535).default(fallback) });
}
