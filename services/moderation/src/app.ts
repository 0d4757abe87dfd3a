import { type ServiceRuntime, authenticate, createServiceApp, mountAccountExport, requireAuth, requireSubscription } from '@quad/common';
import { exportModerationUser } from './domain/account-export';
import type { Config } from './config';
import { type ModerationOptions, moderationContext } from './domain/context';
import { mountAdminRoutes } from './routes/admin-routes';
import { mountAppealsRoutes } from './routes/appeals-routes';
import { mountBansRoutes } from './routes/bans-routes';
import { mountReportsRoutes } from './routes/reports-routes';

/** The moderation service's express app, without listening (supertest imports it). */
export function createApp(runtime: ServiceRuntime<Config>, options: ModerationOptions = {}) {
  const ctx = moderationContext(runtime, options);
  const keys = { publicKey: runtime.config.JWT_PUBLIC_KEY, redis: runtime.redis };
  const signedIn = authenticate(keys);
  // A suspended student must still reach their appeal: the one place the ban check is skipped.
  const signedInEvenIfBanned = authenticate({ ...keys, enforceBan: false });
  const member = [requireAuth, requireSubscription(runtime.directory)];
  return createServiceApp(runtime, (router) => {
    router.use((req, res, next) =>
      isAppealPath(req.path) ? signedInEvenIfBanned(req, res, next) : signedIn(req, res, next),
    );
    mountReportsRoutes(router, ctx, member);
    mountBansRoutes(router, ctx);
    mountAppealsRoutes(router, ctx);
    mountAdminRoutes(router, ctx);
    mountAccountExport(router, (userId) => exportModerationUser(ctx, userId));
  });
}

/** The student's own appeal calls (not /api/admin/appeals). */
export function isAppealPath(path: string): boolean {
  return path === '/api/appeals' || path.startsWith('/api/appeals/');
}
