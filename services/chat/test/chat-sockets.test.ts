import { type Socket, io } from 'socket.io-client';
import type {
  Ack,
  ChatClientToServerEvents,
  ChatMessage,
  ChatServerToClientEvents,
  NotificationPush,
  NotificationsReadPush,
  Presence,
  ReadReceipt,
  TypingNotice,
} from '@quad/contracts';
import { type ServiceRuntime, denyToken, verifyAccessToken, writeBan } from '@quad/common';
import { type ServiceProcess, createTestRuntime, destroyTestRuntime, recordPublished, startServiceProcess } from '@quad/common/src/testing';
import { type Config, loadServiceConfig } from '../src/config';
import { type TestUser, makeUser, waitFor } from './chat-test-kit';

type ClientSocket = Socket<ChatServerToClientEvents, ChatClientToServerEvents>;

/** A browser tab: a socket and everything it heard. */
interface Tab {
  socket: ClientSocket;
  messages: ChatMessage[];
  receipts: ReadReceipt[];
  typing: TypingNotice[];
  presence: Presence[];
}

const PRESENCE_TTL_SECONDS = 2;

/**
 * Two chat service processes sharing one database and one Redis, as two replicas behind the
 * gateway: a conversation whose ends sit on different replicas, and a replica killed mid-way.
 */
describe('chat over socket.io with two replicas', () => {
  let runtime: ServiceRuntime<Config>;
  let replicaA: ServiceProcess;
  let replicaB: ServiceProcess;
  let ada: TestUser;
  let grace: TestUser;
  let linus: TestUser;
  let mallory: TestUser;
  const tabs: Tab[] = [];

  async function openTab(url: string, user: TestUser): Promise<Tab> {
    const socket: ClientSocket = io(url, {
      path: '/ws',
      transports: ['websocket'],
      auth: { token: user.token },
      reconnection: false,
      forceNew: true,
    });
    const tab: Tab = { socket, messages: [], receipts: [], typing: [], presence: [] };
    socket.on('message:new', (message) => tab.messages.push(message));
    socket.on('messages:read-receipt', (receipt) => tab.receipts.push(receipt));
    socket.on('typing', (notice) => tab.typing.push(notice));
    socket.on('presence', (presence) => tab.presence.push(presence));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    tabs.push(tab);
    return tab;
  }

  function request<T>(tab: Tab, emit: (ack: (result: Ack<T>) => void) => void): Promise<Ack<T>> {
    return new Promise((resolve) => emit(resolve));
  }

  // One recorder for the file: recorders share a durable, so a second would split the events with the first.
  let missedEvents: ReturnType<typeof recordPublished> | undefined;
  const recordMissed = () => (missedEvents ??= recordPublished(runtime, ['chat.message.missed']));
  /** The recorded events for these receivers: the stream is shared, so it also carries other test files' events. */
  const missedTo = (events: Awaited<ReturnType<typeof recordPublished>>, ...receiverIds: string[]) =>
    events.filter((event) => receiverIds.includes((event.data as { receiverId: string }).receiverId));

  const presenceOf = async (tab: Tab, userId: string) => {
    const result = await request<{ presence: Presence[] }>(tab, (ack) => tab.socket.emit('presence:query', { userIds: [userId] }, ack));
    if (!result.ok) throw new Error(result.message);
    return result.presence[0]!;
  };

  beforeAll(async () => {
    runtime = await createTestRuntime<Config>('chat', loadServiceConfig());
    const env = {
      DB_NAME: runtime.db.name,
      CONSUMER_PREFIX: runtime.consumerPrefix,
      PRESENCE_TTL_SECONDS: String(PRESENCE_TTL_SECONDS),
      MESSAGE_RATE_LIMIT: '1000',
    };
    [replicaA, replicaB] = await Promise.all([
      startServiceProcess({ service: 'chat', env }),
      startServiceProcess({ service: 'chat', env }),
    ]);
    [ada, grace, linus, mallory] = await Promise.all([
      makeUser(runtime, { collegeId: 'college-s', firstName: 'Ada' }),
      makeUser(runtime, { collegeId: 'college-s', firstName: 'Grace' }),
      makeUser(runtime, { collegeId: 'college-s', firstName: 'Linus' }),
      makeUser(runtime, { collegeId: 'college-s', firstName: 'Mallory' }),
    ]);
  }, 90_000);

  afterAll(async () => {
    for (const tab of tabs) tab.socket.disconnect();
    await Promise.all([replicaA?.stop(), replicaB?.stop()]);
    await destroyTestRuntime(runtime);
  });

  test('when a handshake has no valid token, then the connection is refused', async () => {
    const socket: ClientSocket = io(replicaA.url, { path: '/ws', transports: ['websocket'], auth: { token: 'forged' }, reconnection: false });
    const error = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
    expect(error.message).toBe('Not authenticated');
    socket.disconnect();
  });

  test('when a signed-out token is used for a handshake, then the connection is refused as an HTTP call with it would be', async () => {
    const leaver = await makeUser(runtime, { collegeId: 'college-s', firstName: 'Leaver' });
    const { jti } = verifyAccessToken(runtime.config.JWT_PUBLIC_KEY, leaver.token)!;
    await denyToken(runtime.redis, jti, new Date(Date.now() + 3600_000));
    const socket: ClientSocket = io(replicaA.url, { path: '/ws', transports: ['websocket'], auth: { token: leaver.token }, reconnection: false });
    const error = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
    expect(error.message).toBe('Not authenticated');
    socket.disconnect();
  });

  test('when a sender on one replica sends to a receiver on the other, then every message arrives in order, exactly once, on every other tab', async () => {
    const adaTab1 = await openTab(replicaA.url, ada);
    const adaTab2 = await openTab(replicaB.url, ada);
    const graceTab = await openTab(replicaB.url, grace);
    const count = 30;
    // Fired without waiting: the server still stores and delivers one tab's sends in order.
    const acks = await Promise.all(
      Array.from({ length: count }, (_, i) =>
        request<{ message: ChatMessage }>(adaTab1, (ack) =>
          adaTab1.socket.emit('message:send', { receiverId: grace.id, content: `message ${i}`, clientId: `c-${i}` }, ack),
        ),
      ),
    );
    const stored = acks.map((ack) => {
      if (!ack.ok) throw new Error(ack.message);
      return ack.message;
    });
    expect(stored.map((m) => m.content)).toEqual(Array.from({ length: count }, (_, i) => `message ${i}`));
    await waitFor(() => graceTab.messages.length >= count && adaTab2.messages.length >= count);
    // A beat more, so any duplicate would have arrived too.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(graceTab.messages.map((m) => m.id)).toEqual(stored.map((m) => m.id));
    expect(adaTab2.messages.map((m) => m.id)).toEqual(stored.map((m) => m.id));
    expect(adaTab1.messages).toEqual([]);

    // A resend after a "lost" ack returns the stored message and delivers nothing new.
    const resend = await request<{ message: ChatMessage }>(adaTab1, (ack) =>
      adaTab1.socket.emit('message:send', { receiverId: grace.id, content: 'message 0', clientId: 'c-0' }, ack),
    );
    expect(resend.ok && resend.message.id).toBe(stored[0]!.id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(graceTab.messages).toHaveLength(count);

    // Read receipts reach the sender's tabs on both replicas.
    const read = await request<{ receipt: ReadReceipt | null }>(graceTab, (ack) => graceTab.socket.emit('messages:read', { userId: ada.id }, ack));
    expect(read.ok && read.receipt?.upToId).toBe(stored.at(-1)!.id);
    await waitFor(() => adaTab1.receipts.length > 0 && adaTab2.receipts.length > 0);
    expect(adaTab1.receipts[0]).toMatchObject({ readerId: grace.id, upToId: stored.at(-1)!.id });

    // Typing reaches the other side's tabs.
    graceTab.socket.emit('typing', { receiverId: ada.id, isTyping: true });
    await waitFor(() => adaTab1.typing.length > 0 && adaTab2.typing.length > 0);
    expect(adaTab1.typing[0]).toEqual({ chatId: stored[0]!.chatId, userId: grace.id, isTyping: true });
  });

  test('when a student of another college signals typing, then the receiver hears nothing of it', async () => {
    const outsider = await makeUser(runtime, { collegeId: 'college-elsewhere', firstName: 'Outsider' });
    const [linusTab, outsiderTab, graceTab] = await Promise.all([openTab(replicaA.url, linus), openTab(replicaB.url, outsider), openTab(replicaA.url, grace)]);
    outsiderTab.socket.emit('typing', { receiverId: linus.id, isTyping: true });
    outsiderTab.socket.emit('typing', { receiverId: linus.id, isTyping: false });
    // A classmate's notice arrives, and after it (the outsider's had as long) none from the outsider.
    graceTab.socket.emit('typing', { receiverId: linus.id, isTyping: true });
    await waitFor(() => linusTab.typing.some((notice) => notice.userId === grace.id));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(linusTab.typing.filter((notice) => notice.userId === outsider.id)).toEqual([]);
  });

  test('when a tab reconnects, then it catches up on what it missed since its last message', async () => {
    const linusTab = await openTab(replicaA.url, linus);
    const first = await request<{ message: ChatMessage }>(linusTab, (ack) =>
      linusTab.socket.emit('message:send', { receiverId: mallory.id, content: 'before' }, ack),
    );
    if (!first.ok) throw new Error(first.message);
    // Mallory is offline; Linus says two more things.
    for (const content of ['missed 1', 'missed 2']) {
      await request(linusTab, (ack) => linusTab.socket.emit('message:send', { receiverId: mallory.id, content }, ack));
    }
    const malloryTab = await openTab(replicaB.url, mallory);
    const caughtUp = await request<{ messages: ChatMessage[]; complete: boolean }>(malloryTab, (ack) =>
      malloryTab.socket.emit('messages:since', { userId: linus.id, afterId: first.message.id }, ack),
    );
    expect(caughtUp.ok && caughtUp.complete).toBe(true);
    expect(caughtUp.ok && caughtUp.messages.map((m) => m.content)).toEqual(['missed 1', 'missed 2']);
  });

  test('when a user disconnects, then watchers see them offline with a last seen time', async () => {
    const watcher = await openTab(replicaA.url, linus);
    const graceTab = await openTab(replicaB.url, grace);
    await waitFor(async () => (await presenceOf(watcher, grace.id)).isOnline);
    // Grace's other tabs are closed too, so she has none left.
    for (const tab of tabs.filter((t) => t.socket.auth && (t.socket.auth as { token: string }).token === grace.token)) tab.socket.disconnect();
    await waitFor(() => watcher.presence.find((p) => p.userId === grace.id && !p.isOnline));
    const status = await presenceOf(watcher, grace.id);
    expect(status.isOnline).toBe(false);
    expect(Date.parse(status.lastSeen!)).toBeGreaterThan(Date.now() - 10_000);
    expect(graceTab.socket.connected).toBe(false);
  });

  test('when one user blocks another, then neither hears the other’s presence any more: each is shown offline at once, a query leaves the other out, and going offline is not announced to them', async () => {
    const [uma, wen] = await Promise.all([
      makeUser(runtime, { collegeId: 'college-s', firstName: 'Uma' }),
      makeUser(runtime, { collegeId: 'college-s', firstName: 'Wen' }),
    ]);
    const umaTab = await openTab(replicaA.url, uma);
    const wenTab = await openTab(replicaB.url, wen);
    const linusTab = await openTab(replicaA.url, linus);
    await waitFor(async () => (await presenceOf(umaTab, wen.id)).isOnline);
    expect((await presenceOf(wenTab, uma.id)).isOnline).toBe(true);
    expect((await presenceOf(linusTab, wen.id)).isOnline).toBe(true);

    await runtime.publisher.publish('social.block.created', { blockerId: wen.id, blockedId: uma.id });
    await waitFor(() => umaTab.presence.some((p) => p.userId === wen.id && !p.isOnline && p.lastSeen === null));
    await waitFor(() => wenTab.presence.some((p) => p.userId === uma.id && !p.isOnline && p.lastSeen === null));
    for (const [tab, other] of [[umaTab, wen], [wenTab, uma]] as const) {
      const queried = await request<{ presence: Presence[] }>(tab, (ack) => tab.socket.emit('presence:query', { userIds: [other.id] }, ack));
      expect(queried.ok && queried.presence).toEqual([]);
    }

    // Wen leaves: Linus hears it, Uma no longer does.
    umaTab.presence.length = 0;
    wenTab.socket.disconnect();
    await waitFor(() => linusTab.presence.some((p) => p.userId === wen.id && !p.isOnline && p.lastSeen !== null));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(umaTab.presence.filter((p) => p.userId === wen.id)).toEqual([]);
  });

  test('when a message reaches someone with no tab open, then chat.message.missed is published once a minute per conversation; a notification reaches every tab of its user over the socket', async () => {
    const recorded = await recordMissed();
    // Someone never connected before: away.
    const zoe = await makeUser(runtime, { collegeId: 'college-s', firstName: 'Zoe' });
    const missed = () => missedTo(recorded, zoe.id);
    const linusTab = await openTab(replicaA.url, linus);
    for (const content of ['are you there?', 'hello?']) {
      const ack = await request<{ message: ChatMessage }>(linusTab, (done) => linusTab.socket.emit('message:send', { receiverId: zoe.id, content }, done));
      expect(ack.ok).toBe(true);
    }
    await waitFor(() => missed().length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(missed()).toHaveLength(1);
    expect(missed()[0]!.data).toMatchObject({ senderId: linus.id, receiverId: zoe.id });

    // Zoe online: nothing more is announced.
    const zoeA = await openTab(replicaA.url, zoe);
    const zoeB = await openTab(replicaB.url, zoe);
    await request<{ message: ChatMessage }>(linusTab, (done) => linusTab.socket.emit('message:send', { receiverId: zoe.id, content: 'oh hi' }, done));
    await waitFor(() => zoeA.messages.some((m) => m.content === 'oh hi'));

    const pushes: NotificationPush[] = [];
    const reads: NotificationsReadPush[] = [];
    for (const tab of [zoeA, zoeB]) {
      tab.socket.on('notification:new', (push) => pushes.push(push));
      tab.socket.on('notifications:read', (push) => reads.push(push));
    }
    const notification = { id: 'n1', kind: 'friend_request' as const, actorName: 'Linus Tester', text: 'Linus Tester sent you a friend request', link: '/friends', createdAt: new Date().toISOString(), readAt: null };
    await runtime.publisher.publish('notifications.notification.created', { userId: zoe.id, notification, unread: 3 });
    await runtime.publisher.publish('notifications.notification.read', { userId: zoe.id, ids: 'all', unread: 0 });
    await waitFor(() => pushes.length >= 2 && reads.length >= 2);
    expect(pushes).toEqual([{ notification, unread: 3 }, { notification, unread: 3 }]);
    expect(reads[0]).toEqual({ ids: 'all', unread: 0 });
    expect(missed()).toHaveLength(1);
  });

  test('when the receiver has a tab open on either replica, then a message from a new conversation makes no chat.message.missed', async () => {
    const recorded = await recordMissed();
    const [yara, omar, ines] = await Promise.all(
      ['Yara', 'Omar', 'Ines'].map((firstName) => makeUser(runtime, { collegeId: 'college-s', firstName })),
    );
    await openTab(replicaA.url, yara);
    // Omar writes through the replica that holds Yara's tab (it knows without asking Redis), Ines
    // through the other one (it asks presence); neither conversation has been throttled before.
    const omarTab = await openTab(replicaA.url, omar);
    const inesTab = await openTab(replicaB.url, ines);
    for (const tab of [omarTab, inesTab]) {
      const ack = await request<{ message: ChatMessage }>(tab, (done) => tab.socket.emit('message:send', { receiverId: yara.id, content: 'hi Yara' }, done));
      expect(ack.ok).toBe(true);
    }
    // Yara away: the next message (a third conversation) is announced, so the ones above had their chance.
    const away = await makeUser(runtime, { collegeId: 'college-s', firstName: 'Kai' });
    const toKai = await request<{ message: ChatMessage }>(inesTab, (done) => inesTab.socket.emit('message:send', { receiverId: away.id, content: 'hi Kai' }, done));
    expect(toKai).toMatchObject({ ok: true });
    const ours = () => missedTo(recorded, yara.id, away.id);
    await waitFor(() => ours().length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(ours().map((event) => (event.data as { receiverId: string }).receiverId)).toEqual([away.id]);
  });

  test('when a replica stops (scaled down or rolled), then its clients reconnect by themselves', async () => {
    const leaving = await startServiceProcess({
      service: 'chat',
      env: { DB_NAME: runtime.db.name, CONSUMER_PREFIX: runtime.consumerPrefix, MESSAGE_RATE_LIMIT: '1000' },
    });
    const socket: ClientSocket = io(leaving.url, { path: '/ws', transports: ['websocket'], auth: { token: linus.token }, forceNew: true, reconnectionDelay: 100 });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const reason = new Promise<string>((resolve) => socket.once('disconnect', (why) => resolve(why)));

      await leaving.stop('SIGTERM');

      // "transport close": the client reconnects on its own (behind the gateway, to another replica);
      // "io server disconnect" would leave it offline until the page reconnected it.
      expect(await reason).toBe('transport close');
      expect(socket.active).toBe(true);
    } finally {
      socket.disconnect();
    }
  });

  test('when a replica is killed, then its users show offline within the presence TTL and the rest stay online', async () => {
    const watcher = await openTab(replicaA.url, linus);
    const graceTab = await openTab(replicaB.url, grace);
    expect(graceTab.socket.connected).toBe(true);
    // The replica records the connection just after the handshake.
    await waitFor(async () => (await presenceOf(watcher, grace.id)).isOnline);
    expect(await presenceOf(watcher, ada.id)).toMatchObject({ isOnline: true });
    watcher.presence.length = 0;
    const killedAt = Date.now();
    await replicaB.stop('SIGKILL');
    await waitFor(() => watcher.presence.find((p) => p.userId === grace.id && !p.isOnline), { timeoutMs: 60_000 });
    const tookMs = Date.now() - killedAt;
    expect(tookMs).toBeLessThan(PRESENCE_TTL_SECONDS * 1000 + 5000);
    expect(await presenceOf(watcher, grace.id)).toMatchObject({ isOnline: false, lastSeen: expect.any(String) });
    // Ada still has a tab on the surviving replica.
    expect(await presenceOf(watcher, ada.id)).toMatchObject({ isOnline: true });
  });

  test('when a user is banned, then their sockets are disconnected and they cannot connect again', async () => {
    const malloryTab = await openTab(replicaA.url, mallory);
    const disconnected = new Promise<void>((resolve) => malloryTab.socket.once('disconnect', () => resolve()));
    const banUntil = new Date(Date.now() + 3600_000).toISOString();
    await writeBan(runtime.redis, mallory.id, { reason: 'Spam', expiresAt: banUntil });
    await runtime.publisher.publish('moderation.user.banned', {
      userId: mallory.id,
      version: 1,
      reason: 'Spam',
      banUntil,
      bannedBy: 'admin',
    });
    await disconnected;
    const retry: ClientSocket = io(replicaA.url, { path: '/ws', transports: ['websocket'], auth: { token: mallory.token }, reconnection: false });
    const error = await new Promise<Error>((resolve) => retry.once('connect_error', resolve));
    expect(error.message).toBe('Account suspended');
    // The reason and the end, as the HTTP answer gives them.
    expect((error as Error & { data?: unknown }).data).toEqual({ status: 403, reason: 'Spam', expiresAt: banUntil });
    retry.disconnect();
  });
});
