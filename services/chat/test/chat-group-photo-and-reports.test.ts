import sharp from 'sharp';
import { GROUP_ADMINS_ONLY, GROUP_PHOTO_REQUIRED, type ChatMessage, type EventEnvelope, type GroupSummary, MODERATION_MESSAGES } from '@quad/contracts';
import { NOT_AN_IMAGE } from '@quad/common';
import { recordPublished } from '@quad/common/src/testing';
import { type ChatKit, type TestUser, bearer, makeUser, request, setFriends, startChatKit, waitFor } from './chat-test-kit';

/**
 * Issue 23: a group's photo (set by its owner or an admin, sniffed and re-encoded by the shared
 * upload code into the object store, removed with it), and reporting a chat message to moderation.
 */
describe('group photos and message reports', () => {
  let kit: ChatKit;
  let ada: TestUser;
  let grace: TestUser;
  let linus: TestUser;
  let outsider: TestUser;
  let published: Array<EventEnvelope<unknown>>;
  let png: Buffer;

  const as = (user: TestUser) => ({
    get: (path: string) => request(kit.app).get(path).set(bearer(user.token)),
    post: (path: string, body: object = {}) => request(kit.app).post(path).set(bearer(user.token)).send(body),
    delete: (path: string) => request(kit.app).delete(path).set(bearer(user.token)),
    upload: (path: string, file: Buffer, name: string) => request(kit.app).post(path).set(bearer(user.token)).attach('photo', file, name),
  });
  const newGroup = async (name = 'Robotics club'): Promise<GroupSummary> =>
    (await as(ada).post('/api/groups', { name, memberIds: [grace.id, linus.id] }).expect(201)).body;
  const objectExists = (url: string) =>
    kit.ctx.media.get(url.replace(/^\/media\//, '')).then(
      () => true,
      () => false,
    );

  beforeAll(async () => {
    kit = await startChatKit({ MESSAGE_RATE_LIMIT: '200', MESSAGE_RATE_WINDOW_SECONDS: '60' });
    published = await recordPublished(kit.runtime, ['chat.message.reported']);
    [ada, grace, linus, outsider] = await Promise.all([
      makeUser(kit.runtime, { collegeId: 'college-p', firstName: 'Ada' }),
      makeUser(kit.runtime, { collegeId: 'college-p', firstName: 'Grace' }),
      makeUser(kit.runtime, { collegeId: 'college-p', firstName: 'Linus' }),
      makeUser(kit.runtime, { collegeId: 'college-p', firstName: 'Outsider' }),
    ]);
    await setFriends(kit, ada, [grace, linus, outsider]);
    // A 2000 px photo with EXIF: it must come back smaller and without it.
    png = await sharp({ create: { width: 2000, height: 1200, channels: 3, background: '#4f46e5' } })
      .png()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret camera owner' } } })
      .toBuffer();
  });

  afterAll(() => kit.stop());

  test('when a new group is made, then it has no photo (the web shows its initials)', async () => {
    const group = await newGroup();
    expect(group.photoUrl).toBeNull();
  });

  test('when the owner uploads a photo, then every member sees it, re-encoded, and a replacement deletes the old one', async () => {
    const group = await newGroup();
    const first = await as(ada).upload(`/api/groups/${group.id}/photo`, png, 'club.png');
    expect(first.status).toBe(200);
    const url = (first.body as GroupSummary).photoUrl!;
    expect(url).toMatch(/^\/media\/groups\/[0-9a-f-]+\.webp$/);
    const seen = ((await as(grace).get('/api/groups').expect(200)).body as GroupSummary[]).find((g) => g.id === group.id);
    expect(seen?.photoUrl).toBe(url);
    const stored = await kit.ctx.media.get(url.replace(/^\/media\//, ''));
    const chunks: Buffer[] = [];
    for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
    const meta = await sharp(Buffer.concat(chunks)).metadata();
    expect([meta.format, Math.max(meta.width!, meta.height!), meta.exif]).toEqual(['webp', 512, undefined]);

    const second = await as(ada).upload(`/api/groups/${group.id}/photo`, png, 'again.png').expect(200);
    expect((second.body as GroupSummary).photoUrl).not.toBe(url);
    expect(await objectExists(url)).toBe(false);
  });

  test('when a plain member, an outsider, a non-image or no file is sent, then the photo is refused with a clear message', async () => {
    const group = await newGroup();
    expect((await as(grace).upload(`/api/groups/${group.id}/photo`, png, 'a.png')).body).toEqual({ message: GROUP_ADMINS_ONLY });
    expect((await as(outsider).upload(`/api/groups/${group.id}/photo`, png, 'a.png')).status).toBe(403);
    const fake = await as(ada).upload(`/api/groups/${group.id}/photo`, Buffer.from('<script>alert(1)</script>'), 'photo.png');
    expect([fake.status, fake.body]).toEqual([400, { message: NOT_AN_IMAGE }]);
    const none = await as(ada).post(`/api/groups/${group.id}/photo`);
    expect([none.status, none.body]).toEqual([400, { message: GROUP_PHOTO_REQUIRED }]);
    expect(((await as(ada).get(`/api/groups/${group.id}`).expect(200)).body as GroupSummary).photoUrl).toBeNull();
  });

  test('when an admin removes the photo, or the last member leaves, then it is gone from the object store', async () => {
    const group = await newGroup();
    await as(ada).post(`/api/groups/${group.id}/admins`, { userId: grace.id }).expect(200);
    const url = ((await as(grace).upload(`/api/groups/${group.id}/photo`, png, 'a.png').expect(200)).body as GroupSummary).photoUrl!;
    const removed = await as(grace).delete(`/api/groups/${group.id}/photo`).expect(200);
    expect((removed.body as GroupSummary).photoUrl).toBeNull();
    expect(await objectExists(url)).toBe(false);

    const again = ((await as(ada).upload(`/api/groups/${group.id}/photo`, png, 'b.png').expect(200)).body as GroupSummary).photoUrl!;
    for (const member of [linus, grace, ada]) await as(member).post(`/api/groups/${group.id}/leave`).expect(200);
    expect(await objectExists(again)).toBe(false);
  });

  test('when the uploader downloads their data and then deletes their account, then the photo is in the export and then gone', async () => {
    const group = await newGroup('Chess club');
    const url = ((await as(ada).upload(`/api/groups/${group.id}/photo`, png, 'chess.png').expect(200)).body as GroupSummary).photoUrl!;
    const exported = await request(kit.app).get('/internal/account-export').set(bearer(ada.token)).expect(200);
    expect(exported.body.records.groupPhotosSet).toEqual(expect.arrayContaining([{ groupId: group.id, groupName: 'Chess club', photoUrl: url }]));
    expect(exported.body.images).toContain(url.replace(/^\/media\//, ''));

    await kit.runtime.publisher.publish('auth.user.deleted', { userId: ada.id, version: 1, deletedAt: new Date().toISOString() });
    await waitFor(async () => !(await objectExists(url)));
    expect(((await as(grace).get(`/api/groups/${group.id}`).expect(200)).body as GroupSummary).photoUrl).toBeNull();
  });

  describe('reporting a message', () => {
    let group: GroupSummary;
    let message: ChatMessage;

    beforeAll(async () => {
      const [linusNow, grace2, ken] = await Promise.all([
        makeUser(kit.runtime, { collegeId: 'college-p', firstName: 'Linus2' }),
        makeUser(kit.runtime, { collegeId: 'college-p', firstName: 'Grace2' }),
        makeUser(kit.runtime, { collegeId: 'college-p', firstName: 'Ken' }),
      ]);
      linus = linusNow;
      grace = grace2;
      await setFriends(kit, ken, [grace, linus]);
      group = (await as(ken).post('/api/groups', { name: 'Study hall', memberIds: [grace.id, linus.id] }).expect(201)).body;
      message = (await as(linus).post(`/api/groups/${group.id}/messages`, { content: 'buy my essays, 10 dollars each' }).expect(201)).body;
    });

    test('when a member reports a group message, then it is filed once with its text and group for moderation', async () => {
      const res = await as(grace).post(`/api/messages/${message.id}/report`, { reason: 'Spam', description: '  sells essays  ' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ type: 'message', contentId: message.id, reason: 'Spam', description: 'sells essays', status: 'pending' });
      await waitFor(() => published.some((event) => (event.data as { reportId: string }).reportId === res.body.id));
      expect(published.find((event) => (event.data as { reportId: string }).reportId === res.body.id)?.data).toMatchObject({
        reporterId: grace.id,
        messageId: message.id,
        authorId: linus.id,
        text: 'buy my essays, 10 dollars each',
        groupId: group.id,
        groupName: 'Study hall',
        reason: 'Spam',
        description: 'sells essays',
      });

      const again = await as(grace).post(`/api/messages/${message.id}/report`, { reason: 'Other' });
      expect([again.status, again.body]).toEqual([409, { message: MODERATION_MESSAGES.duplicateReport }]);
    });

    test('when a non-member, the author, or a reporter without a reason tries, then it is refused', async () => {
      const stranger = await as(outsider).post(`/api/messages/${message.id}/report`, { reason: 'Spam' });
      expect([stranger.status, stranger.body]).toEqual([404, { message: MODERATION_MESSAGES.reportedContentNotFound }]);
      const own = await as(linus).post(`/api/messages/${message.id}/report`, { reason: 'Spam' });
      expect([own.status, own.body]).toEqual([400, { message: MODERATION_MESSAGES.ownContent }]);
      const noReason = await as(grace).post(`/api/messages/${message.id}/report`, {});
      expect([noReason.status, noReason.body.message]).toEqual([400, MODERATION_MESSAGES.reasonRequired]);
      expect((await as(grace).post('/api/messages/not-an-id/report', { reason: 'Spam' })).status).toBe(404);
    });

    test('when the receiver of a direct message reports it, then it is filed without a group', async () => {
      const direct = (await as(linus).post('/api/messages', { receiverId: grace.id, content: 'you will regret this' }).expect(201)).body as ChatMessage;
      const res = await as(grace).post(`/api/messages/${direct.id}/report`, { reason: 'Harassment' }).expect(201);
      await waitFor(() => published.some((event) => (event.data as { reportId: string }).reportId === res.body.id));
      expect(published.find((event) => (event.data as { reportId: string }).reportId === res.body.id)?.data).toMatchObject({
        authorId: linus.id, text: 'you will regret this', groupId: null, groupName: null,
      });
      expect((await as(outsider).post(`/api/messages/${direct.id}/report`, { reason: 'Spam' })).status).toBe(404);
    });
  });
});
