import type { RequestHandler, Router } from 'express';
import type { ForumContext } from '../domain/context';
import { profileComments, profilePosts, userStats } from '../domain/profile';
import { viewerOf } from '@quad/common';

export function mountStatsRoutes(
  router: Router,
  ctx: ForumContext,
  access: { member: RequestHandler[]; signedIn: RequestHandler[] },
): void {
  const { member, signedIn } = access;
  /** GET /api/user/stats → {totalPosts} of the caller. */
  router.get('/api/user/stats', ...member, async (_req, res) => {
    res.json(await userStats(ctx, viewerOf(res)));
  });

  /** GET /api/profile/posts → the caller's recent posts [{id, title, content, topic, createdAt}]. */
  router.get('/api/profile/posts', ...signedIn, async (_req, res) => {
    res.json(await profilePosts(ctx, viewerOf(res)));
  });

  /** GET /api/profile/comments → the caller's recent comments [{id, content, postTitle, createdAt}]. */
  router.get('/api/profile/comments', ...signedIn, async (_req, res) => {
    res.json(await profileComments(ctx, viewerOf(res)));
  });
}
