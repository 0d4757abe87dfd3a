import type { z } from 'zod';
import type { Post, createPostBodySchema, listPostsQuerySchema, updatePostBodySchema } from '@quad/contracts';
import { forbidden, isObjectId, notFound } from '@quad/common';
import type { Types } from 'mongoose';
import type { PostDoc } from '../models/post-model';
import { postViewId } from '../models/post-view-model';
import type { ForumContext } from './context';
import { decodeCursor, encodeCursor } from './cursor';
import { oneAtATime, postKey } from './one-at-a-time';
import { announceCommentDeleted, announcePostCreated, announcePostDeleted } from './events';
import { presentPost, presentPosts } from './present';
import { adjustTopicCount, requireTopic } from './topics';
import { type Viewer, canModify, canSee } from './viewer';

export const POST_NOT_FOUND = 'Post not found';

/** A post the viewer may see; another college's post is as absent as a missing one. */
export async function findVisiblePost(ctx: ForumContext, viewer: Viewer, postId: string): Promise<PostDoc> {
  if (!isObjectId(postId)) throw notFound(POST_NOT_FOUND);
  // From the document cache, else by _id alone (see post-index.ts); the college is checked here.
  const post = await ctx.postIndex.find(postId);
  if (!post || !canSee(viewer, post.collegeId)) throw notFound(POST_NOT_FOUND);
  return post;
}

/**
 * One page of a board, newest first, and the cursor of the next page (null on the last). Read from
 * the board's index (ids in Redis, posts by _id; see post-index.ts), not by a sorted Mongo query.
 */
export async function listPosts(
  ctx: ForumContext,
  viewer: Viewer,
  query: z.output<typeof listPostsQuerySchema>,
): Promise<{ posts: Post[]; nextCursor: string | null }> {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const board = ctx.postIndex.boardFor(viewer, query.topicId);
  if (!board) return { posts: [], nextCursor: null };
  // One more than a page tells whether another page follows without a count.
  const found = await ctx.postIndex.read(board, after, query.limit + 1);
  const page = found.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor =
    found.length > query.limit && last
      ? encodeCursor({ createdAt: last.createdAt, id: String(last._id) })
      : null;
  return { posts: await presentPosts(ctx, page, viewer), nextCursor };
}

export async function createPost(
  ctx: ForumContext,
  viewer: Viewer,
  body: z.output<typeof createPostBodySchema>,
  image?: Buffer,
): Promise<Post> {
  await requireTopic(ctx, body.topicId);
  // Stored before the post so a refused image (not an image, undecodable) creates nothing.
  const stored = image ? await ctx.media.putImage('posts', image) : null;
  let post: PostDoc;
  try {
    const created = await ctx.models.Post.create({
      title: body.title,
      content: body.content,
      topicId: body.topicId,
      isAnonymous: body.isAnonymous,
      imageUrl: stored?.url ?? null,
      authorId: viewer.userId,
      collegeId: viewer.collegeId,
    });
    post = created.toObject();
  } catch (err) {
    if (stored) await ctx.media.remove(stored.key);
    throw err;
  }
  await ctx.postIndex.add(post);
  await ctx.commentIndex.startPost(post._id);
  await adjustTopicCount(ctx, post.collegeId, post.topicId, 1);
  await announcePostCreated(ctx, post);
  return presentPost(ctx, post, viewer);
}

export async function updatePost(
  ctx: ForumContext,
  viewer: Viewer,
  postId: string,
  body: z.output<typeof updatePostBodySchema>,
): Promise<Post> {
  const post = await findVisiblePost(ctx, viewer, postId);
  if (!canModify(viewer, post.authorId)) throw forbidden('You can only edit your own posts.');
  const updated = await updatePostDocument(ctx, post._id, {
    $set: { title: body.title, content: body.content },
  });
  if (!updated) throw notFound(POST_NOT_FOUND);
  return presentPost(ctx, updated, viewer);
}

/**
 * Applies an update to one post and caches the version it wrote; null when the post is gone. Both
 * happen in the post's queue (see one-at-a-time.ts), so the cache gets its versions in order.
 */
export async function updatePostDocument(
  ctx: ForumContext,
  postId: Types.ObjectId,
  update: Record<string, unknown>,
): Promise<PostDoc | null> {
  return oneAtATime(postKey(postId), async () => {
    const updated = await ctx.models.Post.findOneAndUpdate({ _id: postId }, update, {
      returnDocument: 'after',
    }).lean<PostDoc>();
    if (updated) await ctx.postIndex.changed(updated);
    return updated;
  });
}

export async function deletePost(ctx: ForumContext, viewer: Viewer, postId: string): Promise<void> {
  const post = await findVisiblePost(ctx, viewer, postId);
  if (!canModify(viewer, post.authorId)) throw forbidden('You can only delete your own posts.');
  await removePost(ctx, post._id);
}

/**
 * Deletes a post with everything hanging off it: its comments, views, image, and its place in the
 * topic count. Without transactions (FerretDB) the post goes first, so only one of two racing
 * deletes does the rest, and a failure half-way leaves only unreachable leftovers.
 * Returns false when the post was already gone.
 */
export async function removePost(ctx: ForumContext, postId: Types.ObjectId | string): Promise<boolean> {
  const { Post, Comment, PostView } = ctx.models;
  const post = await Post.findOneAndDelete({ _id: postId }).lean<PostDoc>();
  if (!post) return false;
  await ctx.postIndex.remove(post);
  await adjustTopicCount(ctx, post.collegeId, post.topicId, -1);
  const comments = await Comment.find(
    { postId: post._id },
    { _id: 1, postId: 1, authorId: 1, collegeId: 1 },
  ).lean();
  await Comment.deleteMany({ postId: post._id });
  await ctx.commentIndex.dropPost(post._id);
  for (const comment of comments) await ctx.commentIndex.remove(comment);
  await PostView.deleteMany({ postId: post._id });
  if (post.imageUrl) await ctx.media.remove(post.imageUrl);
  await announcePostDeleted(ctx, post);
  // Commenters' profile stats follow their comments.
  for (const comment of comments) await announceCommentDeleted(ctx, comment);
  return true;
}

/**
 * Counts a view once per viewer and never the author's own: a (post, viewer) document with a
 * unique key is upserted, and the counter moves only when that upsert inserted.
 */
export async function recordView(
  ctx: ForumContext,
  viewer: Viewer,
  postId: string,
): Promise<{ viewCount: number }> {
  const post = await findVisiblePost(ctx, viewer, postId);
  if (post.authorId === viewer.userId) return { viewCount: post.viewCount };
  let firstView = false;
  try {
    const result = await ctx.models.PostView.updateOne(
      { _id: postViewId(post._id, viewer.userId) },
      { $setOnInsert: { postId: post._id, viewerId: viewer.userId, viewedAt: new Date() } },
      { upsert: true },
    );
    firstView = result.upsertedCount === 1;
  } catch (err) {
    // The same viewer twice at once: the unique index lets one insert; the other is a repeat view.
    if ((err as { code?: number }).code !== 11000) throw err;
  }
  if (!firstView) return { viewCount: post.viewCount };
  const updated = await updatePostDocument(ctx, post._id, { $inc: { viewCount: 1 } });
  return { viewCount: updated?.viewCount ?? post.viewCount + 1 };
}
