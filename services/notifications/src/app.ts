import { type ServiceRuntime, authenticate, createServiceApp } from '@quad/common';
import type { Config } from './config';
import { notificationsContext } from './domain/context';
import { mountNotificationRoutes } from './routes/notification-routes';

/** The notifications service's express app, without listening (supertest imports it). */
export function createApp(runtime: ServiceRuntime<Config>) {
  const ctx = notificationsContext(runtime);
  return createServiceApp(runtime, (router) => {
    router.use(authenticate({ publicKey: runtime.config.JWT_PUBLIC_KEY, redis: runtime.redis }));
    mountNotificationRoutes(router, ctx);
  });
}
