import { type ServiceRuntime, createDirectoryApp, mountAccountExport, reportObjectStore } from '@quad/common';
import { exportForumUser } from './domain/account-export';
import type { Config } from './config';
import { forumContext } from './domain/context';
import { ideasPollsContext } from './domain/ideas-polls-context';
import { mountCommentsRoutes } from './routes/comments-routes';
import { mountIdeasRoutes } from './routes/ideas-routes';
import { mountPollsRoutes } from './routes/polls-routes';
import { mountPostsRoutes } from './routes/posts-routes';
import { mountStatsRoutes } from './routes/stats-routes';
import { mountTopicsRoutes } from './routes/topics-routes';

/** The forum service's express app, without listening (supertest imports it). */
export function createApp(runtime: ServiceRuntime<Config>) {
  const ctx = forumContext(runtime);
  reportObjectStore(runtime.readiness, ctx.media);
  return createDirectoryApp(runtime, (router, { member, signedIn }) => {
    mountTopicsRoutes(router, ctx, member);
    mountPostsRoutes(router, ctx, member);
    mountCommentsRoutes(router, ctx, member);
    mountStatsRoutes(router, ctx, { member, signedIn });
    mountIdeasRoutes(router, ideasPollsContext(runtime), member);
    mountPollsRoutes(router, ideasPollsContext(runtime), member);
    mountAccountExport(router, (userId) => exportForumUser(runtime, userId));
  });
}
