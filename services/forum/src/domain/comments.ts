import type { z } from 'zod';
import type { Comment, createCommentBodySchema, updateCommentBodySchema } from '@quad/contracts';
import { badRequest, isObjectId, notFound } from '@quad/common';
import { Types } from 'mongoose';
import type { CommentDoc } from '../models/comment-model';
import type { ForumContext } from './context';
import { commentsOf } from './lists';
import { commentCreated, commentDeleted, commentUpdated } from './outgoing-events';
import { POST_NOT_FOUND, findVisiblePost } from './posts';
import { presentComment, presentComments } from './present';
import { type Viewer, assertMayModify, canSee, editOwn } from './viewer';

const COMMENT_NOT_FOUND = 'Comment not found';

async function findVisibleComment(ctx: ForumContext, viewer: Viewer, commentId: string): Promise<CommentDoc> {
  if (!isObjectId(commentId)) throw notFound(COMMENT_NOT_FOUND);
  const comment = await ctx.comments.find(new Types.ObjectId(commentId));
  if (!comment || !canSee(viewer, comment.collegeId)) throw notFound(COMMENT_NOT_FOUND);
  return comment;
}

/** A post's comments, oldest first. */
export async function listComments(
  ctx: ForumContext,
  viewer: Viewer,
  postId: string | undefined,
): Promise<Comment[]> {
  if (!postId) throw badRequest('postId is required.');
  const post = await findVisiblePost(ctx, viewer, postId);
  return presentComments(ctx, await ctx.comments.all(commentsOf(post._id)), viewer);
}

export async function createComment(
  ctx: ForumContext,
  viewer: Viewer,
  body: z.output<typeof createCommentBodySchema>,
): Promise<Comment> {
  const post = await findVisiblePost(ctx, viewer, body.postId);
  const fields = {
    _id: new Types.ObjectId(),
    content: body.content,
    postId: post._id,
    isAnonymous: body.isAnonymous,
    authorId: viewer.userId,
    collegeId: post.collegeId,
    createdAt: new Date(),
  };
  const comment = await ctx.comments.insert({ ...fields, updatedAt: fields.createdAt } as never, [
    commentCreated({ ...fields, version: 0 }),
  ]);
  if (!(await ctx.posts.find(post._id))) {
    // The post was deleted between the check and the insert: take the comment back.
    await ctx.comments.remove(comment._id, (removed) => [commentDeleted(removed)]);
    throw notFound(POST_NOT_FOUND);
  }
  return presentComment(ctx, comment, viewer);
}

export async function updateComment(
  ctx: ForumContext,
  viewer: Viewer,
  commentId: string,
  body: z.output<typeof updateCommentBodySchema>,
): Promise<Comment> {
  const comment = await findVisibleComment(ctx, viewer, commentId);
  const updated = await editOwn(
    viewer,
    ctx.comments,
    comment,
    { fields: { content: body.content }, event: commentUpdated },
    { refusal: 'You can only edit your own comments.', gone: COMMENT_NOT_FOUND },
  );
  return presentComment(ctx, updated, viewer);
}

export async function deleteComment(ctx: ForumContext, viewer: Viewer, commentId: string): Promise<void> {
  const comment = await findVisibleComment(ctx, viewer, commentId);
  assertMayModify(viewer, comment.authorId, 'You can only delete your own comments.');
  if (!(await removeComment(ctx, comment._id))) throw notFound(COMMENT_NOT_FOUND);
}

/** Deletes a comment (its post's count is its list, which follows). Returns false when already gone. */
export async function removeComment(ctx: ForumContext, commentId: Types.ObjectId | string): Promise<boolean> {
  const removed = await ctx.comments.remove(new Types.ObjectId(String(commentId)), (comment) => [
    commentDeleted(comment),
  ]);
  return removed !== null;
}
