import type { Logger, Redis } from '@quad/common';
import { Types } from 'mongoose';
import type { CommentDoc, CommentModel } from '../models/comment-model';
import { createDocCache } from './doc-cache';
import { indexKeys } from './index-keys';
import {
  type IndexStore,
  type IndexedList,
  addToLists,
  dropLists,
  findById,
  markReady,
  readAllOldestFirst,
  readNewestFirst,
  removeFromLists,
} from './sorted-id-index';

/*
 * Lists of comments served from Redis, like the post lists (see sorted-id-index.ts): each post's
 * comments, and each author's (profile); and the comment documents, cached (doc-cache.ts). On
 * FerretDB v1 a `{postId}` filter reads every comment of every post, however few the post has.
 */

export type CommentList = IndexedList<CommentDoc>;

export interface CommentIndex {
  /** A post's comments. */
  ofPost(postId: Types.ObjectId | string): CommentList;
  /** A user's comments. */
  byAuthor(authorId: string): CommentList;
  /** Every comment of a list, oldest first. */
  readAll(list: CommentList): Promise<CommentDoc[]>;
  /** The newest `count` comments of a list. */
  readNewest(list: CommentList, count: number): Promise<CommentDoc[]>;
  /** One comment by id, from the cache or else the database; null when it does not exist. */
  find(commentId: string): Promise<CommentDoc | null>;
  /** Mirrors a stored comment into its lists and the cache (never throws; see addToLists). */
  add(comment: CommentDoc): Promise<void>;
  /** Caches the version of a comment an update wrote (never throws). */
  changed(comment: CommentDoc): Promise<void>;
  /** Mirrors a deleted comment out of its lists and the cache (never throws; see removeFromLists). */
  remove(comment: Pick<CommentDoc, '_id' | 'authorId' | 'postId'>): Promise<void>;
  /** Starts a new post's comment list as complete (it has none yet), so no reader rebuilds it. */
  startPost(postId: Types.ObjectId | string): Promise<void>;
  /** Forgets the comment list of a deleted post (its comments' authors' lists are updated one by one). */
  dropPost(postId: Types.ObjectId | string): Promise<void>;
}

/** A comment as JSON.parse gives it back from the cache. */
function reviveComment(raw: Record<string, unknown>): CommentDoc {
  return {
    ...(raw as unknown as CommentDoc),
    _id: new Types.ObjectId(raw._id as string),
    postId: new Types.ObjectId(raw.postId as string),
    createdAt: new Date(raw.createdAt as string),
    updatedAt: new Date(raw.updatedAt as string),
  };
}

export function createCommentIndex(deps: {
  redis: Redis;
  Comment: CommentModel;
  namespace: string;
  logger: Logger;
}): CommentIndex {
  const keys = indexKeys(deps.namespace);
  const cache = createDocCache({ ...deps, keyOf: keys.commentDoc, revive: reviveComment });
  const store: IndexStore<CommentDoc> = {
    redis: deps.redis,
    model: deps.Comment,
    cache,
    logger: deps.logger,
  };

  function ofPost(postId: Types.ObjectId | string): CommentList {
    const id = String(postId);
    return {
      key: keys.postComments(id),
      // The model casts the hex id to the stored ObjectId.
      filter: { postId: id },
      contains: (comment) => String(comment.postId) === id,
    };
  }

  function byAuthor(authorId: string): CommentList {
    return {
      key: keys.authorComments(authorId),
      filter: { authorId },
      contains: (comment) => comment.authorId === authorId,
    };
  }

  const listsOf = (comment: Pick<CommentDoc, 'authorId' | 'postId'>) => [
    ofPost(comment.postId).key,
    byAuthor(comment.authorId).key,
  ];

  return {
    ofPost,
    byAuthor,
    readAll: (list) => readAllOldestFirst(store, list),
    readNewest: (list, count) => readNewestFirst(store, list, { count }),
    find: (commentId) => findById(store, commentId),
    async add(comment) {
      await cache.put(comment);
      await addToLists(store, listsOf(comment), comment);
    },
    changed: (comment) => cache.put(comment),
    async remove(comment) {
      await cache.drop(comment._id);
      await removeFromLists(store, listsOf(comment), comment._id);
    },
    async startPost(postId) {
      // Only saves a rebuild: without the flag the first reader scans for the (no) comments.
      await markReady(deps.redis, [ofPost(postId).key]).catch((err: unknown) =>
        deps.logger.warn({ err, postId: String(postId) }, 'list index: new post comment list not marked'),
      );
    },
    async dropPost(postId) {
      await dropLists(deps.redis, [ofPost(postId).key]).catch((err: unknown) =>
        deps.logger.warn(
          { err, postId: String(postId) },
          'list index: comments of a deleted post not dropped',
        ),
      );
    },
  };
}
