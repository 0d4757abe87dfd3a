import type { AddressInfo } from 'node:net';
import { createAppServer, createRuntime, startHttp } from '@quad/common';
import { createApp } from './app';
import { loadGatewayConfig } from './config';
import { proxyUpgrades } from './proxy';

async function main() {
  const config = loadGatewayConfig();
  const runtime = await createRuntime({ service: 'gateway', config });
  const { app, internalApp, proxies } = createApp(runtime);
  const internal = createAppServer(internalApp);
  await new Promise<void>((resolve, reject) => {
    internal.once('error', reject);
    internal.listen(config.INTERNAL_PORT, config.INTERNAL_HOST, resolve);
  });
  runtime.logger.info({ port: (internal.address() as AddressInfo).port }, 'internal listener (readyz, metrics)');
  // The internal listener keeps answering (readyz: shutting-down) while the public one drains.
  const closeInternal = () => new Promise<void>((resolve) => {
    internal.close(() => resolve());
    internal.closeAllConnections();
  });
  const server = await startHttp({ runtime, app, port: config.PORT, closers: [{ name: 'internal listener', close: closeInternal }] });
  // WebSocket upgrades on /ws go to chat.
  proxyUpgrades(server, proxies);
  runtime.logger.info(`Quad gateway on http://localhost:${config.PORT}`);
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
