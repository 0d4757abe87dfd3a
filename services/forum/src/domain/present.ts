import { DEFAULT_PROFILE_COLOR, type Author, type Comment, type Post } from '@quad/contracts';
import { type DirectoryEntry, directoryLookupById } from '@quad/common';
import type { CommentDoc } from '../models/comment-model';
import type { PostDoc } from '../models/post-model';
import type { ForumContext } from './context';
import { type Viewer, canModify } from './viewer';

/**
 * Anonymity is a security requirement: an anonymous post or comment names its author only to
 * the author and to admins. Every response that carries authorship goes through here.
 */
export function revealsAuthor(item: { isAnonymous: boolean; authorId: string }, viewer: Viewer): boolean {
  return !item.isAnonymous || viewer.isAdmin || item.authorId === viewer.userId;
}

function authorOf(entry: DirectoryEntry | undefined): Author {
  // A user the directory copy does not know yet shows as initials '??' rather than failing the list.
  return {
    firstName: entry?.firstName ?? '',
    lastName: entry?.lastName ?? '',
    profileColor: entry?.profileColor ?? DEFAULT_PROFILE_COLOR,
    profileImageUrl: entry?.profileImageUrl ?? null,
  };
}

/**
 * Display fields of the authors a viewer may see, one `_id` lookup each (FerretDB pushes those down
 * to SQLite; `$in` it evaluates in Go over every document); hidden authors are not even looked up.
 */
async function visibleAuthors(
  ctx: ForumContext,
  items: Array<{ isAnonymous: boolean; authorId: string }>,
  viewer: Viewer,
): Promise<Map<string, DirectoryEntry>> {
  const ids = items.filter((item) => revealsAuthor(item, viewer)).map((item) => item.authorId);
  return directoryLookupById(ctx.db, ids);
}

function authorship(
  item: { isAnonymous: boolean; authorId: string },
  viewer: Viewer,
  authors: Map<string, DirectoryEntry>,
): Pick<Post, 'authorId' | 'author' | 'canEdit'> {
  const revealed = revealsAuthor(item, viewer);
  return {
    authorId: revealed ? item.authorId : null,
    author: revealed ? authorOf(authors.get(item.authorId)) : null,
    canEdit: canModify(viewer, item.authorId),
  };
}

export async function presentPosts(ctx: ForumContext, posts: PostDoc[], viewer: Viewer): Promise<Post[]> {
  const authors = await visibleAuthors(ctx, posts, viewer);
  return posts.map((post) => ({
    id: String(post._id),
    title: post.title,
    content: post.content,
    imageUrl: post.imageUrl ?? null,
    isAnonymous: post.isAnonymous,
    ...authorship(post, viewer, authors),
    topicId: post.topicId,
    createdAt: post.createdAt.toISOString(),
    updatedAt: (post.updatedAt ?? post.createdAt).toISOString(),
    viewCount: post.viewCount ?? 0,
    commentCount: post.commentCount ?? 0,
  }));
}

export async function presentPost(ctx: ForumContext, post: PostDoc, viewer: Viewer): Promise<Post> {
  return (await presentPosts(ctx, [post], viewer))[0]!;
}

export async function presentComments(
  ctx: ForumContext,
  comments: CommentDoc[],
  viewer: Viewer,
): Promise<Comment[]> {
  const authors = await visibleAuthors(ctx, comments, viewer);
  return comments.map((comment) => ({
    id: String(comment._id),
    content: comment.content,
    postId: String(comment.postId),
    isAnonymous: comment.isAnonymous,
    ...authorship(comment, viewer, authors),
    createdAt: comment.createdAt.toISOString(),
    updatedAt: (comment.updatedAt ?? comment.createdAt).toISOString(),
  }));
}

export async function presentComment(
  ctx: ForumContext,
  comment: CommentDoc,
  viewer: Viewer,
): Promise<Comment> {
  return (await presentComments(ctx, [comment], viewer))[0]!;
}
