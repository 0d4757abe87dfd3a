import type { RequestHandler, Router } from 'express';
import type { ForumContext } from '../domain/context';
import { listTopics } from '../domain/topics';
import { viewerOf } from '@quad/common';

export function mountTopicsRoutes(router: Router, ctx: ForumContext, member: RequestHandler[]): void {
  /** GET /api/topics → Topic[] with the caller's college's post counts. */
  router.get('/api/topics', ...member, async (_req, res) => {
    res.json(await listTopics(ctx, viewerOf(res)));
  });
}
