import type { Logger, Redis } from '@quad/common';
import { Types } from 'mongoose';
import type { PostDoc, PostModel } from '../models/post-model';
import { createDocCache } from './doc-cache';
import { indexKeys } from './index-keys';
import {
  type IndexStore,
  type IndexedList,
  type ListPosition,
  addToLists,
  countOf,
  findById,
  readNewestFirst,
  removeFromLists,
} from './sorted-id-index';
import type { Viewer } from './viewer';

/*
 * Lists of posts served from Redis (see sorted-id-index.ts for how they stay complete, and
 * services/forum/README.md for why they exist): the boards of the feed, and each author's posts
 * (profile, stats); and the post documents themselves, cached (doc-cache.ts). Students read their college's boards; admins, who see every college, the `any`
 * boards. A post of an admin without a college (collegeId null) is only on the `any` boards.
 */

export type PostList = IndexedList<PostDoc>;

export interface PostIndex {
  /** The board a viewer reads for a topic (undefined: every topic); null when they see no board. */
  boardFor(viewer: Viewer, topicId: number | undefined): PostList | null;
  /** A user's posts. */
  byAuthor(authorId: string): PostList;
  /** Every list a post is on: its boards and its author's. */
  listsOf(post: Pick<PostDoc, 'authorId' | 'collegeId' | 'topicId'>): PostList[];
  /** Up to `count` posts of a list, newest first, after `after`. */
  read(list: PostList, after: ListPosition | undefined, count: number): Promise<PostDoc[]>;
  count(list: PostList): Promise<number>;
  /** One post by id, from the cache or else the database; null when it does not exist. */
  find(postId: string): Promise<PostDoc | null>;
  /** Mirrors a stored post into its lists and the cache (never throws; see addToLists). */
  add(post: PostDoc): Promise<void>;
  /** Caches the version of a post an update wrote (never throws). */
  changed(post: PostDoc): Promise<void>;
  /** Mirrors a deleted post out of its lists and the cache (never throws; see removeFromLists). */
  remove(post: Pick<PostDoc, '_id' | 'authorId' | 'collegeId' | 'topicId'>): Promise<void>;
}

/** A post as JSON.parse gives it back from the cache. */
function revivePost(raw: Record<string, unknown>): PostDoc {
  return {
    ...(raw as unknown as PostDoc),
    _id: new Types.ObjectId(raw._id as string),
    createdAt: new Date(raw.createdAt as string),
    updatedAt: new Date(raw.updatedAt as string),
  };
}

export function createPostIndex(deps: {
  redis: Redis;
  Post: PostModel;
  namespace: string;
  logger: Logger;
}): PostIndex {
  const keys = indexKeys(deps.namespace);
  const cache = createDocCache({ ...deps, keyOf: keys.postDoc, revive: revivePost });
  const store: IndexStore<PostDoc> = { redis: deps.redis, model: deps.Post, cache, logger: deps.logger };

  /** A board: posts of one college (undefined: every college) and one topic (undefined: every topic). */
  function board(collegeId: string | undefined, topicId: number | undefined): PostList {
    const key =
      collegeId === undefined
        ? topicId === undefined
          ? keys.anyAll()
          : keys.anyTopic(topicId)
        : topicId === undefined
          ? keys.collegeAll(collegeId)
          : keys.collegeTopic(collegeId, topicId);
    const filter: Record<string, unknown> = {};
    if (collegeId !== undefined) filter.collegeId = collegeId;
    if (topicId !== undefined) filter.topicId = topicId;
    return {
      key,
      filter,
      contains: (post) =>
        (collegeId === undefined || post.collegeId === collegeId) &&
        (topicId === undefined || post.topicId === topicId),
    };
  }

  function byAuthor(authorId: string): PostList {
    return {
      key: keys.authorPosts(authorId),
      filter: { authorId },
      contains: (post) => post.authorId === authorId,
    };
  }

  function listsOf(post: Pick<PostDoc, 'authorId' | 'collegeId' | 'topicId'>): PostList[] {
    const lists = [board(undefined, post.topicId), board(undefined, undefined), byAuthor(post.authorId)];
    if (post.collegeId != null)
      lists.push(board(post.collegeId, post.topicId), board(post.collegeId, undefined));
    return lists;
  }

  const keysOf = (post: Pick<PostDoc, 'authorId' | 'collegeId' | 'topicId'>) =>
    listsOf(post).map((list) => list.key);

  return {
    boardFor(viewer, topicId) {
      if (viewer.isAdmin) return board(undefined, topicId);
      // A student without a college has no board (posts without a college are admins').
      return viewer.collegeId == null ? null : board(viewer.collegeId, topicId);
    },
    byAuthor,
    listsOf,
    read: (list, after, count) => readNewestFirst(store, list, { after, count }),
    count: (list) => countOf(store, list),
    find: (postId) => findById(store, postId),
    async add(post) {
      await cache.put(post);
      await addToLists(store, keysOf(post), post);
    },
    changed: (post) => cache.put(post),
    async remove(post) {
      await cache.drop(post._id);
      await removeFromLists(store, keysOf(post), post._id);
    },
  };
}
