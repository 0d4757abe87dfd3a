import { type ServiceRuntime, authenticate, createServiceApp } from '@quad/common';
import type { Config } from './config';
import { socialContext } from './domain/context';
import { mountBlocksRoutes } from './routes/blocks-routes';
import { mountFriendRequestsRoutes } from './routes/friend-requests-routes';
import { mountFriendsRoutes } from './routes/friends-routes';
import { memberOnly, mountAccountExport, signedIn } from '@quad/common';
import { exportSocialUser } from './domain/account-export';
import { mountSearchRoutes } from './routes/search-routes';

/** The social service's express app, without listening (supertest imports it). */
export function createApp(runtime: ServiceRuntime<Config>) {
  const ctx = socialContext(runtime);
  const member = memberOnly(runtime.directory);
  return createServiceApp(runtime, (router) => {
    router.use(authenticate({ publicKey: runtime.config.JWT_PUBLIC_KEY, redis: runtime.redis, directory: runtime.directory }));
    mountFriendsRoutes(router, ctx, member);
    mountFriendRequestsRoutes(router, ctx, member);
    mountSearchRoutes(router, ctx, member);
    mountBlocksRoutes(router, ctx, signedIn(runtime.directory));
    mountAccountExport(router, (userId) => exportSocialUser(ctx, userId));
  });
}
