import type { RequestHandler, Router } from 'express';
import {
  NEXT_CURSOR_HEADER,
  createPostBodySchema,
  listPostsQuerySchema,
  updatePostBodySchema,
} from '@quad/contracts';
import { answerFor, answerRemoved, answerViewer, imageUpload, parse, viewerOf } from '@quad/common';
import type { ForumContext } from '../domain/context';
import { createPost, deletePost, getPost, listPosts, recordView, updatePost } from '../domain/posts';

export function mountPostsRoutes(router: Router, ctx: ForumContext, member: RequestHandler[]): void {
  /**
   * GET /api/posts?topicId=&cursor=&limit= → Post[] newest first. The body stays a plain array
   * (the web keys the feed by topic); the next page's cursor travels in the X-Next-Cursor header,
   * absent on the last page. The page comes as JSON text already (listPosts), so it is sent as is.
   */
  router.get('/api/posts', ...member, async (req, res) => {
    const { postsJson, nextCursor } = await listPosts(
      ctx,
      viewerOf(res),
      parse(listPostsQuerySchema, req.query),
    );
    if (nextCursor) res.setHeader(NEXT_CURSOR_HEADER, nextCursor);
    res.type('json').send(postsJson);
  });

  /** POST /api/posts, multipart (title, content, topicId, isAnonymous, optional image) → 201 Post. */
  const create = answerViewer(
    (me, _id, req) => createPost(ctx, me, parse(createPostBodySchema, req.body), req.file?.buffer),
    201,
  );
  router.post('/api/posts', ...member, imageUpload('image'), create);

  /** GET /api/posts/:id → Post as the feed presents it (a search result opens it); 404 for another college's. */
  router.get('/api/posts/:id', ...member, answerFor(ctx, getPost));

  /** PUT /api/posts/:id {title, content} → Post (author or admin). */
  const update = answerViewer((me, id, req) =>
    updatePost(ctx, me, id, parse(updatePostBodySchema, req.body)),
  );
  router.put('/api/posts/:id', ...member, update);

  /** DELETE /api/posts/:id → {message} (author or admin); its comments and image go with it. */
  const remove = answerRemoved('Post deleted successfully', (me, id) => deletePost(ctx, me, id));
  router.delete('/api/posts/:id', ...member, remove);

  /** POST /api/posts/:id/view → {viewCount}; counted once per viewer, never for the author. */
  router.post('/api/posts/:id/view', ...member, answerFor(ctx, recordView));
}
