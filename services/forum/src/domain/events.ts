import type { CommentDoc } from '../models/comment-model';
import type { PostDoc } from '../models/post-model';
import type { ForumContext } from './context';

/*
 * Forum's events (auth keeps profile stats from them). Event ids are derived from the content id,
 * so a retried publish is stored once (Nats-Msg-Id) and consumers, who dedupe on the id, count
 * each post or comment once however often it is announced.
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

export async function announcePostCreated(ctx: ForumContext, post: PostFacts): Promise<void> {
  await ctx.publisher.publish('forum.post.created', postData(post), `forum.post.created:${post._id}`);
}

export async function announcePostDeleted(ctx: ForumContext, post: PostFacts): Promise<void> {
  await ctx.publisher.publish('forum.post.deleted', postData(post), `forum.post.deleted:${post._id}`);
}

export async function announceCommentCreated(ctx: ForumContext, comment: CommentFacts): Promise<void> {
  await ctx.publisher.publish(
    'forum.comment.created',
    commentData(comment),
    `forum.comment.created:${comment._id}`,
  );
}

export async function announceCommentDeleted(ctx: ForumContext, comment: CommentFacts): Promise<void> {
  await ctx.publisher.publish(
    'forum.comment.deleted',
    commentData(comment),
    `forum.comment.deleted:${comment._id}`,
  );
}
