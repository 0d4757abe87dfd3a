import { type ServiceContextTools, blocksMadeBy, createMediaStore, defineServiceContext } from '@quad/common';
import type { Config } from '../config';
import { forumModels } from '../models';
import { commentsBy, commentsOf, listsOfPost, viewsOf } from './lists';

/**
 * What forum domain code works with (common's service context): a repository per collection, the
 * cached user directory, image storage. Never req/res.
 */
export const forumContext = defineServiceContext(
  forumModels,
  (models, { repository, runtime }: ServiceContextTools<Config>) => ({
    posts: repository(models.Post, 'posts', listsOfPost),
    comments: repository(models.Comment, 'comments', (comment) => [
      commentsOf(comment.postId),
      commentsBy(comment.authorId),
    ]),
    views: repository(models.PostView, 'views', (view) => [viewsOf(view.postId)]),
    /** Who blocked whom, from social's events. */
    blocks: repository(models.Block, 'blocks', (block) => [blocksMadeBy(block.blockerId)]),
    media: createMediaStore(runtime.config),
  }),
);
export type ForumContext = ReturnType<typeof forumContext>;
