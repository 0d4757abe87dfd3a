import { type ServiceRuntime, authenticate, createServiceApp } from '@quad/common';
import type { Config } from './config';
import { forumContext } from './domain/context';
import { mountCommentsRoutes } from './routes/comments-routes';
import { memberOnly, signedIn } from '@quad/common';
import { mountPostsRoutes } from './routes/posts-routes';
import { mountStatsRoutes } from './routes/stats-routes';
import { mountTopicsRoutes } from './routes/topics-routes';

/** The forum service's express app, without listening (supertest imports it). */
export function createApp(runtime: ServiceRuntime<Config>) {
  const ctx = forumContext(runtime);
  if (!runtime.readiness.some((check) => check.name === 'object-storage')) {
    runtime.readiness.push({ name: 'object-storage', check: () => ctx.media.ping() });
  }
  const member = memberOnly(runtime.directory);
  return createServiceApp(runtime, (router) => {
    router.use(authenticate({ publicKey: runtime.config.JWT_PUBLIC_KEY, redis: runtime.redis }));
    mountTopicsRoutes(router, ctx, member);
    mountPostsRoutes(router, ctx, member);
    mountCommentsRoutes(router, ctx, member);
    mountStatsRoutes(router, ctx, { member, signedIn: signedIn(runtime.directory) });
    // TODO(ideas, polls): mount their route files here when they are built.
  });
}
