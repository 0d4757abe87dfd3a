import { z } from 'zod';
import { SERVICE_PORTS } from '@quad/contracts';
import { baseConfigSchema, loadConfig, portSchema, smtpConfigSchema } from '@quad/common';

/** E-mails (outcomes at once, the daily digest) go out through smtpConfigSchema's server (maildev locally, mailpit in Docker). */
export const configSchema = baseConfigSchema
  .extend(portSchema(SERVICE_PORTS.notifications).shape)
  .extend(smtpConfigSchema.shape)
  .extend({
    /** Where the app is reached: links in e-mails. */
    PUBLIC_URL: z.string().url().default('http://localhost:8080'),
    /**
     * Events older than this notify nobody (their projections are still kept): a new deployment
     * replaying the streams from their first event must not bury students under old news.
     */
    NOTIFY_MAX_AGE_HOURS: z.coerce.number().int().positive().default(7 * 24),
    /** The hour (UTC) from which each day's digest goes out; checked every DIGEST_CHECK_MINUTES. */
    DIGEST_HOUR_UTC: z.coerce.number().int().min(0).max(23).default(7),
    DIGEST_CHECK_MINUTES: z.coerce.number().int().positive().default(15),
  });
export type Config = ReturnType<typeof loadServiceConfig>;

export function loadServiceConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig(configSchema, env);
}
