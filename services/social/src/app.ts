import { type ServiceRuntime, authenticate, createServiceApp } from '@quad/common';
import type { Config } from './config';

/** The social service's express app, without listening (supertest imports it). */
export function createApp(runtime: ServiceRuntime<Config>) {
  return createServiceApp(runtime, (router) => {
    router.use(authenticate({ publicKey: runtime.config.JWT_PUBLIC_KEY, redis: runtime.redis }));
  });
}
