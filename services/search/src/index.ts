import { runService } from '@quad/common';
import { createApp } from './app';
import { loadServiceConfig } from './config';
import { startEventConsumers } from './incoming-events';
import { prepareSearch } from './setup';

const config = loadServiceConfig();

runService({
  service: 'search',
  config,
  port: config.PORT,
  createApp,
  async setup(runtime) {
    await prepareSearch(runtime);
    await startEventConsumers(runtime);
  },
}).catch(() => {
  process.exitCode = 1;
});
