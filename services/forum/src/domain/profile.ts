import { PROFILE_RECENT_LIMIT, type ProfileComment, type ProfilePost, type UserStats } from '@quad/contracts';
import type { ForumContext } from './context';
import { topicNames } from './topics';
import type { Viewer } from './viewer';

/*
 * The caller's own content. Anonymous posts and comments are included: they are the caller's, and
 * nobody else sees these lists. Read from the authors' list indexes (post-index.ts,
 * comment-index.ts): on FerretDB v1 an `{authorId}` filter reads the whole collection.
 */

export async function userStats(ctx: ForumContext, viewer: Viewer): Promise<UserStats> {
  return { totalPosts: await ctx.postIndex.count(ctx.postIndex.byAuthor(viewer.userId)) };
}

export async function profilePosts(ctx: ForumContext, viewer: Viewer): Promise<ProfilePost[]> {
  const [posts, names] = await Promise.all([
    ctx.postIndex.read(ctx.postIndex.byAuthor(viewer.userId), undefined, PROFILE_RECENT_LIMIT),
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
  const comments = await ctx.commentIndex.readNewest(
    ctx.commentIndex.byAuthor(viewer.userId),
    PROFILE_RECENT_LIMIT,
  );
  // The join to post titles is a second read (no $lookup on FerretDB): each post from the document
  // cache, else by _id (`$in` would read every post on FerretDB).
  const postIds = [...new Set(comments.map((comment) => String(comment.postId)))];
  const posts = await Promise.all(postIds.map((id) => ctx.postIndex.find(id)));
  const titles = new Map(posts.filter((post) => post !== null).map((post) => [String(post._id), post.title]));
  return comments.map((comment) => ({
    id: String(comment._id),
    content: comment.content,
    postTitle: titles.get(String(comment.postId)) ?? '',
    createdAt: comment.createdAt.toISOString(),
  }));
}
