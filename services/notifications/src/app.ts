import { type ServiceRuntime, authenticate, createServiceApp, mountAccountExport } from '@quad/common';
import type { Config } from './config';
import { exportNotificationsUser } from './domain/account-export';
import { notificationsContext } from './domain/context';
import { mountNotificationRoutes } from './routes/notification-routes';

/** The notifications service's express app, without listening (supertest imports it). */
export function createApp(runtime: ServiceRuntime<Config>) {
  const ctx = notificationsContext(runtime);
  return createServiceApp(runtime, (router) => {
    router.use(authenticate({ publicKey: runtime.config.JWT_PUBLIC_KEY, redis: runtime.redis }));
    mountNotificationRoutes(router, ctx);
    mountAccountExport(router, (userId) => exportNotificationsUser(ctx, userId));
  });
}
