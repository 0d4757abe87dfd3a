import { type ServiceRuntime, createDirectoryApp, mountAccountExport } from '@quad/common';
import type { Config } from './config';
import { exportSocialUser } from './domain/account-export';
import { socialContext } from './domain/context';
import { mountBlocksRoutes } from './routes/blocks-routes';
import { mountFriendRequestsRoutes } from './routes/friend-requests-routes';
import { mountFriendsRoutes } from './routes/friends-routes';
import { mountSearchRoutes } from './routes/search-routes';

/** The social service's express app, without listening (supertest imports it). */
export function createApp(runtime: ServiceRuntime<Config>) {
  const ctx = socialContext(runtime);
  return createDirectoryApp(runtime, (router, { member, signedIn }) => {
    mountFriendsRoutes(router, ctx, member);
    mountFriendRequestsRoutes(router, ctx, member);
    mountSearchRoutes(router, ctx, member);
    mountBlocksRoutes(router, ctx, signedIn);
    mountAccountExport(router, (userId) => exportSocialUser(ctx, userId));
  });
}
