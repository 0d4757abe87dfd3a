import { type ServiceRuntime, authenticate, createServiceApp, mountAccountExport } from '@quad/common';
import { exportCommerceUser } from './domain/account-export';
import type { Config } from './config';
import { commerceContext } from './domain/context';
import { mountPaymentRoutes } from './routes/payment-routes';
import { mountSubscriptionRoutes } from './routes/subscription-routes';

/** The commerce service's express app, without listening (supertest imports it). */
export function createApp(runtime: ServiceRuntime<Config>) {
  const ctx = commerceContext(runtime);
  return createServiceApp(runtime, (router) => {
    router.use(authenticate({ publicKey: runtime.config.JWT_PUBLIC_KEY, redis: runtime.redis }));
    mountSubscriptionRoutes(router, ctx);
    mountPaymentRoutes(router, ctx);
    mountAccountExport(router, (userId) => exportCommerceUser(ctx, userId));
  });
}
