import type { RequestHandler, Router } from 'express';
import { createIdeaBodySchema, createIdeaCommentBodySchema, listIdeasQuerySchema } from '@quad/contracts';
import { answerFor, answerRemoved, answerViewer, parse, pathParam, sendPage, viewerOf } from '@quad/common';
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

/** The ideas hub (spec section 7): every route is a community feature (`member`). */
export function mountIdeasRoutes(router: Router, ctx: IdeasPollsContext, member: RequestHandler[]): void {
  /**
   * GET /api/ideas?search=&category=&stage=&skill=&sort=&cursor=&limit= → Idea[]; the next page's
   * cursor in the X-Next-Cursor header, absent on the last page.
   */
  router.get('/api/ideas', ...member, async (req, res) => {
    const { ideas, nextCursor } = await listIdeas(ctx, viewerOf(res), parse(listIdeasQuerySchema, req.query));
    sendPage(res, ideas, nextCursor);
  });

  /** GET /api/ideas/stats → {totalIdeas, launchReady, seekingCollaborators}. */
  router.get('/api/ideas/stats', ...member, answerFor(ctx, ideaStats));

  /** POST /api/ideas {title, description, category, stage, skillsNeeded} → 201 Idea. */
  const newIdea = answerViewer(
    (me, _id, req) => createIdea(ctx, me, parse(createIdeaBodySchema, req.body)),
    201,
  );
  router.post('/api/ideas', ...member, newIdea);

  /** GET /api/ideas/:id → Idea. */
  router.get('/api/ideas/:id', ...member, answerFor(ctx, getIdea));

  /** DELETE /api/ideas/:id → {message} (author or admin). */
  const removeIdea = answerRemoved('Idea deleted successfully', (me, id) => deleteIdea(ctx, me, id));
  router.delete('/api/ideas/:id', ...member, removeIdea);

  /** GET /api/ideas/:id/comments → IdeaComment[] oldest first. */
  router.get('/api/ideas/:id/comments', ...member, answerFor(ctx, listIdeaComments));

  /** POST /api/ideas/:id/comments {content} → 201 IdeaComment. */
  const newComment = answerViewer(
    (me, id, req) => createIdeaComment(ctx, me, id, parse(createIdeaCommentBodySchema, req.body)),
    201,
  );
  router.post('/api/ideas/:id/comments', ...member, newComment);

  /** DELETE /api/ideas/:id/comments/:commentId → {message} (the comment's author or an admin). */
  const removeComment = answerRemoved('Comment deleted successfully', (me, id, req) =>
    deleteIdeaComment(ctx, me, id, pathParam(req, 'commentId')),
  );
  router.delete('/api/ideas/:id/comments/:commentId', ...member, removeComment);

  /** POST /api/ideas/:id/interest → {isInterested, interestedCount} ("I'm interested"; idempotent). */
  router.post('/api/ideas/:id/interest', ...member, answerFor(ctx, expressInterest));

  /** DELETE /api/ideas/:id/interest → {isInterested, interestedCount}. */
  router.delete('/api/ideas/:id/interest', ...member, answerFor(ctx, withdrawInterest));

  /** GET /api/ideas/:id/interested → InterestedStudent[] newest first (the idea's author or an admin). */
  router.get('/api/ideas/:id/interested', ...member, answerFor(ctx, listInterestedStudents));
}
