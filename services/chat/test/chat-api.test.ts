import {
  CHAT_BLOCKED,
  CHAT_OTHER_COLLEGE,
  CHAT_SELF,
  CHAT_USER_NOT_FOUND,
  CHAT_YOU_BLOCKED,
  type ChatMessage,
  type ChatSummary,
  LIMITS,
  MESSAGE_BLANK,
  MESSAGE_RATE_LIMITED,
  MESSAGE_TOO_LONG,
  NEXT_CURSOR_HEADER,
} from '@quad/contracts';
import { Types } from 'mongoose';
import { sendMessage } from '../src/domain/messages';
import { type ChatKit, type TestUser, bearer, makeUser, request, setBlock, startChatKit } from './chat-test-kit';

describe('chat REST API', () => {
  let kit: ChatKit;
  let ada: TestUser;
  let grace: TestUser;
  let linus: TestUser;
  let bea: TestUser;
  let admin: TestUser;
  let lapsed: TestUser;

  const send = (from: TestUser, body: Record<string, unknown>) =>
    request(kit.app).post('/api/messages').set(bearer(from.token)).send(body);
  const history = (viewer: TestUser, query: Record<string, string | number>) =>
    request(kit.app).get('/api/messages').query(query).set(bearer(viewer.token));
  const chats = (viewer: TestUser) => request(kit.app).get('/api/chats').set(bearer(viewer.token));

  beforeAll(async () => {
    // A small limit, so the rate-limit test is quick; the other tests stay under it per sender.
    kit = await startChatKit({ MESSAGE_RATE_LIMIT: '40', MESSAGE_RATE_WINDOW_SECONDS: '60' });
    [ada, grace, linus, bea, admin, lapsed] = await Promise.all([
      makeUser(kit.runtime, { collegeId: 'college-a', firstName: 'Ada' }),
      makeUser(kit.runtime, { collegeId: 'college-a', firstName: 'Grace' }),
      makeUser(kit.runtime, { collegeId: 'college-a', firstName: 'Linus' }),
      makeUser(kit.runtime, { collegeId: 'college-b', firstName: 'Bea' }),
      makeUser(kit.runtime, { collegeId: null, isAdmin: true, firstName: 'Admin' }),
      makeUser(kit.runtime, { collegeId: 'college-a', subscribed: false, firstName: 'Lapsed' }),
    ]);
  });

  afterAll(() => kit.stop());

  test('when a student opens a chat with a classmate, then it is created once and listed for both', async () => {
    const first = await request(kit.app).post('/api/chats').set(bearer(ada.token)).send({ participantId: linus.id });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      id: [ada.id, linus.id].sort().join(':'),
      participantId: linus.id,
      participant: { id: linus.id, firstName: 'Linus', lastName: 'Tester', profileColor: '#10B981' },
      lastMessage: null,
      unreadCount: 0,
      content: null,
    });
    const again = await request(kit.app).post('/api/chats').set(bearer(linus.token)).send({ participantId: ada.id });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(await kit.ctx.models.Chat.countDocuments({ _id: first.body.id })).toBe(1);
    const listed = await chats(linus);
    expect((listed.body as ChatSummary[]).map((chat) => chat.participantId)).toContain(ada.id);
  });

  test('when a student sends a message, then it is stored, returned in full and counted unread for the receiver', async () => {
    const response = await send(ada, { receiverId: grace.id, content: '  Hi Grace!  ' });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      chatId: [ada.id, grace.id].sort().join(':'),
      senderId: ada.id,
      receiverId: grace.id,
      content: 'Hi Grace!',
      createdAt: expect.any(String),
      isRead: false,
      clientId: null,
      sender: { firstName: 'Ada', lastName: 'Tester' },
    });
    const stored = await kit.ctx.models.Message.findById(response.body.id).lean();
    expect(stored).toMatchObject({ content: 'Hi Grace!', senderId: ada.id, receiverId: grace.id });

    const graceChats = (await chats(grace)).body as ChatSummary[];
    const withAda = graceChats.find((chat) => chat.participantId === ada.id)!;
    expect(withAda).toMatchObject({
      unreadCount: 1,
      senderId: ada.id,
      receiverId: grace.id,
      content: 'Hi Grace!',
      createdAt: response.body.createdAt,
      lastActivityAt: response.body.createdAt,
      lastMessage: { id: response.body.id },
    });
    const adaChats = (await chats(ada)).body as ChatSummary[];
    expect(adaChats.find((chat) => chat.participantId === grace.id)).toMatchObject({ unreadCount: 0 });
  });

  test('when conversations get messages, then GET /api/chats lists the newest activity first', async () => {
    await send(grace, { receiverId: linus.id, content: 'older' });
    await send(admin, { receiverId: linus.id, content: 'newer' });
    const listed = (await chats(linus)).body as ChatSummary[];
    const order = listed.map((chat) => chat.participantId);
    expect(order.indexOf(admin.id)).toBeLessThan(order.indexOf(grace.id));
    const times = listed.map((chat) => chat.lastActivityAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  test('when the receiver reads, then the unread count drops to zero and the sender sees read marks', async () => {
    const a = await send(linus, { receiverId: grace.id, content: 'one' });
    const b = await send(linus, { receiverId: grace.id, content: 'two' });
    expect((await chats(grace)).body.find((c: ChatSummary) => c.participantId === linus.id).unreadCount).toBe(2);

    const read = await request(kit.app).post('/api/messages/read').set(bearer(grace.token)).send({ userId: linus.id });
    expect(read.status).toBe(200);
    expect(read.body.receipt).toMatchObject({ readerId: grace.id, upToId: b.body.id });
    expect((await chats(grace)).body.find((c: ChatSummary) => c.participantId === linus.id).unreadCount).toBe(0);
    const seen = (await history(linus, { userId: grace.id })).body as ChatMessage[];
    expect(seen.filter((m) => [a.body.id, b.body.id].includes(m.id)).map((m) => m.isRead)).toEqual([true, true]);
    // Reading again moves nothing.
    const again = await request(kit.app).post('/api/messages/read').set(bearer(grace.token)).send({ userId: linus.id });
    expect(again.body.receipt).toBeNull();
  });

  test('when a conversation has many messages, then history pages newest first with a cursor, no repeats or gaps', async () => {
    const sent: string[] = [];
    for (let i = 0; i < 7; i++) sent.push((await send(bea, { receiverId: admin.id, content: `m${i}` })).body.id as string);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await history(admin, { userId: bea.id, limit: 3, ...(cursor ? { cursor } : {}) });
      expect(page.status).toBe(200);
      seen.push(...(page.body as ChatMessage[]).map((m) => m.id));
      cursor = page.headers[NEXT_CURSOR_HEADER.toLowerCase()] as string | undefined;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...sent].reverse());
    // Unread counts read the receiver's list a few at a time: 7 spans more than one short page.
    expect(((await chats(admin)).body as ChatSummary[]).find((chat) => chat.participantId === bea.id)?.unreadCount).toBe(7);
    const bad = await history(admin, { userId: bea.id, cursor: 'not-a-cursor' });
    expect(bad.status).toBe(400);
  });

  test('when history is read, then it comes from the list index and not a sorted database query', async () => {
    const find = jest.spyOn(kit.ctx.models.Message, 'find');
    const page = await history(admin, { userId: bea.id, limit: 5 });
    expect(page.status).toBe(200);
    expect(find).not.toHaveBeenCalled();
    find.mockRestore();
  });

  test('when the same clientId is sent twice, then one message is stored and the second answer returns it', async () => {
    const clientId = new Types.ObjectId().toHexString();
    const first = await send(ada, { receiverId: linus.id, content: 'once', clientId });
    const second = await send(ada, { receiverId: linus.id, content: 'once', clientId });
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(second.body.id).toBe(first.body.id);
    expect(await kit.ctx.models.Message.countDocuments({ clientId })).toBe(1);
  });

  test('when a send claimed its clientId and its process died before storing it, then the resend stores it once, under the claimed id', async () => {
    const clientId = new Types.ObjectId().toHexString();
    const claimedId = new Types.ObjectId().toHexString();
    // What the dead process left: the claim, and no message.
    await kit.runtime.redis.set(`chat:${kit.ctx.namespace}:client-message:${ada.id}:${clientId}`, claimedId, 'EX', 3600);
    const resent = await send(ada, { receiverId: linus.id, content: 'after a crash', clientId });
    expect(resent.status).toBe(201);
    expect(resent.body.id).toBe(claimedId);
    const again = await send(ada, { receiverId: linus.id, content: 'after a crash', clientId });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(claimedId);
    expect(await kit.ctx.models.Message.countDocuments({ clientId })).toBe(1);
  }, 30_000);

  test('when a send stored its message and died before delivering it, then the resend delivers it, and a resend after that does not', async () => {
    const clientId = new Types.ObjectId().toHexString();
    const storedId = new Types.ObjectId();
    // What the dead process left: the claim and the stored message, not delivered.
    await kit.runtime.redis.set(`chat:${kit.ctx.namespace}:client-message:${grace.id}:${clientId}`, storedId.toHexString(), 'EX', 3600);
    const chatId = [grace.id, linus.id].sort().join(':');
    await kit.ctx.messages.append({ _id: storedId, chatId, senderId: grace.id, receiverId: linus.id, content: 'stored', clientId, createdAt: new Date() } as never);
    const caller = { userId: grace.id, collegeId: 'college-a', isAdmin: false } as never;
    const delivered: string[] = [];
    const onStored = (message: ChatMessage) => void delivered.push(message.id);
    const resend = await sendMessage(kit.ctx, caller, { receiverId: linus.id, content: 'stored', clientId }, { onStored });
    expect({ id: resend.message.id, created: resend.created, delivered }).toEqual({ id: storedId.toHexString(), created: false, delivered: [storedId.toHexString()] });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const again = await sendMessage(kit.ctx, caller, { receiverId: linus.id, content: 'stored', clientId }, { onStored });
    expect({ id: again.message.id, delivered }).toEqual({ id: storedId.toHexString(), delivered: [storedId.toHexString()] });
    expect(await kit.ctx.models.Message.countDocuments({ clientId })).toBe(1);
  });

  test.each([
    ['blank', { content: '   ' }, 400, MESSAGE_BLANK],
    ['missing content', {}, 400, MESSAGE_BLANK],
    ['only invisible characters (zero-width spaces, a word joiner)', { content: ' \u200B\u200B\u2060 ' }, 400, MESSAGE_BLANK],
    ['too long', { content: 'x'.repeat(LIMITS.message + 1) }, 400, MESSAGE_TOO_LONG],
  ])('when a message is %s, then 400 says so', async (_case, fields, status, message) => {
    const response = await send(ada, { receiverId: grace.id, ...fields });
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ message });
  });

  test('when a message is exactly the limit, then it is accepted', async () => {
    const response = await send(ada, { receiverId: grace.id, content: 'y'.repeat(LIMITS.message) });
    expect(response.status).toBe(201);
  });

  test('when the receiver is missing, unknown or the sender, then 400, 404 and 400', async () => {
    expect((await send(ada, { content: 'hi' })).status).toBe(400);
    const unknown = await send(ada, { receiverId: new Types.ObjectId().toHexString(), content: 'hi' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: CHAT_USER_NOT_FOUND });
    const self = await send(ada, { receiverId: ada.id, content: 'hi' });
    expect(self.status).toBe(400);
    expect(self.body).toEqual({ message: CHAT_SELF });
    const selfChat = await request(kit.app).post('/api/chats').set(bearer(ada.token)).send({ participantId: ada.id });
    expect(selfChat.status).toBe(400);
    const noParticipant = await request(kit.app).post('/api/chats').set(bearer(ada.token)).send({});
    expect(noParticipant.status).toBe(400);
    expect(noParticipant.body).toEqual({ message: 'participantId is required.' });
    expect((await history(ada, {})).status).toBe(400);
  });

  test('when students of different colleges try to chat, then 403; an admin may chat with anyone', async () => {
    const message = await send(ada, { receiverId: bea.id, content: 'hello across' });
    expect(message.status).toBe(403);
    expect(message.body).toEqual({ message: CHAT_OTHER_COLLEGE });
    const chat = await request(kit.app).post('/api/chats').set(bearer(bea.token)).send({ participantId: ada.id });
    expect(chat.status).toBe(403);
    expect((await send(admin, { receiverId: bea.id, content: 'from the admin' })).status).toBe(201);
    expect((await send(bea, { receiverId: admin.id, content: 'to the admin' })).status).toBe(201);
  });

  test('when the receiver blocked the sender, then messages and new chats are refused until the block is lifted', async () => {
    await setBlock(kit, grace, ada, true);
    const refused = await send(ada, { receiverId: grace.id, content: 'are you there?' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: CHAT_BLOCKED });
    const chat = await request(kit.app).post('/api/chats').set(bearer(ada.token)).send({ participantId: grace.id });
    expect(chat.status).toBe(403);
    const blockerWrites = await send(grace, { receiverId: ada.id, content: 'I blocked you' });
    expect(blockerWrites.status).toBe(403);
    expect(blockerWrites.body).toEqual({ message: CHAT_YOU_BLOCKED });

    // The refused message's resend id was given back: once unblocked, the same resend is stored.
    const clientId = new Types.ObjectId().toHexString();
    expect((await send(ada, { receiverId: grace.id, content: 'resent', clientId })).status).toBe(403);
    await setBlock(kit, grace, ada, false);
    expect((await send(ada, { receiverId: grace.id, content: 'thanks for unblocking' })).status).toBe(201);
    const resent = await send(ada, { receiverId: grace.id, content: 'resent', clientId });
    expect(resent.status).toBe(201);
    expect(await kit.ctx.models.Message.countDocuments({ clientId })).toBe(1);
  });

  test('when a block event is delivered twice or late, then the later state stands', async () => {
    await setBlock(kit, linus, bea, true);
    await setBlock(kit, linus, bea, false);
    // Redelivering the older "created" (a smaller stream sequence) changes nothing.
    const { applyBlock } = await import('../src/domain/blocks');
    await applyBlock(kit.ctx, { blockerId: linus.id, blockedId: bea.id }, true, 1);
    const fact = await kit.ctx.models.Block.findById(`${linus.id}>${bea.id}`).lean();
    expect(fact?.live).toBe(false);
  });

  test('when a caller is not signed in or not subscribed, then 401 or 402', async () => {
    expect((await request(kit.app).get('/api/chats')).status).toBe(401);
    expect((await request(kit.app).post('/api/messages').send({ receiverId: ada.id, content: 'x' })).status).toBe(401);
    expect((await request(kit.app).get('/api/messages').query({ userId: ada.id })).status).toBe(401);
    expect((await request(kit.app).post('/api/chats').send({ participantId: ada.id })).status).toBe(401);
    expect((await chats(lapsed)).status).toBe(402);
    expect((await send(lapsed, { receiverId: ada.id, content: 'x' })).status).toBe(402);
  });

  test('when a sender goes over the rate limit, then 429 with a clear message and nothing is stored', async () => {
    const sender = await makeUser(kit.runtime, { collegeId: 'college-a', firstName: 'Speedy' });
    const statuses: number[] = [];
    for (let i = 0; i < 41; i++) statuses.push((await send(sender, { receiverId: ada.id, content: `burst ${i}` })).status);
    expect(statuses.slice(0, 40).every((status) => status === 201)).toBe(true);
    const limited = await send(sender, { receiverId: ada.id, content: 'one more' });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: MESSAGE_RATE_LIMITED });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(await kit.ctx.models.Message.countDocuments({ senderId: sender.id })).toBe(40);
  });
});
