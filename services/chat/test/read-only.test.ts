import { type Socket, io } from 'socket.io-client';
import { type Ack, type ChatClientToServerEvents, type ChatMessage, type ChatServerToClientEvents, VERIFY_MESSAGES } from '@quad/contracts';
import type { ServiceRuntime } from '@quad/common';
import { type ServiceProcess, createTestRuntime, destroyTestRuntime, startServiceProcess } from '@quad/common/src/testing';
import { type Config, loadServiceConfig } from '../src/config';
import { type TestUser, bearer, makeUser, request } from './chat-test-kit';

/** Issue 25: until a student's address is confirmed, they read their chats but send nothing, over REST or the socket. */
describe('a student whose address is not confirmed yet, in chat', () => {
  let runtime: ServiceRuntime<Config>;
  let chat: ServiceProcess;
  let ada: TestUser;
  let newcomer: TestUser;

  beforeAll(async () => {
    runtime = await createTestRuntime<Config>('chat', loadServiceConfig());
    chat = await startServiceProcess({ service: 'chat', env: { DB_NAME: runtime.db.name, CONSUMER_PREFIX: runtime.consumerPrefix } });
    [ada, newcomer] = await Promise.all([
      makeUser(runtime, { collegeId: 'college-r', firstName: 'Ada' }),
      makeUser(runtime, { collegeId: 'college-r', firstName: 'Newcomer', confirmed: false }),
    ]);
  }, 90_000);
  afterAll(async () => {
    await chat.stop();
    await destroyTestRuntime(runtime);
  });

  test('when they list chats and read a conversation, then 200; when they send by REST, then 403 with the confirmation message', async () => {
    expect((await request(chat.url).get('/api/chats').set(bearer(newcomer.token))).status).toBe(200);
    expect((await request(chat.url).get(`/api/messages?userId=${ada.id}`).set(bearer(newcomer.token))).status).toBe(200);

    const sent = await request(chat.url).post('/api/messages').set(bearer(newcomer.token)).send({ receiverId: ada.id, content: 'hi' });

    expect(sent.status).toBe(403);
    expect(sent.body.message).toBe(VERIFY_MESSAGES.confirmEmailFirst);
    const history = await request(chat.url).get(`/api/messages?userId=${newcomer.id}`).set(bearer(ada.token));
    expect(history.body).toEqual([]);
  });

  test('when they send over the socket, then the ack refuses it with the same message and the other side hears nothing', async () => {
    const connect = (user: TestUser) =>
      new Promise<Socket<ChatServerToClientEvents, ChatClientToServerEvents>>((resolve, reject) => {
        const socket: Socket<ChatServerToClientEvents, ChatClientToServerEvents> = io(chat.url, { path: '/ws', transports: ['websocket'], auth: { token: user.token }, reconnection: false, forceNew: true });
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', reject);
      });
    const [mine, adas] = await Promise.all([connect(newcomer), connect(ada)]);
    const heard: ChatMessage[] = [];
    adas.on('message:new', (message) => heard.push(message));
    try {
      const ack = await new Promise<Ack<{ message: ChatMessage }>>((resolve) =>
        mine.emit('message:send', { receiverId: ada.id, content: 'hello over the socket' }, resolve),
      );
      expect(ack).toMatchObject({ ok: false, status: 403, message: VERIFY_MESSAGES.confirmEmailFirst });
      // A message Ada could hear would have reached her before the refusal's round trip ended.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heard).toEqual([]);
    } finally {
      mine.disconnect();
      adas.disconnect();
    }
  });
});
