import { ensureIndexes, runService } from '@quad/common';
import { createApp } from './app';
import { loadServiceConfig } from './config';
import { startEventConsumers } from './incoming-events';

const config = loadServiceConfig();

runService({
  service: 'search',
  config,
  port: config.PORT,
  createApp,
  async setup(runtime) {
    await ensureIndexes(runtime.db);
    await startEventConsumers(runtime);
  },
}).catch(() => {
  process.exitCode = 1;
});
