import type { z } from 'zod';
import type { Post, createPostBodySchema, listPostsQuerySchema, updatePostBodySchema } from '@quad/contracts';
import { HttpError, isObjectId, notFound } from '@quad/common';
import { Types } from 'mongoose';
import type { PostDoc } from '../models/post-model';
import { postViewId } from '../models/post-view-model';
import type { ForumContext } from './context';
import { board, commentsOf, viewsOf } from './lists';
import { commentDeleted, postCreated, postDeleted, postUpdated } from './outgoing-events';
import { presentPost, presentPostsJson } from './present';
import { requireTopic } from './topics';
import { type Viewer, assertMayModify, canSee, editOwn } from './viewer';

export const POST_NOT_FOUND = 'Post not found';

/** A post the viewer may see; another college's post is as absent as a missing one. */
export async function findVisiblePost(ctx: ForumContext, viewer: Viewer, postId: string): Promise<PostDoc> {
  if (!isObjectId(postId)) throw notFound(POST_NOT_FOUND);
  const post = await ctx.posts.find(new Types.ObjectId(postId));
  if (!post || !canSee(viewer, post.collegeId)) throw notFound(POST_NOT_FOUND);
  return post;
}

/** The board a viewer reads for a topic (undefined: every topic); null when they see none. */
function boardFor(viewer: Viewer, topicId: number | undefined) {
  if (viewer.isAdmin) return board(undefined, topicId);
  // A student without a college has no board (posts without a college are admins').
  return viewer.collegeId == null ? null : board(viewer.collegeId, topicId);
}

/**
 * One page of a board, newest first, as the JSON text of its Post[] (presentPostsJson), and the
 * cursor of the next page (null on the last).
 */
export async function listPosts(
  ctx: ForumContext,
  viewer: Viewer,
  query: z.output<typeof listPostsQuerySchema>,
): Promise<{ postsJson: string; nextCursor: string | null }> {
  const list = boardFor(viewer, query.topicId);
  if (!list) return { postsJson: '[]', nextCursor: null };
  const page = await ctx.posts.page(list, { cursor: query.cursor, limit: query.limit });
  return { postsJson: await presentPostsJson(ctx, page.items, viewer), nextCursor: page.nextCursor };
}

export async function createPost(
  ctx: ForumContext,
  viewer: Viewer,
  body: z.output<typeof createPostBodySchema>,
  image?: Buffer,
): Promise<Post> {
  requireTopic(body.topicId);
  // Stored before the post so a refused image (not an image, undecodable) creates nothing.
  const stored = image ? await ctx.media.putImage('posts', image) : null;
  const fields = {
    _id: new Types.ObjectId(),
    title: body.title,
    content: body.content,
    topicId: body.topicId,
    isAnonymous: body.isAnonymous,
    imageUrl: stored?.url ?? null,
    authorId: viewer.userId,
    collegeId: viewer.collegeId,
    createdAt: new Date(),
  };
  let post: PostDoc;
  try {
    post = await ctx.posts.insert({ ...fields, updatedAt: fields.createdAt } as never, [
      postCreated({ ...fields, version: 0 }),
    ]);
  } catch (err) {
    if (stored) await ctx.media.remove(stored.key);
    throw err;
  }
  // A new post has no comments or views: its lists start complete, so no reader scans for them.
  await Promise.all([ctx.comments.markEmpty(commentsOf(post._id)), ctx.views.markEmpty(viewsOf(post._id))]);
  return presentPost(ctx, post, viewer);
}

/** One post the viewer may see, presented as the feed presents it. */
export async function getPost(ctx: ForumContext, viewer: Viewer, postId: string): Promise<Post> {
  return presentPost(ctx, await findVisiblePost(ctx, viewer, postId), viewer);
}

export async function updatePost(
  ctx: ForumContext,
  viewer: Viewer,
  postId: string,
  body: z.output<typeof updatePostBodySchema>,
): Promise<Post> {
  const post = await findVisiblePost(ctx, viewer, postId);
  const updated = await editOwn(
    viewer,
    ctx.posts,
    post,
    { fields: { title: body.title, content: body.content }, event: postUpdated },
    { refusal: 'You can only edit your own posts.', gone: POST_NOT_FOUND },
  );
  return presentPost(ctx, updated, viewer);
}

export async function deletePost(ctx: ForumContext, viewer: Viewer, postId: string): Promise<void> {
  const post = await findVisiblePost(ctx, viewer, postId);
  assertMayModify(viewer, post.authorId, 'You can only delete your own posts.');
  // Another request (on any replica) may have deleted it since it was found.
  if (!(await removePost(ctx, post._id))) throw notFound(POST_NOT_FOUND);
}

/**
 * Deletes a post with everything hanging off it: its comments (each announced, so commenters'
 * stats follow), views and image. Without transactions the post goes first, so only one of two
 * racing deletes does the rest. Returns false when the post was already gone.
 */
export async function removePost(ctx: ForumContext, postId: Types.ObjectId | string): Promise<boolean> {
  const post = await ctx.posts.remove(new Types.ObjectId(String(postId)), (removed) => [
    postDeleted(removed),
  ]);
  if (!post) return false;
  const comments = await ctx.comments.all(commentsOf(post._id));
  for (const comment of comments)
    await ctx.comments.remove(comment._id, (removed) => [commentDeleted(removed)]);
  await ctx.comments.dropList(commentsOf(post._id));
  await ctx.models.PostView.deleteMany({ postId: post._id });
  await ctx.views.dropList(viewsOf(post._id));
  if (post.imageUrl) await ctx.media.remove(post.imageUrl);
  return true;
}

/**
 * Counts a view once per viewer and never the author's own: one (post, viewer) document under a
 * unique `_id`; the count is the post's view list, so concurrent views anywhere stay exact.
 */
export async function recordView(
  ctx: ForumContext,
  viewer: Viewer,
  postId: string,
): Promise<{ viewCount: number }> {
  const post = await findVisiblePost(ctx, viewer, postId);
  if (post.authorId !== viewer.userId) {
    try {
      await ctx.views.insert({
        _id: postViewId(post._id, viewer.userId),
        postId: post._id,
        viewerId: viewer.userId,
        viewedAt: new Date(),
      } as never);
    } catch (err) {
      // A repeat view: the viewer's document exists already.
      if (!(err instanceof HttpError && err.status === 409)) throw err;
    }
  }
  return { viewCount: await ctx.views.count(viewsOf(post._id)) };
}
