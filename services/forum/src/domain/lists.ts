import { type ListDef, listWhere } from '@quad/common';
import type { CommentDoc } from '../models/comment-model';
import type { PostDoc } from '../models/post-model';
import type { PostViewDoc } from '../models/post-view-model';

/*
 * The forum's lists, each kept by its repository beside every write (see @quad/common's
 * repository): boards (one college's topic, a college's 'All Topics', and for admins the same
 * across colleges; a post of an admin without a college is only on the cross-college boards),
 * each author's posts and comments, each post's comments and views. These lists are also the
 * one source of the forum's counts: a board's size is its topic count, a post's comment and
 * view lists are its comment and view counts, an author's post list is their post count here.
 */

export function board(collegeId: string | undefined, topicId: number | undefined): ListDef<PostDoc> {
  const filter: Record<string, unknown> = {};
  if (collegeId !== undefined) filter.collegeId = collegeId;
  if (topicId !== undefined) filter.topicId = topicId;
  const college = collegeId === undefined ? 'any' : `c:${encodeURIComponent(collegeId)}`;
  return {
    name: `board:${college}:${topicId === undefined ? 'all' : `t:${topicId}`}`,
    filter,
    contains: (post) =>
      (collegeId === undefined || post.collegeId === collegeId) &&
      (topicId === undefined || post.topicId === topicId),
  };
}

export function postsBy(authorId: string): ListDef<PostDoc> {
  return {
    name: `author:${encodeURIComponent(authorId)}:posts`,
    filter: { authorId },
    contains: (post) => post.authorId === authorId,
  };
}

/** Every list a post is on. */
export function listsOfPost(
  post: Pick<PostDoc, 'authorId' | 'collegeId' | 'topicId'>,
): Array<ListDef<PostDoc>> {
  const lists = [board(undefined, post.topicId), board(undefined, undefined), postsBy(post.authorId)];
  if (post.collegeId != null)
    lists.push(board(post.collegeId, post.topicId), board(post.collegeId, undefined));
  return lists;
}

/**
 * A post's comment and view lists are named for every post of every feed page (their sizes are the
 * counts): made once per post and kept, a few thousand at most, rather than made again per read.
 */
const POST_LISTS_KEPT = 5000;
const commentLists = new Map<string, ListDef<CommentDoc>>();
const viewLists = new Map<string, ListDef<PostViewDoc>>();

function kept<L>(lists: Map<string, L>, id: string, make: () => L): L {
  let list = lists.get(id);
  if (!list) {
    if (lists.size >= POST_LISTS_KEPT) lists.clear();
    list = make();
    lists.set(id, list);
  }
  return list;
}

export function commentsOf(postId: unknown): ListDef<CommentDoc> {
  const id = String(postId);
  // The model casts the hex id to the stored ObjectId.
  return kept(commentLists, id, () => listWhere(`post:${id}:comments`, { postId: id }));
}

export function commentsBy(authorId: string): ListDef<CommentDoc> {
  return listWhere(`author:${encodeURIComponent(authorId)}:comments`, { authorId });
}

export function viewsOf(postId: unknown): ListDef<PostViewDoc> {
  const id = String(postId);
  return kept(viewLists, id, () => listWhere(`post:${id}:views`, { postId: id }));
}
