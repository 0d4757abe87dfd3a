import { z } from 'zod';
import { SERVICE_PORTS } from '@quad/contracts';
import { baseConfigSchema, loadConfig, portSchema } from '@quad/common';

export const configSchema = baseConfigSchema.extend(portSchema(SERVICE_PORTS.search).shape).extend({
  /**
   * Rebuild the index from the events published since this moment instead of each stream's first
   * event. For test runs, whose files share one NATS server; unset in every deployment.
   */
  SEARCH_REPLAY_SINCE: z.iso.datetime().optional(),
});
export type Config = ReturnType<typeof loadServiceConfig>;

export function loadServiceConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig(configSchema, env);
}
