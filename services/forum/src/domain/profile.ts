import { PROFILE_RECENT_LIMIT, type ProfileComment, type ProfilePost, type UserStats } from '@quad/contracts';
import type { ForumContext } from './context';
import { commentsBy, postsBy } from './lists';
import { topicName } from './topics';
import type { Viewer } from './viewer';

/*
 * The caller's own content. Anonymous posts and comments are included: they are the caller's, and
 * nobody else sees these lists.
 */

/** The caller's post count: the size of their post list here, where posts live (no projection to lag behind). */
export async function userStats(ctx: ForumContext, viewer: Viewer): Promise<UserStats> {
  return { totalPosts: await ctx.posts.count(postsBy(viewer.userId)) };
}

export async function profilePosts(ctx: ForumContext, viewer: Viewer): Promise<ProfilePost[]> {
  const posts = await ctx.posts.newest(postsBy(viewer.userId), PROFILE_RECENT_LIMIT);
  return posts.map((post) => ({
    id: String(post._id),
    title: post.title,
    content: post.content,
    topic: topicName(post.topicId),
    createdAt: post.createdAt.toISOString(),
  }));
}

export async function profileComments(ctx: ForumContext, viewer: Viewer): Promise<ProfileComment[]> {
  const comments = await ctx.comments.newest(commentsBy(viewer.userId), PROFILE_RECENT_LIMIT);
  // The join to post titles is a second read by id (no $lookup on FerretDB), from the cache.
  const postIds = [...new Map(comments.map((comment) => [String(comment.postId), comment.postId])).values()];
  const posts = await ctx.posts.findMany(postIds);
  const titles = new Map(posts.filter((post) => post !== null).map((post) => [String(post._id), post.title]));
  return comments.map((comment) => ({
    id: String(comment._id),
    content: comment.content,
    postTitle: titles.get(String(comment.postId)) ?? '',
    createdAt: comment.createdAt.toISOString(),
  }));
}
