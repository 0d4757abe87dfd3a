import type { RequestHandler, Router } from 'express';
import { createCommentBodySchema, listCommentsQuerySchema, updateCommentBodySchema } from '@quad/contracts';
import { parse } from '@quad/common';
import { createComment, deleteComment, listComments, updateComment } from '../domain/comments';
import type { ForumContext } from '../domain/context';
import { viewerOf } from '@quad/common';

export function mountCommentsRoutes(router: Router, ctx: ForumContext, member: RequestHandler[]): void {
  /** GET /api/comments?postId= → Comment[] oldest first. */
  router.get('/api/comments', ...member, async (req, res) => {
    const { postId } = parse(listCommentsQuerySchema, req.query);
    res.json(await listComments(ctx, viewerOf(res), postId));
  });

  /** POST /api/comments {content, postId, isAnonymous} → 201 Comment. */
  router.post('/api/comments', ...member, async (req, res) => {
    const body = parse(createCommentBodySchema, req.body);
    res.status(201).json(await createComment(ctx, viewerOf(res), body));
  });

  /** PUT /api/comments/:id {content} → Comment (author or admin). */
  router.put('/api/comments/:id', ...member, async (req, res) => {
    const body = parse(updateCommentBodySchema, req.body);
    res.json(await updateComment(ctx, viewerOf(res), String(req.params.id), body));
  });

  /** DELETE /api/comments/:id → {message} (author or admin). */
  router.delete('/api/comments/:id', ...member, async (req, res) => {
    await deleteComment(ctx, viewerOf(res), String(req.params.id));
    res.json({ message: 'Comment deleted successfully' });
  });
}
