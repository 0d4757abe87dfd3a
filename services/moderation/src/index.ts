import { runService } from '@quad/common';
import { createApp } from './app';
import { loadServiceConfig } from './config';
import { startEventConsumers } from './incoming-events';
import { prepareModeration } from './setup';

const config = loadServiceConfig();

runService({
  service: 'moderation',
  config,
  port: config.PORT,
  createApp,
  async setup(runtime) {
    await prepareModeration(runtime);
    await startEventConsumers(runtime);
  },
}).catch(() => {
  process.exitCode = 1;
});
