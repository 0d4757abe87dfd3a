import { ensureIndexes, keepRestored, runService } from '@quad/common';
import { createApp } from './app';
import { loadServiceConfig } from './config';
import { restoreBans } from './domain/bans';
import { moderationContext } from './domain/context';
import { startEventConsumers } from './events';

const config = loadServiceConfig();

runService({
  service: 'moderation',
  config,
  port: config.PORT,
  createApp,
  async setup(runtime) {
    const ctx = moderationContext(runtime);
    await ensureIndexes(runtime.db);
    // Redis may lose ban keys (a restart, a flush): they are written again from the database
    // into every Redis server this replica meets, before the first request and after each loss.
    const bans = keepRestored({
      redis: runtime.redis,
      state: 'bans',
      logger: runtime.logger,
      restore: async () => (await restoreBans(ctx)).restored,
    });
    runtime.consumers.push(bans);
    await bans.ready;
    await startEventConsumers(runtime);
  },
}).catch(() => {
  process.exitCode = 1;
});
