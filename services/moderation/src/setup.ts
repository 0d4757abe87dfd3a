import { type ServiceRuntime, ensureIndexes, keepRestored } from '@quad/common';
import { restoreBans } from './domain/bans';
import { moderationContext } from './domain/context';

/**
 * Before moderation listens: every model registered and its indexes built, and the ban keys
 * restored into Redis. Redis may lose them (a restart, a flush): they are written again from the
 * database into every Redis server this replica meets, before the first request and after each loss.
 */
export async function prepareModeration(runtime: ServiceRuntime): Promise<void> {
  const ctx = moderationContext(runtime);
  await ensureIndexes(runtime.db);
  const bans = keepRestored({
    redis: runtime.redis,
    state: 'bans',
    logger: runtime.logger,
    restore: async () => (await restoreBans(ctx)).restored,
  });
  runtime.consumers.push(bans);
  await bans.ready;
}
