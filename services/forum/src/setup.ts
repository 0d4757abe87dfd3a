import { type ServiceRuntime, ensureIndexes } from '@quad/common';
import type { Config } from './config';
import { forumContext } from './domain/context';
import { moveBlocksToSharedIds } from './domain/blocks';
import { seedTopics } from './domain/topics';

/**
 * Before the forum listens: every model registered and its indexes built (a failure stops the
 * start), the topic list written, and blocks stored under forum's old ids moved onto common's. Safe on every start and replica.
 */
export async function prepareForum(runtime: ServiceRuntime<Config>): Promise<void> {
  const ctx = forumContext(runtime);
  await ensureIndexes(runtime.db);
  await seedTopics(ctx);
  await moveBlocksToSharedIds(ctx);
}
