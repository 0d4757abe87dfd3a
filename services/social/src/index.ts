import { runService } from '@quad/common';
import { createApp } from './app';
import { loadServiceConfig } from './config';
import { startEventConsumers } from './incoming-events';
import { prepareSocial } from './setup';

const config = loadServiceConfig();

runService({
  service: 'social',
  config,
  port: config.PORT,
  createApp,
  async setup(runtime) {
    await prepareSocial(runtime);
    await startEventConsumers(runtime);
  },
}).catch(() => {
  process.exitCode = 1;
});
