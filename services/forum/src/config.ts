import { SERVICE_PORTS } from '@quad/contracts';
import { baseConfigSchema, loadConfig, portSchema, s3ConfigSchema } from '@quad/common';

// Post images go to object storage, so forum needs the S3 settings too.
export const configSchema = baseConfigSchema
  .extend(portSchema(SERVICE_PORTS.forum).shape)
  .extend(s3ConfigSchema.shape);
export type Config = ReturnType<typeof loadServiceConfig>;

export function loadServiceConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig(configSchema, env);
}
