import { runService } from '@quad/common';
import { createApp } from './app';
import { loadServiceConfig } from './config';
import { startEventConsumers } from './incoming-events';
import { type Realtime, createRealtime } from './realtime/socket-server';
import { prepareChat } from './setup';

const config = loadServiceConfig();
let realtime: Realtime | undefined;

runService({
  service: 'chat',
  config,
  port: config.PORT,
  createApp: (runtime) => createApp(runtime, realtime!),
  async setup(runtime) {
    await prepareChat(runtime);
    realtime = createRealtime(runtime);
    await startEventConsumers(runtime, realtime);
  },
})
  .then(({ server }) => {
    realtime!.attach(server);
    // Upgraded sockets hold the HTTP server open: close them (socket.io's close frame) as the drain
    // begins, so clients reconnect to another replica at once and this one withdraws its presence;
    // the shared drain would only end them after its grace (packages/common/src/shutdown.ts).
    const stop = () => void realtime!.close();
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  })
  .catch(() => {
    process.exitCode = 1;
  });
