import { runService } from '@quad/common';
import { createApp } from './app';
import { loadServiceConfig } from './config';
import { notificationsContext } from './domain/context';
import { scheduleDigests } from './domain/digest';
import { startEventConsumers } from './incoming-events';
import { prepareNotifications } from './setup';

const config = loadServiceConfig();

runService({
  service: 'notifications',
  config,
  port: config.PORT,
  createApp,
  async setup(runtime) {
    await prepareNotifications(runtime);
    const ctx = notificationsContext(runtime);
    await startEventConsumers(runtime);
    const stopDigests = scheduleDigests(ctx, config.DIGEST_CHECK_MINUTES);
    runtime.consumers.push({ stop: async () => stopDigests() });
  },
}).catch(() => {
  process.exitCode = 1;
});
