import { type ConsumerOptions, type ServiceRuntime, runUserDirectory, startConsumers } from '@quad/common';
import type { Config } from './config';
import { createAuthDeps } from './domain/context';
import { adjustStats } from './domain/stats';
import { applySubscription } from './domain/subscriptions';
import { publishPendingUsers } from './domain/user-changes';
import { type AuthModels, authModels } from './models';

/**
 * What auth publishes: auth.user.registered|updated, from domain/user-changes.ts (publishUser),
 * with this outbox sweep behind it. What auth consumes: the shared user directory, plus profile
 * stat counters from forum and social events and the subscription expiry from commerce.
 */
export function authEventHandlers(models: AuthModels): ConsumerOptions['handlers'] {
  return {
    'forum.post.created': ({ data }) => adjustStats(models, [data.authorId], 'totalPosts', 1),
    'forum.post.deleted': ({ data }) => adjustStats(models, [data.authorId], 'totalPosts', -1),
    'forum.comment.created': ({ data }) => adjustStats(models, [data.authorId], 'totalComments', 1),
    'forum.comment.deleted': ({ data }) => adjustStats(models, [data.authorId], 'totalComments', -1),
    'social.friendship.created': ({ data }) => adjustStats(models, data.userIds, 'totalFriends', 1),
    'social.friendship.removed': ({ data }) => adjustStats(models, data.userIds, 'totalFriends', -1),
    'commerce.subscription.updated': ({ data }) => applySubscription(models, data),
  };
}

export async function startEventConsumers(runtime: ServiceRuntime): Promise<void> {
  const { js, jsm, db, logger } = runtime;
  await runUserDirectory(runtime);
  runtime.consumers.push(
    await startConsumers({
      js,
      jsm,
      db,
      logger,
      durable: `${runtime.consumerPrefix}-auth`,
      handlers: authEventHandlers(authModels(db)),
    }),
  );
}

const OUTBOX_SWEEP_MS = 30_000;

/**
 * Publishes, now and then every 30 s, any user change whose event did not go out (NATS was
 * briefly away when it was saved). Stopped with the consumers at shutdown.
 */
export async function startUserOutbox(runtime: ServiceRuntime<Config>): Promise<void> {
  const deps = createAuthDeps(runtime);
  let running: Promise<unknown> = publishPendingUsers(deps);
  await running;
  const timer = setInterval(() => {
    running = publishPendingUsers(deps).catch((err) =>
      runtime.logger.warn({ err: (err as Error).message }, 'outbox sweep failed'),
    );
  }, OUTBOX_SWEEP_MS);
  timer.unref();
  runtime.consumers.push({
    async stop() {
      clearInterval(timer);
      await running.catch(() => undefined);
    },
  });
}
