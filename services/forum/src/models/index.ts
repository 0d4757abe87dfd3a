import type { Connection } from 'mongoose';
import { blockModel } from '@quad/common';
import { commentModel } from './comment-model';
import { postModel } from './post-model';
import { postViewModel } from './post-view-model';
import { topicModel } from './topic-model';

/** Every forum model on one connection; registering them all lets ensureIndexes build every index at start. */
export function forumModels(db: Connection) {
  return {
    Topic: topicModel(db),
    Post: postModel(db),
    Comment: commentModel(db),
    PostView: postViewModel(db),
    Block: blockModel(db),
  };
}
export type ForumModels = ReturnType<typeof forumModels>;
