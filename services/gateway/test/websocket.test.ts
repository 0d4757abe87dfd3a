import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';
import type { ServiceRuntime } from '@quad/common';
import { createTestRuntime, destroyTestRuntime } from '@quad/common/src/testing';
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
});
