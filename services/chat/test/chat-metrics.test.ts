import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { io } from 'socket.io-client';
import { metricValues } from '@quad/common/src/testing';
import { type ChatKit, type TestUser, makeUser, request, startChatKit, waitFor } from './chat-test-kit';

describe('chat /metrics', () => {
  let kit: ChatKit;
  let server: Server;
  let ada: TestUser;

  const connectedSockets = async () => {
    const metrics = (await request(kit.app).get('/metrics').expect(200)).text;
    return metricValues(metrics, 'chat_sockets_connected', { service: 'chat' })[0];
  };

  beforeAll(async () => {
    kit = await startChatKit();
    server = createServer(kit.app);
    kit.realtime.attach(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    ada = await makeUser(kit.runtime, { collegeId: 'college-m', firstName: 'Ada' });
  });

  afterAll(async () => {
    await kit.stop();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  test('when a socket connects, then the connected-sockets gauge rises, and it falls after the disconnect', async () => {
    expect(await connectedSockets()).toBe(0);
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const socket = io(url, { path: '/ws', transports: ['websocket'], auth: { token: ada.token }, reconnection: false, forceNew: true });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    expect(await connectedSockets()).toBe(1);

    socket.disconnect();
    await waitFor(async () => (await connectedSockets()) === 0);
    // The replica then records Ada's last seen time and announces it: let that finish before the kit stops.
    await waitFor(async () => (await kit.realtime.presence.query([ada.id]))[0]?.lastSeen);
  });
});
