import { Types } from 'mongoose';
import { MODERATION_MESSAGES } from '@quad/contracts';
import { type ModerationKit, type TestUser, announcePost, bearer, makeUser, publishedEvent, request, startModerationKit, waitFor } from './moderation-test-kit';

describe('moderation appeals, reveals and the audit log', () => {
  let kit: ModerationKit;
  let admin: TestUser;

  beforeAll(async () => {
    kit = await startModerationKit();
    admin = await makeUser(kit, { firstName: 'Admin', isAdmin: true });
  });

  afterAll(() => kit.stop());

  async function bannedStudent(reason = 'Spam'): Promise<TestUser> {
    const student = await makeUser(kit, { firstName: 'Banned' });
    await request(kit.app).post('/api/admin/ban-user').set(bearer(admin.token)).send({ userId: student.id, reason, banDuration: 72 }).expect(201);
    return student;
  }
  const appeal = (user: TestUser, message: unknown) => request(kit.app).post('/api/appeals').set(bearer(user.token)).send({ message });

  describe('appeals', () => {
    test('when a banned student appeals, then it is stored pending against the ban, shown on their screen and beside the ban for admins; a second appeal is 409', async () => {
      const student = await bannedStudent();
      const response = await appeal(student, '  It was a misunderstanding.  ');
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({ userId: student.id, message: 'It was a misunderstanding.', status: 'pending', response: null });

      const mine = await request(kit.app).get('/api/appeals/mine').set(bearer(student.token));
      expect(mine.body.appeal).toMatchObject({ id: response.body.id, status: 'pending' });
      expect(mine.body.suspension.banId).toBe(response.body.banId);

      const banned = await request(kit.app).get('/api/admin/banned-users').set(bearer(admin.token));
      expect(banned.body.find((b: { userId: string }) => b.userId === student.id).appeal).toMatchObject({ id: response.body.id, status: 'pending' });
      const pending = await request(kit.app).get('/api/admin/appeals?status=pending').set(bearer(admin.token));
      expect(pending.body.find((a: { id: string }) => a.id === response.body.id)).toMatchObject({ user: { id: student.id }, ban: { reason: 'Spam', active: true } });

      const second = await appeal(student, 'Please, again');
      expect(second.status).toBe(409);
      expect(second.body.message).toBe(MODERATION_MESSAGES.duplicateAppeal);
    });

    test('when a student who is not banned appeals, or the message is blank, then 400; a visitor gets 401', async () => {
      const free = await makeUser(kit);
      const notBanned = await appeal(free, 'Why?');
      expect(notBanned.status).toBe(400);
      expect(notBanned.body.message).toBe(MODERATION_MESSAGES.noSuspension);
      const student = await bannedStudent();
      const blank = await appeal(student, '   ');
      expect(blank.status).toBe(400);
      expect(blank.body.message).toBe(MODERATION_MESSAGES.appealBlank);
      expect((await request(kit.app).post('/api/appeals').send({ message: 'hi' })).status).toBe(401);
      expect((await request(kit.app).get('/api/appeals/mine').set(bearer(free.token))).body).toEqual({ suspension: null, appeal: null });
    });

    test('when an admin accepts an appeal, then the ban is lifted at once and the student sees the accepted appeal', async () => {
      const student = await bannedStudent();
      const { body: sent } = await appeal(student, 'Sorry, it will not happen again.');
      const decided = await request(kit.app).post(`/api/admin/appeals/${sent.id}/decide`).set(bearer(admin.token)).send({ decision: 'accepted' });
      expect(decided.status).toBe(200);
      expect(decided.body).toMatchObject({ status: 'accepted' });
      const answered = await publishedEvent(kit, 'moderation.appeal.answered', (d) => d.appealId === sent.id);
      expect(answered.data).toMatchObject({ decision: 'accepted', response: null });
      expect(await kit.runtime.redis.get(`ban:${student.id}`)).toBeNull();
      expect((await request(kit.app).get('/api/reports/mine').set(bearer(student.token))).status).toBe(200);
      const mine = await request(kit.app).get('/api/appeals/mine').set(bearer(student.token));
      expect(mine.body).toMatchObject({ suspension: null, appeal: { status: 'accepted' } });
      await publishedEvent(kit, 'moderation.user.unbanned', (d) => d.userId === student.id);
      await publishedEvent(kit, 'audit.admin.action', (d) => d.action === 'appeal.accepted' && d.targetUserId === student.id);
      const again = await request(kit.app).post(`/api/admin/appeals/${sent.id}/decide`).set(bearer(admin.token)).send({ decision: 'declined', response: 'No' });
      expect(again.status).toBe(409);
    });

    test('when an admin declines an appeal, then a message is required, the ban stays and the student reads the message', async () => {
      const student = await bannedStudent();
      const { body: sent } = await appeal(student, 'I did nothing wrong.');
      const silent = await request(kit.app).post(`/api/admin/appeals/${sent.id}/decide`).set(bearer(admin.token)).send({ decision: 'declined' });
      expect(silent.status).toBe(400);
      expect(silent.body.message).toBe(MODERATION_MESSAGES.declineMessageRequired);
      const declined = await request(kit.app)
        .post(`/api/admin/appeals/${sent.id}/decide`)
        .set(bearer(admin.token))
        .send({ decision: 'declined', response: 'The posts were clearly spam.' });
      expect(declined.status).toBe(200);
      expect(await kit.runtime.redis.get(`ban:${student.id}`)).not.toBeNull();
      const mine = await request(kit.app).get('/api/appeals/mine').set(bearer(student.token));
      expect(mine.body.appeal).toMatchObject({ status: 'declined', response: 'The posts were clearly spam.' });
      await publishedEvent(kit, 'audit.admin.action', (d) => d.action === 'appeal.declined' && d.reason === 'The posts were clearly spam.');
    });

    test('when a student decides an appeal or an unknown appeal is decided, then 403 and 404', async () => {
      const student = await bannedStudent();
      const { body: sent } = await appeal(student, 'Please');
      const other = await makeUser(kit);
      expect((await request(kit.app).post(`/api/admin/appeals/${sent.id}/decide`).set(bearer(other.token)).send({ decision: 'accepted' })).status).toBe(403);
      expect((await request(kit.app).get('/api/admin/appeals').set(bearer(other.token))).status).toBe(403);
      expect((await request(kit.app).post('/api/admin/appeals/nope:1/decide').set(bearer(admin.token)).send({ decision: 'accepted' })).status).toBe(404);
    });
  });

  describe('reveal of an anonymous author', () => {
    test('when an admin reveals with a written reason, then the author is answered and the reveal is in the audit log with the reason', async () => {
      const author = await makeUser(kit, { firstName: 'Hidden' });
      const postId = await announcePost(kit, author.id);
      const response = await request(kit.app)
        .post('/api/admin/reveal')
        .set(bearer(admin.token))
        .send({ type: 'post', contentId: postId, reason: 'Threats of violence in an anonymous post' });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ type: 'post', contentId: postId, author: { id: author.id, firstName: 'Hidden' } });
      const entry = await waitFor(async () => {
        const log = await request(kit.app).get('/api/admin/audit-log').set(bearer(admin.token));
        return log.body.find((e: { action: string; targetUserId: string }) => e.action === 'author.revealed' && e.targetUserId === author.id);
      });
      expect(entry).toMatchObject({ adminId: admin.id, reason: 'Threats of violence in an anonymous post', targetId: `post:${postId}` });
    });

    test('when an admin reveals without a reason or with a token one, then 400 and nothing is revealed or logged', async () => {
      const author = await makeUser(kit);
      const postId = await announcePost(kit, author.id);
      for (const reason of [undefined, '', '   ', 'because']) {
        const response = await request(kit.app).post('/api/admin/reveal').set(bearer(admin.token)).send({ type: 'post', contentId: postId, reason });
        expect(response.status).toBe(400);
        expect(response.body.message).toBe(MODERATION_MESSAGES.revealReasonRequired);
        expect(JSON.stringify(response.body)).not.toContain(author.id);
      }
      expect(kit.published.some((e) => e.subject === 'audit.admin.action' && (e.data as { targetUserId: string }).targetUserId === author.id)).toBe(false);
    });

    test('when a student asks for a reveal, or the content is unknown, then 403 and 404', async () => {
      const student = await makeUser(kit);
      const author = await makeUser(kit);
      const postId = await announcePost(kit, author.id);
      const body = { type: 'post', contentId: postId, reason: 'I want to know who it was' };
      expect((await request(kit.app).post('/api/admin/reveal').set(bearer(student.token)).send(body)).status).toBe(403);
      expect((await request(kit.app).post('/api/admin/reveal').send(body)).status).toBe(401);
      const unknown = await request(kit.app)
        .post('/api/admin/reveal')
        .set(bearer(admin.token))
        .send({ ...body, contentId: new Types.ObjectId().toHexString() });
      expect(unknown.status).toBe(404);
    });

    test('when forum announces a comment, then its author can be revealed too', async () => {
      const author = await makeUser(kit);
      const commentId = new Types.ObjectId().toHexString();
      await kit.runtime.publisher.publish(
        'forum.comment.created',
        { commentId, postId: new Types.ObjectId().toHexString(), authorId: author.id, collegeId: 'college-a' },
        `forum.comment.created:${commentId}`,
      );
      await waitFor(() => kit.ctx.models.ContentAuthor.findById(`comment:${commentId}`).lean());
      const response = await request(kit.app)
        .post('/api/admin/reveal')
        .set(bearer(admin.token))
        .send({ type: 'comment', contentId: commentId, reason: 'Doxxing another student' });
      expect(response.body.author.id).toBe(author.id);
    });
  });

  describe('audit log', () => {
    test('when another service publishes an admin action, then it is in the log once even if delivered twice; students cannot read the log', async () => {
      const actionId = `commerce-test-${new Types.ObjectId().toHexString()}`;
      const action = {
        actionId,
        adminId: admin.id,
        action: 'payment.approved',
        targetUserId: null,
        targetId: 'payment-1',
        reason: null,
        details: { amount: '10' },
        at: new Date().toISOString(),
      };
      await kit.runtime.publisher.publish('audit.admin.action', action, `audit.admin.action:${actionId}`);
      await kit.runtime.publisher.publish('audit.admin.action', action, `audit.admin.action:${actionId}:again`);
      const entry = await waitFor(async () => {
        const log = await request(kit.app).get('/api/admin/audit-log?limit=100').set(bearer(admin.token));
        return log.body.find((e: { id: string }) => e.id === actionId);
      });
      expect(entry).toMatchObject({ action: 'payment.approved', details: { amount: '10' }, admin: { id: admin.id } });
      expect(await kit.ctx.models.AuditEntry.countDocuments({ _id: actionId })).toBe(1);
      const student = await makeUser(kit);
      expect((await request(kit.app).get('/api/admin/audit-log').set(bearer(student.token))).status).toBe(403);
    });
  });
});
