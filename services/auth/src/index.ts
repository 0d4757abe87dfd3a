import { keepRestored, runService } from '@quad/common';
import { createApp } from './app';
import { loadServiceConfig } from './config';
import { prepareAuth } from './setup';
import { passwordsReady } from './domain/passwords';
import { authServiceContext } from './domain/context';
import { restoreRevocations } from './domain/sessions';
import { startEventConsumers } from './incoming-events';

const config = loadServiceConfig();

runService({
  service: 'auth',
  config,
  port: config.PORT,
  createApp,
  async setup(runtime) {
    await prepareAuth(runtime);
    await passwordsReady;
    // Signed-out tokens stay refused when Redis loses its keys (a restart, a flush): they are written
    // again from the database into every Redis server this replica meets.
    const deps = authServiceContext(runtime);
    const revocations = keepRestored({
      redis: runtime.redis,
      state: 'revocations',
      logger: runtime.logger,
      restore: () => restoreRevocations(deps),
    });
    runtime.consumers.push(revocations);
    await revocations.ready;
    await startEventConsumers(runtime);
  },
}).catch(() => {
  process.exitCode = 1;
});
