import { type ServiceRuntime, ensureIndexes } from '@quad/common';
import type { Config } from './config';
import { forumContext } from './domain/context';
import { seedTopics } from './domain/topics';

/**
 * Before the forum listens: every model registered and its indexes built (a failure stops the
 * start), and the topic list written. Safe on every start and replica.
 */
export async function prepareForum(runtime: ServiceRuntime<Config>): Promise<void> {
  const ctx = forumContext(runtime);
  await ensureIndexes(runtime.db);
  await seedTopics(ctx);
}
