import type { OutboxEvent } from '@quad/common';
import type { CommentDoc } from '../models/comment-model';
import type { PostDoc } from '../models/post-model';

/*
 * What forum publishes (auth keeps profile stats from them), always through the outbox with the
 * write that makes them true (the repositories take these as their events). Event ids are derived
 * from the content id, so a retried publish is stored once (Nats-Msg-Id).
 */

type PostFacts = Pick<PostDoc, '_id' | 'authorId' | 'collegeId' | 'topicId'>;
type CommentFacts = Pick<CommentDoc, '_id' | 'postId' | 'authorId' | 'collegeId'>;

const postData = (post: PostFacts) => ({
  postId: String(post._id),
  authorId: post.authorId,
  collegeId: post.collegeId ?? null,
  topicId: post.topicId,
});

const commentData = (comment: CommentFacts) => ({
  commentId: String(comment._id),
  postId: String(comment.postId),
  authorId: comment.authorId,
  collegeId: comment.collegeId ?? null,
});

export const postCreated = (post: PostFacts): OutboxEvent => ({
  subject: 'forum.post.created',
  data: postData(post),
  eventId: `forum.post.created:${post._id}`,
});

export const postDeleted = (post: PostFacts): OutboxEvent => ({
  subject: 'forum.post.deleted',
  data: postData(post),
  eventId: `forum.post.deleted:${post._id}`,
});

export const commentCreated = (comment: CommentFacts): OutboxEvent => ({
  subject: 'forum.comment.created',
  data: commentData(comment),
  eventId: `forum.comment.created:${comment._id}`,
});

export const commentDeleted = (comment: CommentFacts): OutboxEvent => ({
  subject: 'forum.comment.deleted',
  data: commentData(comment),
  eventId: `forum.comment.deleted:${comment._id}`,
});
