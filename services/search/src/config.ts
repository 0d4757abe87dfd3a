import { z } from 'zod';
import { SERVICE_PORTS } from '@quad/contracts';
import { baseConfigSchema, loadConfig, portSchema } from '@quad/common';

export const configSchema = baseConfigSchema.extend(portSchema(SERVICE_PORTS.search).shape).extend({
  /**
   * Rebuild the index from the events published since this moment instead of each stream's first
   * event. For test runs, whose files share one NATS server; unset in every deployment.
   */
  SEARCH_REPLAY_SINCE: z.iso.datetime().optional(),
  /**
   * How many queries' matches each college's index remembers until it next changes (any post or
   * comment added, edited or removed there empties it); 0 turns it off. See README.md.
   */
  SEARCH_REMEMBERED_QUERIES: z.coerce.number().int().min(0).default(1000),
});
export type Config = ReturnType<typeof loadServiceConfig>;

export function loadServiceConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig(configSchema, env);
}
