import type { z } from 'zod';
import type { Comment, createCommentBodySchema, updateCommentBodySchema } from '@quad/contracts';
import { badRequest, forbidden, isObjectId, notFound } from '@quad/common';
import type { Types } from 'mongoose';
import type { CommentDoc } from '../models/comment-model';
import type { ForumContext } from './context';
import { announceCommentCreated, announceCommentDeleted } from './events';
import { oneAtATime, postKey } from './one-at-a-time';
import { POST_NOT_FOUND, findVisiblePost } from './posts';
import { presentComment, presentComments } from './present';
import { type Viewer, canModify, collegeScope } from './viewer';

const COMMENT_NOT_FOUND = 'Comment not found';

async function findVisibleComment(ctx: ForumContext, viewer: Viewer, commentId: string): Promise<CommentDoc> {
  if (!isObjectId(commentId)) throw notFound(COMMENT_NOT_FOUND);
  const comment = await ctx.models.Comment.findOne({
    _id: commentId,
    ...collegeScope(viewer),
  }).lean<CommentDoc>();
  if (!comment) throw notFound(COMMENT_NOT_FOUND);
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
  const comments = await ctx.models.Comment.find({ postId: post._id })
    .sort({ createdAt: 1, _id: 1 })
    .lean<CommentDoc[]>();
  return presentComments(ctx, comments, viewer);
}

export async function createComment(
  ctx: ForumContext,
  viewer: Viewer,
  body: z.output<typeof createCommentBodySchema>,
): Promise<Comment> {
  const post = await findVisiblePost(ctx, viewer, body.postId);
  const { Comment: Comments, Post } = ctx.models;
  const comment = (
    await Comments.create({
      content: body.content,
      postId: post._id,
      isAnonymous: body.isAnonymous,
      authorId: viewer.userId,
      collegeId: post.collegeId,
    })
  ).toObject();
  const counted = await oneAtATime(postKey(post._id), () =>
    Post.updateOne({ _id: post._id }, { $inc: { commentCount: 1 } }),
  );
  if (counted.matchedCount === 0) {
    // The post was deleted between the check and the insert: take the comment back.
    await Comments.deleteOne({ _id: comment._id });
    throw notFound(POST_NOT_FOUND);
  }
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
  await oneAtATime(postKey(comment.postId), () =>
    ctx.models.Post.updateOne({ _id: comment.postId }, { $inc: { commentCount: -1 } }),
  );
  await announceCommentDeleted(ctx, comment);
  return true;
}
