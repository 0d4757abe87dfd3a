import type { AppDispatch } from '../../app/store';
import { forumApi, postsQueryArg } from './api';
import { firstBoard } from './hooks/use-topic-selection';

/**
 * Puts the topics and the first page of the board home opens on into the cache, asked for as
 * the page starts rather than after the session has loaded and home has rendered (two round
 * trips later). Home then finds them there, exactly as it would have asked for them; nothing
 * stays subscribed, so unused data expires as usual.
 */
export async function prefetchHomeFeed(dispatch: AppDispatch): Promise<void> {
  const topics = await dispatch(forumApi.endpoints.getTopics.initiate(undefined, { subscribe: false })).unwrap();
  await dispatch(forumApi.endpoints.getPosts.initiate(postsQueryArg(firstBoard(topics)), { subscribe: false }));
}
