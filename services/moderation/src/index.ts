import { ensureIndexes, runService } from '@quad/common';
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
    // Redis may have lost ban keys (restart, flush): bans bite again before the first request.
    const { restored, ended } = await restoreBans(ctx);
    runtime.logger.info({ restored, ended }, 'bans written to Redis');
    await startEventConsumers(runtime);
  },
}).catch(() => {
  process.exitCode = 1;
});
