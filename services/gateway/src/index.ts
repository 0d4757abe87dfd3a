import { createRuntime, startHttp } from '@quad/common';
import { createApp } from './app';
import { loadGatewayConfig } from './config';

async function main() {
  const config = loadGatewayConfig();
  const runtime = await createRuntime({ service: 'gateway', config });
  const { app, proxies } = createApp(runtime);
  const server = await startHttp({ runtime, app, port: config.PORT });
  // WebSocket upgrades on /ws go to chat.
  server.on('upgrade', (req, socket, head) => {
    if (req.url?.startsWith('/ws')) proxies.chat.upgrade(req, socket as never, head);
    else socket.destroy();
  });
  runtime.logger.info(`Quad gateway on http://localhost:${config.PORT}`);
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
