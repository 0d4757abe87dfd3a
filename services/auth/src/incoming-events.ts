import { type ConsumerOptions, type ServiceRuntime, runUserDirectory, startConsumers } from '@quad/common';
import type { Config } from './config';
import { type AuthServiceContext, authServiceContext } from './domain/context';
import { setFriendshipFacts, setStatFact } from './domain/stats';

/**
 * What auth publishes: auth.user.registered|updated, made with every write of a user
 * (domain/user-changes.ts) and sent through the runtime's outbox. What auth consumes: the shared
 * user directory (names, colleges, subscription expiries, bans), plus the facts behind the profile
 * stat cards from forum and social events. Each handler states a fact as of the event's stream
 * sequence, so a repeated, concurrent or late delivery changes no count.
 */
export function authEventHandlers(deps: Pick<AuthServiceContext, 'stats' | 'models'>): ConsumerOptions['handlers'] {
  return {
    'forum.post.created': ({ data, sequence }) => setStatFact(deps, data.postId, data.authorId, 'totalPosts', true, sequence),
    'forum.post.deleted': ({ data, sequence }) => setStatFact(deps, data.postId, data.authorId, 'totalPosts', false, sequence),
    'forum.comment.created': ({ data, sequence }) =>
      setStatFact(deps, data.commentId, data.authorId, 'totalComments', true, sequence),
    'forum.comment.deleted': ({ data, sequence }) =>
      setStatFact(deps, data.commentId, data.authorId, 'totalComments', false, sequence),
    'social.friendship.created': ({ data, sequence }) => setFriendshipFacts(deps, data.userIds, true, sequence),
    'social.friendship.removed': ({ data, sequence }) => setFriendshipFacts(deps, data.userIds, false, sequence),
  };
}

/**
 * Starts the user directory and the stat-fact consumers (shared by every auth replica). The
 * stat facts have their own durable consumers, which begin at the start of the FORUM and SOCIAL
 * streams: a new deployment (or one whose counts were kept by the older counters) rebuilds every
 * fact from the streams' history. `options` tunes redelivery (tests shorten the ack wait).
 */
export async function startEventConsumers(
  runtime: ServiceRuntime<Config>,
  options: Pick<ConsumerOptions, 'ackWaitMs' | 'maxDeliver' | 'retryDelayMs'> = {},
): Promise<void> {
  const { js, jsm, logger, metrics } = runtime;
  await runUserDirectory(runtime);
  runtime.consumers.push(
    await startConsumers({
      js,
      jsm,
      logger,
      metrics,
      ...options,
      durable: `${runtime.consumerPrefix}-auth-stats`,
      handlers: authEventHandlers(authServiceContext(runtime)),
    }),
  );
}
