import type { ChatMessage, ChatSummary } from '@quad/contracts';
import { type ChatKit, type TestUser, bearer, makeUser, request, startChatKit, waitFor } from './chat-test-kit';

/** Issue 25: a deleted account's messages stay in the other side's history, from "Deleted user". */
describe('a deleted account in chat', () => {
  let kit: ChatKit;
  let ada: TestUser;
  let leaving: TestUser;

  beforeAll(async () => {
    kit = await startChatKit();
    [ada, leaving] = await Promise.all([
      makeUser(kit.runtime, { collegeId: 'college-x', firstName: 'Ada' }),
      makeUser(kit.runtime, { collegeId: 'college-x', firstName: 'Leaving', lastName: 'Student' }),
    ]);
  });
  afterAll(() => kit.stop());

  test('when the student downloads their data, then chat’s part holds the messages they sent and received', async () => {
    const [exporter, friend] = await Promise.all([
      makeUser(kit.runtime, { collegeId: 'college-x', firstName: 'Exporter' }),
      makeUser(kit.runtime, { collegeId: 'college-x', firstName: 'Friend' }),
    ]);
    await request(kit.app).post('/api/messages').set(bearer(exporter.token)).send({ receiverId: friend.id, content: 'sent by me' }).expect(201);
    await request(kit.app).post('/api/messages').set(bearer(friend.token)).send({ receiverId: exporter.id, content: 'sent to me' }).expect(201);

    const response = await request(kit.app).get('/internal/account-export').set(bearer(exporter.token));

    expect(response.status).toBe(200);
    const { records } = response.body as { records: Record<string, Array<Record<string, unknown>>> };
    expect(records.messagesSent!.map((m) => m.content)).toEqual(['sent by me']);
    expect(records.messagesReceived!.map((m) => m.content)).toEqual(['sent to me']);
  });

  test('when auth announces the deletion, then the other side sees their messages from "Deleted user", and their token opens nothing', async () => {
    await request(kit.app).post('/api/messages').set(bearer(leaving.token)).send({ receiverId: ada.id, content: 'See you around' }).expect(201);
    await request(kit.app).post('/api/messages').set(bearer(ada.token)).send({ receiverId: leaving.id, content: 'Bye!' }).expect(201);

    // The one write of the deletion announces both (auth's outbox).
    await kit.runtime.publisher.publish('auth.user.updated', {
      userId: leaving.id, version: 1, firstName: 'Deleted', lastName: 'user', email: null, profileColor: '#10B981', profileImageUrl: null,
      collegeId: 'college-x', collegeName: 'College college-x', collegeInitials: 'TC', major: '', graduationYear: null, isAdmin: false,
      emailConfirmed: false, isVerified: false, deleted: true,
    });
    await kit.runtime.publisher.publish('auth.user.deleted', { userId: leaving.id, version: 1, deletedAt: new Date().toISOString() });
    await waitFor(async () => (await kit.runtime.directory.get(leaving.id))?.deleted === true);

    const history = (await request(kit.app).get(`/api/messages?userId=${leaving.id}`).set(bearer(ada.token))).body as ChatMessage[];
    expect(history.map((message) => message.content).sort()).toEqual(['Bye!', 'See you around']);
    const theirs = history.find((message) => message.senderId === leaving.id)!;
    expect(theirs.sender).toEqual({ firstName: 'Deleted', lastName: 'user' });
    const chats = (await request(kit.app).get('/api/chats').set(bearer(ada.token))).body as ChatSummary[];
    expect(chats.find((chat) => chat.participantId === leaving.id)?.participant).toMatchObject({ firstName: 'Deleted', lastName: 'user', deleted: true });
    expect((await request(kit.app).get('/api/chats').set(bearer(leaving.token))).status).toBe(401);
    // Nobody writes to a deleted account any more.
    expect((await request(kit.app).post('/api/messages').set(bearer(ada.token)).send({ receiverId: leaving.id, content: 'still there?' })).status).toBe(404);
  });
});
