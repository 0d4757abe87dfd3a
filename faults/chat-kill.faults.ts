import type { ServiceRuntime } from '@quad/common';
import {
  type ServiceProcess,
  type TestUser,
  announceTestUser,
  createTestRuntime,
  destroyTestRuntime,
  startBalancer,
  startServiceProcess,
  waitFor,
} from '@quad/common/src/testing';
import { type Config, loadServiceConfig } from '@quad/chat/src/config';
import { type ChatClient, connectChat, sendUntilAcked, settleChatMessages, sleep, stopWithin, summary } from './support';

const CLIENTS = 200;
const MESSAGES_EACH = 5;
/** Before any message: the catch-up then returns the conversation's newest page. */

/** A browser tab as the web keeps one: a reconnecting socket, and the conversation with its partner by id. */
/**
 * 200 students chat in pairs through the gateway, whose chat upstream is a balancer over two chat
 * processes (as a Kubernetes Service is); one process is SIGKILLed mid-conversation. Its clients
 * reconnect by themselves to the other, resend what was not acknowledged (same clientId) and catch
 * up on what they missed, as the web does. Every acknowledged message is stored once and reaches its
 * receiver once (by id, as the web shows a conversation).
 */
describe('chat process SIGKILLed under 200 socket clients', () => {
  let runtime: ServiceRuntime<Config>;
  let replicas: ServiceProcess[] = [];
  let gateway: ServiceProcess;
  let balancer: Awaited<ReturnType<typeof startBalancer>>;
  const clients: ChatClient[] = [];

  beforeAll(async () => {
    runtime = await createTestRuntime<Config>('chat', loadServiceConfig());
    const env = { DB_NAME: runtime.db.name, CONSUMER_PREFIX: runtime.consumerPrefix, MESSAGE_RATE_LIMIT: '100000' };
    replicas = await Promise.all([startServiceProcess({ service: 'chat', env }), startServiceProcess({ service: 'chat', env })]);
    balancer = await startBalancer(replicas);
    gateway = await startServiceProcess({
      service: 'gateway',
      readyPath: '/healthz',
      env: { CHAT_URL: balancer.url, API_ANONYMOUS_RATE_LIMIT_PER_MINUTE: '100000', API_RATE_LIMIT_PER_MINUTE: '100000' },
    });
    const started = Date.now();
    const users: TestUser[] = [];
    for (let start = 0; start < CLIENTS; start += 20) {
      users.push(...(await Promise.all(Array.from({ length: 20 }, () => announceTestUser(runtime, { collegeId: 'college-chat' })))));
    }
    process.stderr.write(`[chat-kill] ${CLIENTS} users announced in ${Date.now() - started} ms\n`);
    for (let i = 0; i < CLIENTS; i++) {
      const user = users[i]!;
      const partner = users[i % 2 === 0 ? i + 1 : i - 1]!;
      const client = connectChat(gateway.url, user, partner);
      clients.push(client);
    }
    await waitFor(() => clients.every((client) => client.socket.connected), { timeoutMs: 120_000, intervalMs: 200 });
    process.stderr.write(`[chat-kill] ${CLIENTS} clients connected at ${Date.now() - started} ms\n`);
  }, 300_000);

  afterAll(async () => {
    for (const client of clients) client.socket.disconnect();
    const gatewayMs = await stopWithin(gateway);
    const replicaMs = await Promise.all(replicas.map((replica) => stopWithin(replica)));
    process.stderr.write(`[chat-kill] stopped (ms, -1: had to be killed): gateway ${gatewayMs}, chat ${replicaMs.join(', ')}\n`);
    await balancer?.close();
    await destroyTestRuntime(runtime);
  }, 120_000);

  test('then every acknowledged message is stored once and reaches its receiver once', async () => {
    const deadline = Date.now() + 180_000;
    const sending = Promise.all(
      clients.map(async (client) => {
        await sleep(Math.random() * 1000);
        for (let i = 0; i < MESSAGES_EACH; i++) {
          await sendUntilAcked(client, i, `message ${i} from ${client.user.firstName}`, deadline);
          await sleep(200 + Math.random() * 400);
        }
      }),
    );
    const total = CLIENTS * MESSAGES_EACH;
    const ackedSoFar = () => clients.reduce((sum, client) => sum + client.acked.length, 0);
    await waitFor(() => ackedSoFar() >= total * 0.3, { timeoutMs: 120_000, intervalMs: 20 });
    const ackedAtKill = ackedSoFar();
    const killed = replicas[0]!;
    await killed.stop('SIGKILL');
    const killedAt = Date.now();
    await sending;
    process.stderr.write(`[chat-kill] every message acknowledged ${Date.now() - killedAt} ms after the kill\n`);

    // Every client is back (on the other process), and every acknowledged message has had its time to arrive.
    const { acked, notDelivered, notStored, storedTwice, shownTwice } = await settleChatMessages(clients, () =>
      runtime.db
        .collection('messages')
        .find({ senderId: { $in: clients.map((client) => client.user.id) } }, { projection: { _id: 1, clientId: 1 } })
        .toArray(),
    );
    const liveTwice = clients.reduce((sum, client) => sum + [...client.received.values()].filter((entry) => entry.live > 1).length, 0);
    const caughtUp = clients.reduce((sum, client) => sum + [...client.received.values()].filter((entry) => entry.live === 0).length, 0);
    const reconnected = clients.filter((client) => client.connects > 1).length;
    const sends = clients.reduce((sum, client) => sum + client.sends, 0);

    summary({
      scenario: `chat SIGKILL of one of 2 processes under ${CLIENTS} socket clients through the gateway`,
      injected: `SIGKILL of a chat process after ${ackedAtKill} of ${total} messages`,
      requests: sends,
      messages: acked.length,
      lost: notStored + notDelivered,
      duplicated: storedTwice + shownTwice,
      notes:
        `${reconnected} clients reconnected to the other process; ${sends - acked.length} sends resent after no answer; ` +
        `${caughtUp} messages reached their receiver by the reconnect catch-up, ${liveTwice} came live twice (shown once, by id)`,
    });
    expect(acked).toHaveLength(total);
    expect(reconnected).toBeGreaterThan(0);
    expect({ notStored, notDelivered, storedTwice, shownTwice }).toEqual({ notStored: 0, notDelivered: 0, storedTwice: 0, shownTwice: 0 });
  });
});
