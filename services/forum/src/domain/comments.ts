import type { z } from 'zod';
import type { Comment, createCommentBodySchema, updateCommentBodySchema } from '@quad/contracts';
import { badRequest, forbidden, isObjectId, notFound } from '@quad/common';
import type { Types } from 'mongoose';
import type { CommentDoc } from '../models/comment-model';
import type { ForumContext } from './context';
import { announceCommentCreated, announceCommentDeleted } from './events';
import { POST_NOT_FOUND, findVisiblePost, updatePostDocument } from './posts';
import { presentComment, presentComments } from './present';
import { type Viewer, canModify, canSee } from './viewer';

const COMMENT_NOT_FOUND = 'Comment not found';

async function findVisibleComment(ctx: ForumContext, viewer: Viewer, commentId: string): Promise<CommentDoc> {
  if (!isObjectId(commentId)) throw notFound(COMMENT_NOT_FOUND);
  // From the document cache, else by _id alone (see comment-index.ts); the college is checked here.
  const comment = await ctx.commentIndex.find(commentId);
  if (!comment || !canSee(viewer, comment.collegeId)) throw notFound(COMMENT_NOT_FOUND);
  return comment;
}

/** A post's comments, oldest first, from the post's comment index (see comment-index.ts). */
export async function listComments(
  ctx: ForumContext,
  viewer: Viewer,
  postId: string | undefined,
): Promise<Comment[]> {
  if (!postId) throw badRequest('postId is required.');
  const post = await findVisiblePost(ctx, viewer, postId);
  const comments = await ctx.commentIndex.readAll(ctx.commentIndex.ofPost(post._id));
  return presentComments(ctx, comments, viewer);
}

export async function createComment(
  ctx: ForumContext,
  viewer: Viewer,
  body: z.output<typeof createCommentBodySchema>,
): Promise<Comment> {
  const post = await findVisiblePost(ctx, viewer, body.postId);
  const { Comment: Comments } = ctx.models;
  const comment = (
    await Comments.create({
      content: body.content,
      postId: post._id,
      isAnonymous: body.isAnonymous,
      authorId: viewer.userId,
      collegeId: post.collegeId,
    })
  ).toObject();
  const counted = await updatePostDocument(ctx, post._id, { $inc: { commentCount: 1 } });
  if (!counted) {
    // The post was deleted between the check and the insert: take the comment back.
    await Comments.deleteOne({ _id: comment._id });
    throw notFound(POST_NOT_FOUND);
  }
  await ctx.commentIndex.add(comment);
  await announceCommentCreated(ctx, comment);
  return presentComment(ctx, comment, viewer);
}

export async function updateComment(
  ctx: ForumContext,
  viewer: Viewer,
  commentId: string,
  body: z.output<typeof updateCommentBodySchema>,
): Promise<Comment> {
  const comment = await findVisibleComment(ctx, viewer, commentId);
  if (!canModify(viewer, comment.authorId)) throw forbidden('You can only edit your own comments.');
  const updated = await ctx.models.Comment.findOneAndUpdate(
    { _id: comment._id },
    { $set: { content: body.content } },
    { returnDocument: 'after' },
  ).lean<CommentDoc>();
  if (!updated) throw notFound(COMMENT_NOT_FOUND);
  await ctx.commentIndex.changed(updated);
  return presentComment(ctx, updated, viewer);
}

export async function deleteComment(ctx: ForumContext, viewer: Viewer, commentId: string): Promise<void> {
  const comment = await findVisibleComment(ctx, viewer, commentId);
  if (!canModify(viewer, comment.authorId)) throw forbidden('You can only delete your own comments.');
  await removeComment(ctx, comment._id);
}

/** Deletes a comment and takes it off its post's count. Returns false when it was already gone. */
export async function removeComment(ctx: ForumContext, commentId: Types.ObjectId | string): Promise<boolean> {
  const comment = await ctx.models.Comment.findOneAndDelete({ _id: commentId }).lean<CommentDoc>();
  if (!comment) return false;
  await ctx.commentIndex.remove(comment);
  await updatePostDocument(ctx, comment.postId, { $inc: { commentCount: -1 } });
  await announceCommentDeleted(ctx, comment);
  return true;
}
