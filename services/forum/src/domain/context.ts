import {
  type Logger,
  type MediaStore,
  type Publisher,
  type ServiceRuntime,
  createMediaStore,
} from '@quad/common';
import type { Connection } from 'mongoose';
import type { Config } from '../config';
import { type ForumModels, forumModels } from '../models';
import { type CommentIndex, createCommentIndex } from './comment-index';
import { type PostIndex, createPostIndex } from './post-index';

/**
 * What forum domain code works with: its models, the list indexes in Redis, the event publisher
 * and image storage. Never req/res.
 */
export interface ForumContext {
  db: Connection;
  models: ForumModels;
  /** Boards (the feed) and authors' posts; see post-index.ts. */
  postIndex: PostIndex;
  /** Posts' and authors' comments; see comment-index.ts. */
  commentIndex: CommentIndex;
  publisher: Publisher;
  media: MediaStore;
  logger: Logger;
}

const contexts = new WeakMap<ServiceRuntime<Config>, ForumContext>();

/** One context per runtime, shared by the HTTP routes and the event consumers. */
export function forumContext(runtime: ServiceRuntime<Config>): ForumContext {
  let context = contexts.get(runtime);
  if (!context) {
    const models = forumModels(runtime.db);
    const indexDeps = { redis: runtime.redis, namespace: runtime.db.name, logger: runtime.logger };
    context = {
      db: runtime.db,
      models,
      postIndex: createPostIndex({ ...indexDeps, Post: models.Post }),
      commentIndex: createCommentIndex({ ...indexDeps, Comment: models.Comment }),
      publisher: runtime.publisher,
      media: createMediaStore(runtime.config),
      logger: runtime.logger,
    };
    contexts.set(runtime, context);
  }
  return context;
}
