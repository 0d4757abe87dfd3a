import { type ServiceRuntime, authenticate, createServiceApp, reportObjectStore } from '@quad/common';
import type { Config } from './config';
import { authServiceContext } from './domain/context';
import { adminRoutes } from './routes/admin-routes';
import { adminsRoutes } from './routes/admins-routes';
import { collegesRoutes } from './routes/colleges-routes';
import { profileRoutes } from './routes/profile-routes';
import { logoutRoutes, sessionRoutes } from './routes/session-routes';
import { settingsRoutes } from './routes/settings-routes';
import { verifyEmailRoutes } from './routes/verify-email-routes';
import { accountRoutes } from './routes/account-routes';

/** The auth service's express app, without listening (supertest imports it). */
export function createApp(runtime: ServiceRuntime<Config>) {
  const deps = authServiceContext(runtime);
  reportObjectStore(runtime.readiness, deps.media);
  return createServiceApp(runtime, (router) => {
    // Sessions, tokens and personal data: never stored by a browser or proxy cache.
    router.use((_req, res, next) => {
      res.set('Cache-Control', 'no-store');
      next();
    });
    router.use(logoutRoutes(deps));
    router.use(authenticate({ publicKey: runtime.config.JWT_PUBLIC_KEY, redis: runtime.redis }));
    router.use(collegesRoutes(deps));
    router.use(sessionRoutes(deps));
    router.use(profileRoutes(deps));
    router.use(adminRoutes(deps));
    router.use(settingsRoutes(deps));
    router.use(adminsRoutes(deps));
    router.use(verifyEmailRoutes(deps));
    router.use(accountRoutes(deps));
  });
}
