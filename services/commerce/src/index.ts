import { ensureIndexes, runService } from '@quad/common';
import { createApp } from './app';
import { loadServiceConfig } from './config';
import { commerceContext } from './domain/context';
import { startEventConsumers } from './events';

const config = loadServiceConfig();

runService({
  service: 'commerce',
  config,
  port: config.PORT,
  createApp,
  async setup(runtime) {
    commerceContext(runtime); // registers every model, so ensureIndexes builds them all
    await ensureIndexes(runtime.db);
    await startEventConsumers(runtime);
  },
}).catch(() => {
  process.exitCode = 1;
});
