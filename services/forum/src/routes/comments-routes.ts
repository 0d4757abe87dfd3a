import type { RequestHandler, Router } from 'express';
import { createCommentBodySchema, listCommentsQuerySchema, updateCommentBodySchema } from '@quad/contracts';
import { answerRemoved, answerViewer, parse } from '@quad/common';
import { createComment, deleteComment, listComments, updateComment } from '../domain/comments';
import type { ForumContext } from '../domain/context';

export function mountCommentsRoutes(router: Router, ctx: ForumContext, member: RequestHandler[]): void {
  /** GET /api/comments?postId= → Comment[] oldest first. */
  const list = answerViewer((me, _id, req) =>
    listComments(ctx, me, parse(listCommentsQuerySchema, req.query).postId),
  );
  router.get('/api/comments', ...member, list);

  /** POST /api/comments {content, postId, isAnonymous} → 201 Comment. */
  const create = answerViewer(
    (me, _id, req) => createComment(ctx, me, parse(createCommentBodySchema, req.body)),
    201,
  );
  router.post('/api/comments', ...member, create);

  /** PUT /api/comments/:id {content} → Comment (author or admin). */
  const update = answerViewer((me, id, req) =>
    updateComment(ctx, me, id, parse(updateCommentBodySchema, req.body)),
  );
  router.put('/api/comments/:id', ...member, update);

  /** DELETE /api/comments/:id → {message} (author or admin). */
  const remove = answerRemoved('Comment deleted successfully', (me, id) => deleteComment(ctx, me, id));
  router.delete('/api/comments/:id', ...member, remove);
}
