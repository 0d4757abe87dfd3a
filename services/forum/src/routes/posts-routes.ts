import type { RequestHandler, Router } from 'express';
import {
  NEXT_CURSOR_HEADER,
  createPostBodySchema,
  listPostsQuerySchema,
  updatePostBodySchema,
} from '@quad/contracts';
import { imageUpload, parse } from '@quad/common';
import type { ForumContext } from '../domain/context';
import { createPost, deletePost, getPost, listPosts, recordView, updatePost } from '../domain/posts';
import { viewerOf } from '@quad/common';

export function mountPostsRoutes(router: Router, ctx: ForumContext, member: RequestHandler[]): void {
  /**
   * GET /api/posts?topicId=&cursor=&limit= → Post[] newest first. The body stays a plain array
   * (the web keys the feed by topic); the next page's cursor travels in the X-Next-Cursor header,
   * absent on the last page.
   */
  router.get('/api/posts', ...member, async (req, res) => {
    const { postsJson, nextCursor } = await listPosts(ctx, viewerOf(res), parse(listPostsQuerySchema, req.query));
    if (nextCursor) res.setHeader(NEXT_CURSOR_HEADER, nextCursor);
    res.type('json').send(postsJson);
  });

  /** POST /api/posts, multipart (title, content, topicId, isAnonymous, optional image) → 201 Post. */
  router.post('/api/posts', ...member, imageUpload('image'), async (req, res) => {
    const body = parse(createPostBodySchema, req.body);
    res.status(201).json(await createPost(ctx, viewerOf(res), body, req.file?.buffer));
  });

  /** GET /api/posts/:id → Post as the feed presents it (a search result opens it); 404 for another college's. */
  router.get('/api/posts/:id', ...member, async (req, res) => {
    res.json(await getPost(ctx, viewerOf(res), String(req.params.id)));
  });

  /** PUT /api/posts/:id {title, content} → Post (author or admin). */
  router.put('/api/posts/:id', ...member, async (req, res) => {
    const body = parse(updatePostBodySchema, req.body);
    res.json(await updatePost(ctx, viewerOf(res), String(req.params.id), body));
  });

  /** DELETE /api/posts/:id → {message} (author or admin); its comments and image go with it. */
  router.delete('/api/posts/:id', ...member, async (req, res) => {
    await deletePost(ctx, viewerOf(res), String(req.params.id));
    res.json({ message: 'Post deleted successfully' });
  });

  /** POST /api/posts/:id/view → {viewCount}; counted once per viewer, never for the author. */
  router.post('/api/posts/:id/view', ...member, async (req, res) => {
    res.json(await recordView(ctx, viewerOf(res), String(req.params.id)));
  });
}
