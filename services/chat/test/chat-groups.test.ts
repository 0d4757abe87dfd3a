import {
  GROUP_ADMINS_ONLY,
  GROUP_ALREADY_MEMBER,
  GROUP_LIMITS,
  GROUP_NAME_REQUIRED,
  GROUP_NAME_TOO_LONG,
  GROUP_NOT_FRIEND,
  GROUP_NOT_MEMBER,
  GROUP_OTHER_COLLEGE,
  GROUP_OWNER_ONLY,
  GROUP_REMOVE_ADMIN,
  GROUP_REMOVE_OWNER,
  GROUP_TOO_LARGE,
  GROUP_TOO_SMALL,
  type ChatMessage,
  type GroupSummary,
  NEXT_CURSOR_HEADER,
  groupBlockedMessage,
} from '@quad/contracts';
import { recordPublished } from '@quad/common/src/testing';
import type { EventEnvelope } from '@quad/contracts';
import {
  type ChatKit,
  type TestUser,
  bearer,
  makeUser,
  request,
  setBlock,
  setFriends,
  startChatKit,
  waitFor,
} from './chat-test-kit';

/** Group chats over REST on a real chat service (its database, NATS and Redis): membership rules, limits, blocks, unread counts, history. */
describe('group chats REST API', () => {
  let kit: ChatKit;
  let ada: TestUser;
  let grace: TestUser;
  let linus: TestUser;
  let ken: TestUser;
  let mallory: TestUser;
  let bea: TestUser;
  let stranger: TestUser;
  let published: Array<EventEnvelope<unknown>>;

  const as = (user: TestUser) => ({
    get: (path: string) => request(kit.app).get(path).set(bearer(user.token)),
    post: (path: string, body: object = {}) => request(kit.app).post(path).set(bearer(user.token)).send(body),
    put: (path: string, body: object) => request(kit.app).put(path).set(bearer(user.token)).send(body),
    delete: (path: string) => request(kit.app).delete(path).set(bearer(user.token)),
  });
  const create = (owner: TestUser, name: string, members: TestUser[]) =>
    as(owner).post('/api/groups', { name, memberIds: members.map((m) => m.id) });
  const groupsOf = async (user: TestUser): Promise<GroupSummary[]> => (await as(user).get('/api/groups').expect(200)).body;
  const addedEvents = (groupId: string) =>
    published.filter((event) => event.subject === 'chat.group.member.added' && (event.data as { chatId: string }).chatId === groupId);

  beforeAll(async () => {
    kit = await startChatKit({ MESSAGE_RATE_LIMIT: '200', MESSAGE_RATE_WINDOW_SECONDS: '60' });
    published = await recordPublished(kit.runtime, ['chat.group.member.added']);
    [ada, grace, linus, ken, mallory, bea, stranger] = await Promise.all([
      makeUser(kit.runtime, { collegeId: 'college-g', firstName: 'Ada' }),
      makeUser(kit.runtime, { collegeId: 'college-g', firstName: 'Grace' }),
      makeUser(kit.runtime, { collegeId: 'college-g', firstName: 'Linus' }),
      makeUser(kit.runtime, { collegeId: 'college-g', firstName: 'Ken' }),
      makeUser(kit.runtime, { collegeId: 'college-g', firstName: 'Mallory' }),
      makeUser(kit.runtime, { collegeId: 'college-h', firstName: 'Bea' }),
      makeUser(kit.runtime, { collegeId: 'college-g', firstName: 'Stranger' }),
    ]);
    await setFriends(kit, ada, [grace, linus, ken, mallory, bea]);
    await setFriends(kit, grace, [linus, ken, mallory]);
  });

  afterAll(() => kit.stop());

  test('when a student creates a group of friends, then every member lists it with roles and chat.group.member.added goes out once', async () => {
    const res = await create(ada, '  Algorithms study group ', [grace, linus]);
    expect(res.status).toBe(201);
    const group = res.body as GroupSummary;
    expect(group).toMatchObject({ name: 'Algorithms study group', ownerId: ada.id, unreadCount: 0, lastMessage: null, blockedMemberIds: [] });
    expect(group.id).toMatch(/^grp_/);
    expect(group.members.map((m) => [m.firstName, m.role])).toEqual([['Ada', 'owner'], ['Grace', 'member'], ['Linus', 'member']]);
    for (const member of [grace, linus]) expect((await groupsOf(member)).map((g) => g.id)).toContain(group.id);
    expect((await groupsOf(ken)).map((g) => g.id)).not.toContain(group.id);

    await waitFor(() => addedEvents(group.id).length > 0);
    // A beat more: a second copy (outbox sweep, retried publish) would show by now.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(addedEvents(group.id)).toHaveLength(1);
    expect(addedEvents(group.id)[0]!.data).toEqual({
      chatId: group.id,
      name: 'Algorithms study group',
      memberIds: [grace.id, linus.id],
      addedBy: ada.id,
    });
  });

  test('when a group is created with bad input, then each case is refused with a clear message', async () => {
    const cases: Array<[object, number, string]> = [
      [{ name: '', memberIds: [grace.id, linus.id] }, 400, GROUP_NAME_REQUIRED],
      [{ name: '\u200B\uFEFF', memberIds: [grace.id, linus.id] }, 400, GROUP_NAME_REQUIRED],
      [{ name: 'x'.repeat(GROUP_LIMITS.name + 1), memberIds: [grace.id, linus.id] }, 400, GROUP_NAME_TOO_LONG],
      [{ name: 'Pair', memberIds: [grace.id] }, 400, GROUP_TOO_SMALL],
      [{ name: 'Pair', memberIds: [grace.id, grace.id, ada.id] }, 400, GROUP_TOO_SMALL],
      [{ name: 'Not friends', memberIds: [grace.id, stranger.id] }, 403, GROUP_NOT_FRIEND],
      [{ name: 'Other college', memberIds: [grace.id, bea.id] }, 403, GROUP_OTHER_COLLEGE],
      [{ name: 'Too big', memberIds: Array.from({ length: GROUP_LIMITS.maxMembers + 1 }, (_, i) => `u${i}`) }, 400, GROUP_TOO_LARGE],
    ];
    for (const [body, status, message] of cases) {
      const res = await as(ada).post('/api/groups', body);
      expect({ status: res.status, message: res.body.message }).toEqual({ status, message });
    }
    expect((await request(kit.app).get('/api/groups')).status).toBe(401);
  });

  test('when two chosen students block each other, then they cannot be put in one group; a block made later collapses, never removes', async () => {
    await setBlock(kit, grace, mallory, true);
    const refused = await create(ada, 'Blocked pair', [grace, mallory]);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(groupBlockedMessage('Mallory Tester'));
    // Ada blocks Ken: Ada cannot add Ken (a blocked student cannot add you either).
    await setBlock(kit, ada, ken, true);
    expect((await create(ada, 'With Ken', [grace, ken])).status).toBe(403);
    await setBlock(kit, ada, ken, false);
    await setBlock(kit, grace, mallory, false);

    const group = (await create(ada, 'Later block', [grace, mallory]).expect(201)).body as GroupSummary;
    await setBlock(kit, mallory, grace, true);
    const seenByGrace = (await as(grace).get(`/api/groups/${group.id}`).expect(200)).body as GroupSummary;
    const seenByMallory = (await as(mallory).get(`/api/groups/${group.id}`).expect(200)).body as GroupSummary;
    const seenByAda = (await as(ada).get(`/api/groups/${group.id}`).expect(200)).body as GroupSummary;
    expect(seenByGrace.blockedMemberIds).toEqual([mallory.id]);
    expect(seenByMallory.blockedMemberIds).toEqual([grace.id]);
    expect(seenByAda.blockedMemberIds).toEqual([]);
    // Adding anyone new who is blocked by a member is refused too.
    await setBlock(kit, mallory, grace, false);
  });

  test('when members message a group, then one message is stored, each member counts their own unread, and history pages', async () => {
    const group = (await create(ada, 'Unread counts', [grace, linus]).expect(201)).body as GroupSummary;
    const sent: ChatMessage[] = [];
    for (const [from, text] of [[ada, 'one'], [grace, 'two'], [ada, 'three']] as const) {
      const res = await as(from).post(`/api/groups/${group.id}/messages`, { content: text, clientId: `${text}-c` });
      expect(res.status).toBe(201);
      sent.push(res.body);
    }
    expect(sent[0]).toMatchObject({ chatId: group.id, groupId: group.id, receiverId: group.id, senderId: ada.id, content: 'one', seenBy: 0, isRead: false });
    expect(await kit.ctx.models.Message.countDocuments({ chatId: group.id })).toBe(3);
    // A resend with the same clientId answers the stored message, no duplicate.
    const resend = await as(ada).post(`/api/groups/${group.id}/messages`, { content: 'one', clientId: 'one-c' });
    expect(resend.status).toBe(200);
    expect(resend.body.id).toBe(sent[0]!.id);

    const unreadOf = async (user: TestUser) => (await groupsOf(user)).find((g) => g.id === group.id)!.unreadCount;
    expect(await unreadOf(ada)).toBe(1);
    expect(await unreadOf(grace)).toBe(2);
    expect(await unreadOf(linus)).toBe(3);

    const receipt = await as(linus).post(`/api/groups/${group.id}/read`).expect(200);
    expect(receipt.body.receipt).toMatchObject({ chatId: group.id, readerId: linus.id, upToId: sent[2]!.id, previousUpToId: null });
    expect(await unreadOf(linus)).toBe(0);
    await as(grace).post(`/api/groups/${group.id}/read`).expect(200);
    const page = await as(ada).get(`/api/groups/${group.id}/messages?limit=2`).expect(200);
    expect(page.body.map((m: ChatMessage) => [m.content, m.seenBy, m.sender.firstName])).toEqual([
      ['three', 2, 'Ada'],
      ['two', 1, 'Grace'],
    ]);
    const cursor = page.headers[NEXT_CURSOR_HEADER.toLowerCase()];
    const older = await as(ada).get(`/api/groups/${group.id}/messages`).query({ cursor }).expect(200);
    expect(older.body.map((m: ChatMessage) => m.content)).toEqual(['one']);
    expect((await groupsOf(grace)).find((g) => g.id === group.id)!.lastMessage).toMatchObject({ content: 'three', seenBy: 2 });

    // Validation and who may write.
    const blank = await as(ada).post(`/api/groups/${group.id}/messages`, { content: '   ' });
    expect([blank.status, blank.body.message]).toEqual([400, 'Message cannot be empty.']);
    const outsider = await as(ken).post(`/api/groups/${group.id}/messages`, { content: 'let me in' });
    expect([outsider.status, outsider.body.message]).toEqual([403, GROUP_NOT_MEMBER]);
    expect((await as(ken).get(`/api/groups/${group.id}/messages`)).status).toBe(403);
    expect((await as(ada).get('/api/groups/grp_000000000000000000000000/messages')).status).toBe(404);
    // One-to-one lists stay as they were: no group in GET /api/chats.
    expect(((await as(ada).get('/api/chats').expect(200)).body as Array<{ id: string }>).some((c) => c.id === group.id)).toBe(false);
  });

  test('when the owner and admins manage members, then the rules hold and additions are announced once each', async () => {
    const group = (await create(ada, 'Managed', [grace, linus]).expect(201)).body as GroupSummary;
    const path = `/api/groups/${group.id}`;
    await as(ada).post(`${path}/messages`, { content: 'before Ken joined' }).expect(201);
    // A plain member can neither add, remove nor rename.
    expect((await as(grace).post(`${path}/members`, { memberIds: [ken.id] })).body.message).toBe(GROUP_ADMINS_ONLY);
    expect((await as(grace).delete(`${path}/members/${linus.id}`)).body.message).toBe(GROUP_ADMINS_ONLY);
    expect((await as(grace).put(path, { name: 'Mine now' })).body.message).toBe(GROUP_ADMINS_ONLY);
    expect((await as(grace).post(`${path}/admins`, { userId: grace.id })).body.message).toBe(GROUP_OWNER_ONLY);

    // The owner names Grace an admin; she adds Ken (her friend), who starts with nothing unread.
    expect((await as(ada).post(`${path}/admins`, { userId: grace.id }).expect(200)).body.members[1].role).toBe('admin');
    const added = await as(grace).post(`${path}/members`, { memberIds: [ken.id] }).expect(200);
    expect(added.body.members.map((m: { id: string }) => m.id)).toEqual([ada.id, grace.id, linus.id, ken.id]);
    expect((await groupsOf(ken)).find((g) => g.id === group.id)).toMatchObject({ unreadCount: 0, name: 'Managed' });
    await waitFor(() => addedEvents(group.id).length >= 2);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(addedEvents(group.id).map((e) => e.data)).toEqual([
      { chatId: group.id, name: 'Managed', memberIds: [grace.id, linus.id], addedBy: ada.id },
      { chatId: group.id, name: 'Managed', memberIds: [ken.id], addedBy: grace.id },
    ]);
    expect((await as(grace).post(`${path}/members`, { memberIds: [ken.id] })).body.message).toBe(GROUP_ALREADY_MEMBER);
    // Only friends of the one adding: Stranger is nobody's friend.
    expect((await as(ada).post(`${path}/members`, { memberIds: [stranger.id] })).body.message).toBe(GROUP_NOT_FRIEND);
    const empty = await as(ada).post(`${path}/members`, { memberIds: [] });
    expect([empty.status, empty.body.message]).toEqual([400, 'Choose at least one friend to add.']);

    // An admin renames; cannot remove the owner; the owner removes an admin; admins remove members.
    expect((await as(grace).put(path, { name: ' Managed well ' }).expect(200)).body.name).toBe('Managed well');
    expect((await as(grace).delete(`${path}/members/${ada.id}`)).body.message).toBe(GROUP_REMOVE_OWNER);
    await as(ada).post(`${path}/admins`, { userId: linus.id }).expect(200);
    expect((await as(grace).delete(`${path}/members/${linus.id}`)).body.message).toBe(GROUP_REMOVE_ADMIN);
    await as(ada).delete(`${path}/admins/${linus.id}`).expect(200);
    await as(grace).delete(`${path}/members/${linus.id}`).expect(200);
    expect((await groupsOf(linus)).some((g) => g.id === group.id)).toBe(false);
    expect((await as(linus).get(`${path}/messages`)).status).toBe(403);
    expect((await as(linus).post(`${path}/messages`, { content: 'still here?' })).body.message).toBe(GROUP_NOT_MEMBER);

    // Ken leaves; then the owner hands over to Grace and leaves too: Grace owns it.
    expect((await as(ken).post(`${path}/leave`).expect(200)).body).toEqual({ left: true });
    expect((await groupsOf(ken)).some((g) => g.id === group.id)).toBe(false);
    const handed = await as(ada).post(`${path}/owner`, { userId: grace.id }).expect(200);
    expect(handed.body.members.map((m: { role: string }) => m.role)).toEqual(['admin', 'owner']);
    await as(ada).post(`${path}/leave`).expect(200);
    const left = (await groupsOf(grace)).find((g) => g.id === group.id)!;
    expect(left.ownerId).toBe(grace.id);
    expect(left.members.map((m) => m.id)).toEqual([grace.id]);
  });

  test('when the owner leaves without handing over, then an admin (else the longest member) owns the group', async () => {
    const group = (await create(ada, 'Succession', [grace, linus]).expect(201)).body as GroupSummary;
    await as(ada).post(`/api/groups/${group.id}/leave`).expect(200);
    expect((await as(grace).get(`/api/groups/${group.id}`).expect(200)).body.ownerId).toBe(grace.id);
  });

  test('when a group is full, then no one more is added', async () => {
    // Ten at a time: fifty users announced at once can outwait a busy machine's directory.
    const friends: TestUser[] = [];
    for (let i = 0; i < GROUP_LIMITS.maxMembers; i += 10) {
      friends.push(...(await Promise.all(Array.from({ length: 10 }, (_, j) => makeUser(kit.runtime, { collegeId: 'college-g', firstName: `Member${i + j}` })))));
    }
    await setFriends(kit, ken, friends);
    const group = (await create(ken, 'Full house', friends.slice(0, GROUP_LIMITS.maxMembers - 1)).expect(201)).body as GroupSummary;
    expect(group.members).toHaveLength(GROUP_LIMITS.maxMembers);
    const more = await as(ken).post(`/api/groups/${group.id}/members`, { memberIds: [friends.at(-1)!.id] });
    expect([more.status, more.body.message]).toEqual([400, GROUP_TOO_LARGE]);
  }, 120_000);
});
