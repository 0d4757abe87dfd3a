import { z } from 'zod';
import { SERVICE_PORTS } from '@quad/contracts';
import { baseConfigSchema, loadConfig, portSchema, s3ConfigSchema } from '@quad/common';

const count = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** What only auth needs: the signing key, the admin password, session and rate-limit settings. */
const authSettingsSchema = z.object({
  /** ES256 private key (PEM); `\n` escapes allowed so it fits in one environment line. */
  JWT_PRIVATE_KEY: z
    .string()
    .min(1)
    .transform((value) => value.replace(/\\n/g, '\n')),
  /** Grants anonymous admin accounts; compared in constant time, never logged. */
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters'),
  TOKEN_TTL_SECONDS: count(7 * 24 * 60 * 60),
  /** Secure cookie flag; unset means on in production and off elsewhere (plain-HTTP localhost). */
  COOKIE_SECURE: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true')),
  // Sized for a campus behind one public address (README, "Rate limits"): failed sign-ins per
  // window per address and per target account, registrations per hour per address.
  RATE_LIMIT_WINDOW_SECONDS: count(15 * 60),
  RATE_LIMIT_LOGIN_PER_IP: count(100),
  RATE_LIMIT_LOGIN_PER_ACCOUNT: count(10),
  RATE_LIMIT_REGISTER_WINDOW_SECONDS: count(60 * 60),
  RATE_LIMIT_REGISTER_PER_IP: count(1000),
  RATE_LIMIT_ADMIN_PER_IP: count(10),
});

export const configSchema = baseConfigSchema
  .extend(portSchema(SERVICE_PORTS.auth).shape)
  .extend(s3ConfigSchema.shape)
  .extend(authSettingsSchema.shape);

export type Config = ReturnType<typeof loadServiceConfig>;

export function loadServiceConfig(env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig(configSchema, env);
  return { ...config, COOKIE_SECURE: config.COOKIE_SECURE ?? config.NODE_ENV === 'production' };
}
