import { type Socket, io } from 'socket.io-client';
import type {
  Ack,
  ChatClientToServerEvents,
  ChatMessage,
  ChatServerToClientEvents,
  GroupSummary,
  ReadReceipt,
  TypingNotice,
} from '@quad/contracts';
import { type ServiceRuntime, writeBan } from '@quad/common';
import { type ServiceProcess, createTestRuntime, destroyTestRuntime, startServiceProcess } from '@quad/common/src/testing';
import { type Config, loadServiceConfig } from '../src/config';
import { chatContext } from '../src/domain/context';
import { type TestUser, makeUser, setFriends, waitFor } from './chat-test-kit';

type ClientSocket = Socket<ChatServerToClientEvents, ChatClientToServerEvents>;

/** A browser tab: a socket and everything it heard. */
interface Tab {
  name: string;
  socket: ClientSocket;
  messages: ChatMessage[];
  receipts: ReadReceipt[];
  typing: TypingNotice[];
  changed: string[];
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Group chats over two chat service processes sharing one database and one Redis (two replicas
 * behind the gateway): members on each replica hear every group message once, in order, through
 * the group's room; membership changes move sockets in and out of it on both replicas.
 */
describe('group chats over socket.io with two replicas', () => {
  let runtime: ServiceRuntime<Config>;
  let replicaA: ServiceProcess;
  let replicaB: ServiceProcess;
  let ada: TestUser;
  let grace: TestUser;
  let linus: TestUser;
  let ken: TestUser;
  let mallory: TestUser;
  const tabs: Tab[] = [];

  async function openTab(url: string, user: TestUser, name: string): Promise<Tab> {
    const socket: ClientSocket = io(url, { path: '/ws', transports: ['websocket'], auth: { token: user.token }, reconnection: false, forceNew: true });
    const tab: Tab = { name, socket, messages: [], receipts: [], typing: [], changed: [] };
    socket.on('message:new', (message) => tab.messages.push(message));
    socket.on('messages:read-receipt', (receipt) => tab.receipts.push(receipt));
    socket.on('typing', (notice) => tab.typing.push(notice));
    socket.on('groups:changed', ({ groupId }) => tab.changed.push(groupId));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    tabs.push(tab);
    return tab;
  }

  function emit<T>(emitter: (ack: (result: Ack<T>) => void) => void): Promise<Ack<T>> {
    return new Promise((resolve) => emitter(resolve));
  }

  async function rest(replica: ServiceProcess, user: TestUser, method: string, path: string, body?: object) {
    const res = await fetch(`${replica.url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${user.token}`, 'Content-Type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  beforeAll(async () => {
    runtime = await createTestRuntime<Config>('chat', loadServiceConfig());
    const env = { DB_NAME: runtime.db.name, CONSUMER_PREFIX: runtime.consumerPrefix, MESSAGE_RATE_LIMIT: '1000' };
    [replicaA, replicaB] = await Promise.all([startServiceProcess({ service: 'chat', env }), startServiceProcess({ service: 'chat', env })]);
    [ada, grace, linus, ken, mallory] = await Promise.all(
      ['Ada', 'Grace', 'Linus', 'Ken', 'Mallory'].map((firstName) => makeUser(runtime, { collegeId: 'college-s', firstName })),
    );
    // The replicas learn the friendships from social's events; this process reads the same store.
    await setFriends({ runtime, ctx: chatContext(runtime) }, ada, [grace, linus, ken, mallory]);
  }, 90_000);

  afterAll(async () => {
    for (const tab of tabs) tab.socket.disconnect();
    await Promise.all([replicaA?.stop(), replicaB?.stop()]);
    await destroyTestRuntime(runtime);
  });

  test('when members on two replicas chat in a group, then every message reaches every other tab once and in order, with typing, receipts and catch-up', async () => {
    const adaA = await openTab(replicaA.url, ada, 'adaA');
    const adaB = await openTab(replicaB.url, ada, 'adaB');
    const graceB = await openTab(replicaB.url, grace, 'graceB');
    const linusA = await openTab(replicaA.url, linus, 'linusA');
    const linusB = await openTab(replicaB.url, linus, 'linusB');
    const kenA = await openTab(replicaA.url, ken, 'kenA');

    // Created on replica A: the members' open tabs on both replicas hear of it and join its room.
    const created = await rest(replicaA, ada, 'POST', '/api/groups', { name: 'Two replicas', memberIds: [grace.id, linus.id] });
    expect(created.status).toBe(201);
    const groupId = String(created.body.id);
    await waitFor(() => [adaA, adaB, graceB, linusA, linusB].every((tab) => tab.changed.includes(groupId)));
    expect(kenA.changed).toEqual([]);

    const count = 20;
    const acks = await Promise.all(
      Array.from({ length: count }, (_, i) =>
        emit<{ message: ChatMessage }>((ack) => adaA.socket.emit('message:send', { groupId, content: `group ${i}`, clientId: `g-${i}` }, ack)),
      ),
    );
    const stored = acks.map((ack) => {
      if (!ack.ok) throw new Error(ack.message);
      return ack.message;
    });
    expect(stored.map((m) => m.content)).toEqual(Array.from({ length: count }, (_, i) => `group ${i}`));
    const hearers = [adaB, graceB, linusA, linusB];
    await waitFor(() => hearers.every((tab) => tab.messages.length >= count));
    // A beat more, so any duplicate would have arrived too.
    await pause(300);
    for (const tab of hearers) expect({ tab: tab.name, ids: tab.messages.map((m) => m.id) }).toEqual({ tab: tab.name, ids: stored.map((m) => m.id) });
    expect(adaA.messages).toEqual([]);
    expect(kenA.messages).toEqual([]);
    // One stored message each, however many members.
    expect(await chatContext(runtime).models.Message.countDocuments({ chatId: groupId })).toBe(count);

    // A reply over REST on replica B reaches the tabs on replica A.
    const reply = await rest(replicaB, grace, 'POST', `/api/groups/${groupId}/messages`, { content: 'from B' });
    expect(reply.status).toBe(201);
    await waitFor(() => [adaA, linusA].every((tab) => tab.messages.some((m) => m.content === 'from B')));

    // Typing goes to the other members' tabs on both replicas, not to non-members.
    graceB.socket.emit('typing', { groupId, isTyping: true });
    await waitFor(() => [adaA, adaB, linusA].every((tab) => tab.typing.some((t) => t.chatId === groupId && t.userId === grace.id && t.isTyping)));
    kenA.socket.emit('typing', { groupId, isTyping: true });
    await pause(300);
    expect(adaA.typing.some((t) => t.userId === ken.id)).toBe(false);

    // Linus reads: the receipt reaches every member (the senders count "seen by").
    const read = await emit<{ receipt: ReadReceipt | null }>((ack) => linusA.socket.emit('messages:read', { groupId }, ack));
    expect(read.ok && read.receipt).toMatchObject({ chatId: groupId, readerId: linus.id, previousUpToId: null });
    await waitFor(() => [adaA, graceB].every((tab) => tab.receipts.some((r) => r.readerId === linus.id && r.chatId === groupId)));

    // Catch-up after the tenth message: what came after it, oldest first, each once (ahead of it,
    // the messages of the minute before the tenth, which the client already holds: the contract's
    // overlap for one stored late).
    const since = await emit<{ messages: ChatMessage[]; complete: boolean }>((ack) =>
      graceB.socket.emit('messages:since', { groupId, afterId: stored[9]!.id }, ack),
    );
    expect(since.ok && since.complete).toBe(true);
    const caughtUp = since.ok ? since.messages : [];
    const missed = [...stored.slice(10).map((m) => m.content), 'from B'];
    expect(caughtUp.slice(-missed.length).map((m) => m.content)).toEqual(missed);
    const earlier = new Set(stored.slice(0, 10).map((m) => m.id));
    expect(caughtUp.slice(0, -missed.length).every((m) => earlier.has(m.id))).toBe(true);
    expect(new Set(caughtUp.map((m) => m.id)).size).toBe(caughtUp.length);
    const outsider = await emit<{ message: ChatMessage }>((ack) => kenA.socket.emit('message:send', { groupId, content: 'hi' }, ack));
    expect(outsider).toMatchObject({ ok: false, status: 403 });

    // A tab opened after the group exists joins its room on connecting.
    const graceA = await openTab(replicaA.url, grace, 'graceA');
    await emit((ack) => linusB.socket.emit('message:send', { groupId, content: 'to the new tab' }, ack));
    await waitFor(() => graceA.messages.some((m) => m.content === 'to the new tab'));

    // Ken is added on replica B: his tab on replica A joins the room and hears the next message.
    const added = await rest(replicaB, ada, 'POST', `/api/groups/${groupId}/members`, { memberIds: [ken.id] });
    expect(added.status).toBe(200);
    await waitFor(() => kenA.changed.includes(groupId));
    await pause(200);
    await emit((ack) => adaB.socket.emit('message:send', { groupId, content: 'welcome Ken' }, ack));
    await waitFor(() => kenA.messages.some((m) => m.content === 'welcome Ken'));

    // Linus leaves on replica A: both his tabs hear it and no more messages reach them.
    const left = await rest(replicaA, linus, 'POST', `/api/groups/${groupId}/leave`);
    expect(left.status).toBe(200);
    await waitFor(() => linusB.changed.filter((id) => id === groupId).length >= 3);
    await pause(200);
    const before = linusA.messages.length + linusB.messages.length;
    await emit((ack) => graceB.socket.emit('message:send', { groupId, content: 'after Linus left' }, ack));
    await waitFor(() => kenA.messages.some((m) => m.content === 'after Linus left'));
    await pause(300);
    expect(linusA.messages.length + linusB.messages.length).toBe(before);
  }, 60_000);

  test('when a member is banned, then their sockets leave every group and they can no longer send', async () => {
    const adaA = await openTab(replicaA.url, ada, 'adaA2');
    const malloryB = await openTab(replicaB.url, mallory, 'malloryB');
    const created = await rest(replicaA, ada, 'POST', '/api/groups', { name: 'Ban check', memberIds: [grace.id, mallory.id] });
    const groupId = String(created.body.id);
    await waitFor(() => malloryB.changed.includes(groupId));
    await emit((ack) => adaA.socket.emit('message:send', { groupId, content: 'before the ban' }, ack));
    await waitFor(() => malloryB.messages.some((m) => m.content === 'before the ban'));

    const disconnected = new Promise<void>((resolve) => malloryB.socket.once('disconnect', () => resolve()));
    const banUntil = new Date(Date.now() + 3600_000).toISOString();
    await writeBan(runtime.redis, mallory.id, { reason: 'Spam', expiresAt: banUntil });
    await runtime.publisher.publish('moderation.user.banned', { userId: mallory.id, version: 1, reason: 'Spam', banUntil, bannedBy: 'admin' });
    await disconnected;
    const send = await rest(replicaB, mallory, 'POST', `/api/groups/${groupId}/messages`, { content: 'still here' });
    expect(send.status).toBe(403);
    const history = await rest(replicaA, ada, 'GET', `/api/groups/${groupId}/messages`);
    expect((history.body as unknown as ChatMessage[]).map((m) => m.content)).toEqual(['before the ban']);
    // The group still lists her (a ban ends; the owner may remove her).
    const group = (await rest(replicaA, ada, 'GET', `/api/groups/${groupId}`)).body as unknown as GroupSummary;
    expect(group.members.map((m) => m.id)).toContain(mallory.id);
  }, 30_000);
});
