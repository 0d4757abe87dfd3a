import { PROFILE_RECENT_LIMIT, type ProfileComment, type ProfilePost, type UserStats } from '@quad/contracts';
import mongoose from 'mongoose';
import type { CommentDoc } from '../models/comment-model';
import type { PostDoc } from '../models/post-model';
import type { ForumContext } from './context';
import { topicNames } from './topics';
import type { Viewer } from './viewer';

/*
 * The caller's own content. Anonymous posts and comments are included: they are the caller's, and
 * nobody else sees these lists.
 */

export async function userStats(ctx: ForumContext, viewer: Viewer): Promise<UserStats> {
  return { totalPosts: await ctx.models.Post.countDocuments({ authorId: viewer.userId }) };
}

export async function profilePosts(ctx: ForumContext, viewer: Viewer): Promise<ProfilePost[]> {
  const [posts, names] = await Promise.all([
    ctx.models.Post.find({ authorId: viewer.userId }, { title: 1, content: 1, topicId: 1, createdAt: 1 })
      .sort({ createdAt: -1, _id: -1 })
      .limit(PROFILE_RECENT_LIMIT)
      .lean<PostDoc[]>(),
    topicNames(ctx),
  ]);
  return posts.map((post) => ({
    id: String(post._id),
    title: post.title,
    content: post.content,
    topic: names.get(post.topicId) ?? '',
    createdAt: post.createdAt.toISOString(),
  }));
}

export async function profileComments(ctx: ForumContext, viewer: Viewer): Promise<ProfileComment[]> {
  const comments = await ctx.models.Comment.find({ authorId: viewer.userId })
    .sort({ createdAt: -1, _id: -1 })
    .limit(PROFILE_RECENT_LIMIT)
    .lean<CommentDoc[]>();
  // The join to post titles is a second query (no $lookup on FerretDB).
  const postIds = [...new Set(comments.map((comment) => String(comment.postId)))];
  const posts = postIds.length
    ? await ctx.models.Post.find({ _id: mongoose.trusted({ $in: postIds }) }, { title: 1 }).lean<PostDoc[]>()
    : [];
  const titles = new Map(posts.map((post) => [String(post._id), post.title]));
  return comments.map((comment) => ({
    id: String(comment._id),
    content: comment.content,
    postTitle: titles.get(String(comment.postId)) ?? '',
    createdAt: comment.createdAt.toISOString(),
  }));
}
