import { z } from 'zod';
import { SERVICE_PORTS } from '@quad/contracts';
import { baseConfigSchema, loadConfig, portSchema, s3ConfigSchema, smtpConfigSchema } from '@quad/common';

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
  /**
   * `on` (the default, local demos): the shared ADMIN_PASSWORD opens a bootstrap admin session,
   * named by an operator handle in the audit log. `off` (production): only named admins with a
   * second factor sign in as admins.
   */
  ADMIN_PASSWORD_SIGNIN: z.enum(['on', 'off']).default('on'),
  /** Where people reach Quad: the start of the links auth sends by e-mail (admin invitations). */
  PUBLIC_URL: z.string().url().default('http://localhost:8080'),
  /**
   * The services a student's data download asks for their part (domain/account-export.ts), at
   * their internal addresses: the same names and defaults as the gateway's upstreams.
   */
  FORUM_URL: z.string().url().default(`http://127.0.0.1:${SERVICE_PORTS.forum}`),
  SOCIAL_URL: z.string().url().default(`http://127.0.0.1:${SERVICE_PORTS.social}`),
  CHAT_URL: z.string().url().default(`http://127.0.0.1:${SERVICE_PORTS.chat}`),
  COMMERCE_URL: z.string().url().default(`http://127.0.0.1:${SERVICE_PORTS.commerce}`),
  MODERATION_URL: z.string().url().default(`http://127.0.0.1:${SERVICE_PORTS.moderation}`),
  NOTIFICATIONS_URL: z.string().url().default(`http://127.0.0.1:${SERVICE_PORTS.notifications}`),
  /** The issuer name authenticator apps show beside an admin's codes. */
  TOTP_ISSUER: z.string().min(1).default('Quad'),
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
  /** Failed sign-ins of one account from one address per window; then that address waits (429) for that account only. */
  RATE_LIMIT_LOGIN_PER_ADDRESS_AND_ACCOUNT: count(10),
  /**
   * Failed sign-ins of one account from anywhere per window before its sign-ins slow down: each
   * further attempt (the right password's too) waits LOGIN_DELAY_BASE_MS, doubling per failure up
   * to LOGIN_DELAY_MAX_MS. Never a refusal, so nobody can lock a student out by failing for them.
   */
  RATE_LIMIT_LOGIN_PER_ACCOUNT: count(10),
  LOGIN_DELAY_BASE_MS: count(500),
  LOGIN_DELAY_MAX_MS: count(8000),
  RATE_LIMIT_REGISTER_WINDOW_SECONDS: count(60 * 60),
  RATE_LIMIT_REGISTER_PER_IP: count(1000),
  /**
   * Failed admin-password attempts per window per address before that address's attempts slow down
   * (as sign-ins do); ten times as many refuse it (429). A few wrong guesses behind a campus's one
   * address no longer shut every admin there out.
   */
  RATE_LIMIT_ADMIN_PER_IP: count(10),
});

export const configSchema = baseConfigSchema
  .extend(portSchema(SERVICE_PORTS.auth).shape)
  .extend(s3ConfigSchema.shape)
  .extend(smtpConfigSchema.shape)
  .extend(authSettingsSchema.shape);

export type Config = ReturnType<typeof loadServiceConfig>;

export function loadServiceConfig(env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig(configSchema, env);
  return { ...config, COOKIE_SECURE: config.COOKIE_SECURE ?? config.NODE_ENV === 'production' };
}
