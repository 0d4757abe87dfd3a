import {
  type BlockDoc,
  type Logger,
  type MediaStore,
  type Repository,
  type ServiceRuntime,
  type UserDirectory,
  blocksMadeBy,
  createMediaStore,
  createRepository,
  perRuntime,
} from '@quad/common';
import type { Config } from '../config';
import { type ForumModels, forumModels } from '../models';
import type { CommentDoc } from '../models/comment-model';
import type { PostDoc } from '../models/post-model';
import type { PostViewDoc } from '../models/post-view-model';
import { commentsBy, commentsOf, listsOfPost, viewsOf } from './lists';

/**
 * What forum domain code works with: a repository per collection (each write mirrored into its
 * lists and cache in the same call), the cached user directory, image storage. Never req/res.
 */
export interface ForumContext {
  models: ForumModels;
  posts: Repository<PostDoc>;
  comments: Repository<CommentDoc>;
  views: Repository<PostViewDoc>;
  /** Who blocked whom, from social's events. */
  blocks: Repository<BlockDoc>;
  directory: UserDirectory;
  media: MediaStore;
  logger: Logger;
}

/** One context per runtime, shared by the HTTP routes and the event consumers. */
export const forumContext = perRuntime((runtime: ServiceRuntime<Config>): ForumContext => {
  const models = forumModels(runtime.db);
  return {
    models,
    posts: createRepository<PostDoc>(runtime, { model: models.Post, name: 'posts', listsOf: listsOfPost }),
    comments: createRepository<CommentDoc>(runtime, {
      model: models.Comment,
      name: 'comments',
      listsOf: (comment) => [commentsOf(comment.postId), commentsBy(comment.authorId)],
    }),
    views: createRepository<PostViewDoc>(runtime, {
      model: models.PostView,
      name: 'views',
      listsOf: (view) => [viewsOf(view.postId)],
    }),
    blocks: createRepository<BlockDoc>(runtime, { model: models.Block, name: 'blocks', listsOf: (block) => [blocksMadeBy(block.blockerId)] }),
    directory: runtime.directory,
    media: createMediaStore(runtime.config),
    logger: runtime.logger,
  };
});
