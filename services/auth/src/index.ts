import { runService } from '@quad/common';
import { createApp } from './app';
import { loadServiceConfig } from './config';
import { prepareDatabase } from './database';
import { passwordsReady } from './domain/passwords';
import { startEventConsumers } from './events';

const config = loadServiceConfig();

runService({
  service: 'auth',
  config,
  port: config.PORT,
  createApp,
  async setup(runtime) {
    await prepareDatabase(runtime.db);
    await passwordsReady;
    await startEventConsumers(runtime);
  },
}).catch(() => {
  process.exitCode = 1;
});
