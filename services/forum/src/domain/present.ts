import type { Author, Comment, Post } from '@quad/contracts';
import { type DirectoryEntry, perVersion, personOf } from '@quad/common';
import type { CommentDoc } from '../models/comment-model';
import type { PostDoc } from '../models/post-model';
import type { ForumContext } from './context';
import { blockedUsers } from './blocks';
import { commentsOf, viewsOf } from './lists';
import { type Viewer, canModify } from './viewer';

/**
 * Anonymity is a security requirement: an anonymous post or comment names its author only to
 * the author and to admins. Every response that carries authorship goes through here.
 */
export function revealsAuthor(item: { isAnonymous: boolean; authorId: string }, viewer: Viewer): boolean {
  return !item.isAnonymous || viewer.isAdmin || item.authorId === viewer.userId;
}

function authorOf(authorId: string, entry: DirectoryEntry | undefined): Author {
  // A user the directory copy does not know yet shows as initials '??' rather than failing the list.
  const { id: _id, ...author } = personOf(authorId, entry);
  return author;
}

/** Display fields of the authors a viewer may see, from the cached directory; hidden authors are not even looked up. */
async function visibleAuthors(
  ctx: ForumContext,
  items: Array<{ isAnonymous: boolean; authorId: string }>,
  viewer: Viewer,
): Promise<Map<string, DirectoryEntry>> {
  return ctx.directory.getMany(
    items.filter((item) => revealsAuthor(item, viewer)).map((item) => item.authorId),
  );
}

function authorship(
  item: { isAnonymous: boolean; authorId: string },
  viewer: Viewer,
  authors: Map<string, DirectoryEntry>,
  blocked: Set<string>,
): Pick<Post, 'authorId' | 'author' | 'canEdit' | 'authorBlocked'> {
  const revealed = revealsAuthor(item, viewer);
  return {
    authorId: revealed ? item.authorId : null,
    author: revealed ? authorOf(item.authorId, authors.get(item.authorId)) : null,
    canEdit: canModify(viewer, item.authorId),
    // Anonymous content is never marked: collapsing it would say who wrote it.
    authorBlocked: !item.isAnonymous && blocked.has(item.authorId),
  };
}

/** A post's own fields: the same for every viewer, changed only by a write of the post. */
type PostContent = Pick<Post, 'id' | 'title' | 'content' | 'imageUrl' | 'isAnonymous' | 'topicId' | 'createdAt' | 'updatedAt'>;
/** What a post says to one viewer: its authorship as they may see it, and its counts now. */
type PostForViewer = Omit<Post, keyof PostContent>;

function postContent(post: PostDoc): PostContent {
  return {
    id: String(post._id),
    title: post.title,
    content: post.content,
    imageUrl: post.imageUrl ?? null,
    isAnonymous: post.isAnonymous,
    topicId: post.topicId,
    createdAt: post.createdAt.toISOString(),
    updatedAt: (post.updatedAt ?? post.createdAt).toISOString(),
  };
}

/** A post's content as JSON members (no braces), serialized once per version of the post. */
const contentJson = perVersion((post: PostDoc) => JSON.stringify(postContent(post)).slice(1, -1));

async function forViewer(ctx: ForumContext, posts: PostDoc[], viewer: Viewer): Promise<PostForViewer[]> {
  // Counts have one source each: the post's view list and comment list (domain/lists.ts).
  const [authors, blocked, viewCounts, commentCounts] = await Promise.all([
    visibleAuthors(ctx, posts, viewer),
    blockedUsers(ctx, viewer.userId),
    ctx.views.countMany(posts.map((post) => viewsOf(post._id))),
    ctx.comments.countMany(posts.map((post) => commentsOf(post._id))),
  ]);
  return posts.map((post, i) => {
    // Fields set one by one rather than spread from authorship(): this runs for every post of every page.
    const { authorId, author, canEdit, authorBlocked } = authorship(post, viewer, authors, blocked);
    return { authorId, author, canEdit, authorBlocked, viewCount: viewCounts[i]!, commentCount: commentCounts[i]! };
  });
}

export async function presentPosts(ctx: ForumContext, posts: PostDoc[], viewer: Viewer): Promise<Post[]> {
  const parts = await forViewer(ctx, posts, viewer);
  return posts.map((post, i) => ({ ...postContent(post), ...parts[i]! }));
}

/**
 * The posts as presentPosts presents them, as the JSON text of their array: what a feed page
 * answers. Each post's content is serialized once per version (contentJson) and only what is the
 * viewer's is serialized per request: about a tenth less CPU per feed request (bench/README.md).
 */
export async function presentPostsJson(ctx: ForumContext, posts: PostDoc[], viewer: Viewer): Promise<string> {
  const parts = await forViewer(ctx, posts, viewer);
  // A part's JSON is an object of fixed, non-empty fields: its closing brace makes way for the content.
  return `[${posts.map((post, i) => `${JSON.stringify(parts[i]).slice(0, -1)},${contentJson(post)}}`).join(',')}]`;
}

export async function presentPost(ctx: ForumContext, post: PostDoc, viewer: Viewer): Promise<Post> {
  return (await presentPosts(ctx, [post], viewer))[0]!;
}

export async function presentComments(
  ctx: ForumContext,
  comments: CommentDoc[],
  viewer: Viewer,
): Promise<Comment[]> {
  const [authors, blocked] = await Promise.all([
    visibleAuthors(ctx, comments, viewer),
    blockedUsers(ctx, viewer.userId),
  ]);
  return comments.map((comment) => ({
    id: String(comment._id),
    content: comment.content,
    postId: String(comment.postId),
    isAnonymous: comment.isAnonymous,
    ...authorship(comment, viewer, authors, blocked),
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
