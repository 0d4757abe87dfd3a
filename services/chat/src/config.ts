import { z } from 'zod';
import { SERVICE_PORTS } from '@quad/contracts';
import { baseConfigSchema, loadConfig, portSchema, s3ConfigSchema } from '@quad/common';

// Group photos go to object storage, so chat needs the S3 settings too.
export const configSchema = baseConfigSchema.extend(portSchema(SERVICE_PORTS.chat).shape).extend(s3ConfigSchema.shape).extend({
  /**
   * How long a replica's word that a user is online holds without a heartbeat. A killed replica's
   * users go offline within this plus one sweep (heartbeats every third of it); tests shorten it.
   */
  PRESENCE_TTL_SECONDS: z.coerce.number().positive().default(30),
  /** Messages one sender may send per window, over REST and the socket together (429 beyond). */
  MESSAGE_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  MESSAGE_RATE_WINDOW_SECONDS: z.coerce.number().int().positive().default(10),
  /**
   * While socket sends come steadily (each within this of the one before), a send waits up to this
   * for others and they go on together: their Redis checks, inserts and broadcasts leave in one
   * write each instead of one per message. A lone send goes at once; 0 turns it off.
   */
  SEND_LINGER_MS: z.coerce.number().int().min(0).max(1000).default(16),
});
export type Config = ReturnType<typeof loadServiceConfig>;

export function loadServiceConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig(configSchema, env);
}
