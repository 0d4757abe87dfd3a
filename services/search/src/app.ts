import { type ServiceRuntime, authenticate, createServiceApp, memberOnly } from '@quad/common';
import type { Config } from './config';
import { searchContext } from './domain/context';
import { mountSearchRoutes } from './routes/search-routes';

/** The search service's express app, without listening (supertest imports it). */
export function createApp(runtime: ServiceRuntime<Config>) {
  const ctx = searchContext(runtime);
  return createServiceApp(runtime, (router) => {
    router.use(authenticate({ publicKey: runtime.config.JWT_PUBLIC_KEY, redis: runtime.redis, directory: runtime.directory }));
    mountSearchRoutes(router, ctx, memberOnly(runtime.directory));
  });
}
