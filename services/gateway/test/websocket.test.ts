import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';
import { type ServiceRuntime, createLogger, installShutdown } from '@quad/common';
import { createTestRuntime, destroyTestRuntime, waitFor } from '@quad/common/src/testing';
import { createApp as createGatewayApp } from '../src/app';
import { type Config, loadGatewayConfig } from '../src/config';
import { proxyUpgrades } from '../src/proxy';

const urlOf = (server: Server) => `127.0.0.1:${(server.address() as AddressInfo).port}`;

/** Opens a WebSocket and resolves with the first message it gets back for `send`, or rejects when refused. */
function roundTrip(url: string, send: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once('open', () => socket.send(send));
    socket.once('message', (data) => {
      resolve(data.toString());
      socket.close();
    });
    socket.once('error', reject);
  });
}

/** The gateway proxies WebSocket upgrades on /ws to chat (socket.io's path), and only those. */
describe('gateway WebSocket upgrades', () => {
  let upstream: Server;
  let gateway: Server;
  let runtime: ServiceRuntime<Config>;
  const upgradedPaths: string[] = [];

  beforeAll(async () => {
    // A stand-in for chat: echoes every message, and answers plain HTTP too.
    const echo = new WebSocketServer({ noServer: true });
    echo.on('connection', (socket) => socket.on('message', (data) => socket.send(`echo:${data.toString()}`)));
    upstream = createServer((_req, res) => res.end('{}'));
    upstream.on('upgrade', (req, socket, head) => {
      upgradedPaths.push(req.url ?? '');
      echo.handleUpgrade(req, socket, head, (ws) => echo.emit('connection', ws, req));
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const config = loadGatewayConfig({ ...process.env, CHAT_URL: `http://${urlOf(upstream)}` });
    runtime = await createTestRuntime('gateway', config);
    const { app, proxies } = createGatewayApp(runtime);
    gateway = createServer(app);
    proxyUpgrades(gateway, proxies);
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    gateway.closeAllConnections();
    gateway.close();
    upstream.closeAllConnections();
    upstream.close();
    await destroyTestRuntime(runtime);
  });

  test('when a client upgrades on /ws, then it talks to chat through the gateway', async () => {
    expect(await roundTrip(`ws://${urlOf(gateway)}/ws/?EIO=4&transport=websocket`, 'hello')).toBe('echo:hello');
    expect(upgradedPaths.at(-1)).toBe('/ws/?EIO=4&transport=websocket');
  });

  test('when chat has also served HTTP through the gateway, then an upgrade is still proxied exactly once', async () => {
    await fetch(`http://${urlOf(gateway)}/api/chats`);
    const before = upgradedPaths.length;
    expect(await roundTrip(`ws://${urlOf(gateway)}/ws/?EIO=4&transport=websocket`, 'again')).toBe('echo:again');
    expect(upgradedPaths.length - before).toBe(1);
  });

  test('when a client upgrades anywhere else, then the gateway refuses it', async () => {
    const before = upgradedPaths.length;
    await expect(roundTrip(`ws://${urlOf(gateway)}/api/posts`, 'x')).rejects.toThrow();
    await expect(roundTrip(`ws://${urlOf(gateway)}/wsx`, 'x')).rejects.toThrow();
    expect(upgradedPaths.length).toBe(before);
  });

  test('when the gateway gets SIGTERM with WebSockets open, then it closes them at once and its drain ends, leaving chat no socket', async () => {
    const { app, proxies } = createGatewayApp(runtime);
    const draining = createServer(app);
    // In the gateway's order: shutdown installed as it listens (startHttp), upgrades proxied after.
    // A drain of 5 s: WebSockets never finish by themselves, so before the fix the server's close waited for them forever.
    const stop = installShutdown({ server: draining, logger: createLogger('test', 'silent'), timeoutMs: 5000, closers: [], exit: () => undefined });
    proxyUpgrades(draining, proxies);
    await new Promise<void>((resolve) => draining.listen(0, '127.0.0.1', resolve));
    const chatSockets = new Set<import('node:net').Socket>();
    const onUpstreamConnection = (socket: import('node:net').Socket) => {
      chatSockets.add(socket);
      socket.once('close', () => chatSockets.delete(socket));
    };
    upstream.on('connection', onUpstreamConnection);
    const clients = await Promise.all(
      [1, 2, 3].map(
        () =>
          new Promise<WebSocket>((resolve, reject) => {
            const socket = new WebSocket(`ws://${urlOf(draining)}/ws/?EIO=4&transport=websocket`);
            socket.once('open', () => resolve(socket));
            socket.once('error', reject);
          }),
      ),
    );
    const closedCodes = clients.map((socket) => new Promise<number>((resolve) => socket.once('close', (code) => resolve(code))));
    const started = Date.now();
    const stopped = await Promise.race([stop().then(() => Date.now() - started), new Promise<number>((resolve) => setTimeout(() => resolve(-1), 8000))]);
    upstream.off('connection', onUpstreamConnection);
    expect(stopped).toBeGreaterThanOrEqual(0);
    expect(stopped).toBeLessThan(2000);
    expect((await Promise.all(closedCodes)).length).toBe(3);
    await waitFor(() => chatSockets.size === 0, { timeoutMs: 3000 });
  }, 15_000);
});
