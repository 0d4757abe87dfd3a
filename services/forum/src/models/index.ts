import { blockModel, modelRegistry } from '@quad/common';
import { commentModel } from './comment-model';
import { postModel } from './post-model';
import { postViewModel } from './post-view-model';
import { topicModel } from './topic-model';

/** Every forum model on one connection; registering them all lets ensureIndexes build every index at start. */
export const forumModels = modelRegistry({
  Topic: topicModel,
  Post: postModel,
  Comment: commentModel,
  PostView: postViewModel,
  Block: blockModel,
});
export type ForumModels = ReturnType<typeof forumModels>;
