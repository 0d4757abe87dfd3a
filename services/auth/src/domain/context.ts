import {
  type Logger,
  type MediaStore,
  type Publisher,
  type Redis,
  type ServiceRuntime,
  createMediaStore,
} from '@quad/common';
import type { Config } from '../config';
import { type AuthModels, authModels } from '../models';

/** What domain functions work with: no request, no response, only the service's own resources. */
export interface AuthDeps {
  config: Config;
  logger: Logger;
  redis: Redis;
  publisher: Publisher;
  models: AuthModels;
  media: MediaStore;
  /** Prefix of this deployment's Redis rate-limit keys: the service name, unique per test file. */
  namespace: string;
}

export function createAuthDeps(runtime: ServiceRuntime<Config>): AuthDeps {
  return {
    config: runtime.config,
    logger: runtime.logger,
    redis: runtime.redis,
    publisher: runtime.publisher,
    models: authModels(runtime.db),
    media: createMediaStore(runtime.config),
    namespace: runtime.consumerPrefix,
  };
}
