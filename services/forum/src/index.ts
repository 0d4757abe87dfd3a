import { runService } from '@quad/common';
import { createApp } from './app';
import { loadServiceConfig } from './config';
import { startEventConsumers } from './incoming-events';
import { prepareForum } from './setup';

const config = loadServiceConfig();

runService({
  service: 'forum',
  config,
  port: config.PORT,
  createApp,
  async setup(runtime) {
    await prepareForum(runtime);
    await startEventConsumers(runtime);
  },
}).catch(() => {
  process.exitCode = 1;
});
