import { SERVICE_PORTS } from '@quad/contracts';
import { baseConfigSchema, loadConfig, portSchema } from '@quad/common';

export const configSchema = baseConfigSchema.extend(portSchema(SERVICE_PORTS.chat).shape);
export type Config = ReturnType<typeof loadServiceConfig>;

export function loadServiceConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig(configSchema, env);
}
