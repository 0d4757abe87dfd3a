import type { RequestHandler, Router } from 'express';
import { NEXT_CURSOR_HEADER, createIdeaBodySchema, createIdeaCommentBodySchema, listIdeasQuerySchema } from '@quad/contracts';
import { parse } from '@quad/common';
import {
  createIdea,
  createIdeaComment,
  deleteIdea,
  deleteIdeaComment,
  expressInterest,
  getIdea,
  ideaStats,
  listIdeaComments,
  listIdeas,
  listInterestedStudents,
  withdrawInterest,
} from '../domain/ideas';
import type { IdeasPollsContext } from '../domain/ideas-polls-context';
import { viewerOf } from '@quad/common';

/** The ideas hub (spec section 7): every route is a community feature (`member`). */
export function mountIdeasRoutes(router: Router, ctx: IdeasPollsContext, member: RequestHandler[]): void {
  /**
   * GET /api/ideas?search=&category=&stage=&skill=&sort=&cursor=&limit= → Idea[]; the next page's
   * cursor in the X-Next-Cursor header, absent on the last page.
   */
  router.get('/api/ideas', ...member, async (req, res) => {
    const { ideas, nextCursor } = await listIdeas(ctx, viewerOf(res), parse(listIdeasQuerySchema, req.query));
    if (nextCursor) res.setHeader(NEXT_CURSOR_HEADER, nextCursor);
    res.json(ideas);
  });

  /** GET /api/ideas/stats → {totalIdeas, launchReady, seekingCollaborators}. */
  router.get('/api/ideas/stats', ...member, async (_req, res) => {
    res.json(await ideaStats(ctx));
  });

  /** POST /api/ideas {title, description, category, stage, skillsNeeded} → 201 Idea. */
  router.post('/api/ideas', ...member, async (req, res) => {
    const body = parse(createIdeaBodySchema, req.body);
    res.status(201).json(await createIdea(ctx, viewerOf(res), body));
  });

  /** GET /api/ideas/:id → Idea. */
  router.get('/api/ideas/:id', ...member, async (req, res) => {
    res.json(await getIdea(ctx, viewerOf(res), String(req.params.id)));
  });

  /** DELETE /api/ideas/:id → {message} (author or admin). */
  router.delete('/api/ideas/:id', ...member, async (req, res) => {
    await deleteIdea(ctx, viewerOf(res), String(req.params.id));
    res.json({ message: 'Idea deleted successfully' });
  });

  /** GET /api/ideas/:id/comments → IdeaComment[] oldest first. */
  router.get('/api/ideas/:id/comments', ...member, async (req, res) => {
    res.json(await listIdeaComments(ctx, viewerOf(res), String(req.params.id)));
  });

  /** POST /api/ideas/:id/comments {content} → 201 IdeaComment. */
  router.post('/api/ideas/:id/comments', ...member, async (req, res) => {
    const body = parse(createIdeaCommentBodySchema, req.body);
    res.status(201).json(await createIdeaComment(ctx, viewerOf(res), String(req.params.id), body));
  });

  /** DELETE /api/ideas/:id/comments/:commentId → {message} (the comment's author or an admin). */
  router.delete('/api/ideas/:id/comments/:commentId', ...member, async (req, res) => {
    await deleteIdeaComment(ctx, viewerOf(res), String(req.params.id), String(req.params.commentId));
    res.json({ message: 'Comment deleted successfully' });
  });

  /** POST /api/ideas/:id/interest → {isInterested, interestedCount} ("I'm interested"; idempotent). */
  router.post('/api/ideas/:id/interest', ...member, async (req, res) => {
    res.json(await expressInterest(ctx, viewerOf(res), String(req.params.id)));
  });

  /** DELETE /api/ideas/:id/interest → {isInterested, interestedCount}. */
  router.delete('/api/ideas/:id/interest', ...member, async (req, res) => {
    res.json(await withdrawInterest(ctx, viewerOf(res), String(req.params.id)));
  });

  /** GET /api/ideas/:id/interested → InterestedStudent[] newest first (the idea's author or an admin). */
  router.get('/api/ideas/:id/interested', ...member, async (req, res) => {
    res.json(await listInterestedStudents(ctx, viewerOf(res), String(req.params.id)));
  });
}
