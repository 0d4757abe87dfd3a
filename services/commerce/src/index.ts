import { runService } from '@quad/common';
import { createApp } from './app';
import { loadServiceConfig } from './config';
import { startEventConsumers } from './incoming-events';
import { prepareCommerce } from './setup';

const config = loadServiceConfig();

runService({
  service: 'commerce',
  config,
  port: config.PORT,
  createApp,
  async setup(runtime) {
    await prepareCommerce(runtime);
    await startEventConsumers(runtime);
  },
}).catch(() => {
  process.exitCode = 1;
});
