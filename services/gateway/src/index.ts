import { createRuntime, startHttp } from '@quad/common';
import { createApp } from './app';
import { loadGatewayConfig } from './config';
import { proxyUpgrades } from './proxy';

async function main() {
  const config = loadGatewayConfig();
  const runtime = await createRuntime({ service: 'gateway', config });
  const { app, proxies } = createApp(runtime);
  const server = await startHttp({ runtime, app, port: config.PORT });
  // WebSocket upgrades on /ws go to chat.
  proxyUpgrades(server, proxies);
  runtime.logger.info(`Quad gateway on http://localhost:${config.PORT}`);
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
