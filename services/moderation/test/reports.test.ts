import { Types } from 'mongoose';
import { MODERATION_MESSAGES } from '@quad/contracts';
import {
  type ModerationKit,
  type TestUser,
  announcePost,
  bearer,
  makeUser,
  publishedEvent,
  request,
  startModerationKit,
  waitFor,
} from './moderation-test-kit';

describe('moderation reports', () => {
  let kit: ModerationKit;
  let ada: TestUser;
  let grace: TestUser;
  let lapsed: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    kit = await startModerationKit();
    [ada, grace, lapsed, admin] = await Promise.all([
      makeUser(kit, { firstName: 'Ada' }),
      makeUser(kit, { firstName: 'Grace' }),
      makeUser(kit, { firstName: 'Lapsed', subscribed: false }),
      makeUser(kit, { firstName: 'Admin', isAdmin: true }),
    ]);
  });

  afterAll(() => kit.stop());

  const report = (user: TestUser, body: Record<string, unknown>) =>
    request(kit.app).post('/api/reports').set(bearer(user.token)).send(body);

  describe('POST /api/reports', () => {
    test('when a student reports a post with a reason and padded details, then it is stored pending with trimmed details', async () => {
      const postId = await announcePost(kit, grace.id);
      const response = await report(ada, {
        type: 'post',
        contentId: postId,
        reportedUserId: grace.id,
        reason: 'Spam',
        description: '  selling essays  ',
      });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({ type: 'post', contentId: postId, reason: 'Spam', description: 'selling essays', status: 'pending', resolvedAt: null });
      expect(response.body).not.toHaveProperty('reportedUserId');
      const stored = await kit.ctx.models.Report.findById(response.body.id).lean();
      expect(stored).toMatchObject({ reporterId: ada.id, reportedUserId: grace.id, authorHidden: false, status: 'pending' });
    });

    test('when blank details are sent, then the report has none', async () => {
      const postId = await announcePost(kit, grace.id);
      const response = await report(ada, { type: 'post', contentId: postId, reportedUserId: grace.id, reason: 'Other', description: '   ' });
      expect(response.status).toBe(201);
      expect(response.body.description).toBeNull();
    });

    test('when a student reports content that does not exist, or another college’s, then 404 and nothing reaches the moderation queue', async () => {
      const unknown = await report(ada, { type: 'comment', contentId: new Types.ObjectId().toHexString(), reportedUserId: grace.id, reason: 'Spam' });
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe(MODERATION_MESSAGES.reportedContentNotFound);
      const elsewhere = new Types.ObjectId().toHexString();
      await kit.runtime.publisher.publish(
        'forum.post.created',
        { postId: elsewhere, authorId: grace.id, collegeId: 'college-b', topicId: 1 },
        `forum.post.created:${elsewhere}`,
      );
      await waitFor(() => kit.ctx.models.ContentAuthor.findById(`post:${elsewhere}`).lean());
      const otherCollege = await report(ada, { type: 'post', contentId: elsewhere, reason: 'Spam' });
      expect(otherCollege.status).toBe(404);
      expect(otherCollege.body.message).toBe(MODERATION_MESSAGES.reportedContentNotFound);
      // An admin sees every college's content and may report it.
      expect((await report(admin, { type: 'post', contentId: elsewhere, reason: 'Spam' })).status).toBe(201);
      expect(await kit.ctx.models.Report.countDocuments({ reporterId: ada.id, contentId: elsewhere })).toBe(0);
    });

    test('when a student reports a post forum has deleted, then 404; an admin can still reveal who wrote it', async () => {
      const postId = await announcePost(kit, grace.id);
      await kit.runtime.publisher.publish(
        'forum.post.deleted',
        { postId, authorId: grace.id, collegeId: 'college-a', topicId: 1 },
        `forum.post.deleted:${postId}`,
      );
      await waitFor(async () => (await kit.ctx.models.ContentAuthor.findById(`post:${postId}`).lean())?.removed);
      const gone = await report(ada, { type: 'post', contentId: postId, reason: 'Spam' });
      expect(gone.status).toBe(404);
      expect(gone.body.message).toBe(MODERATION_MESSAGES.reportedContentNotFound);
      const reveal = await request(kit.app)
        .post('/api/admin/reveal')
        .set(bearer(admin.token))
        .send({ type: 'post', contentId: postId, reason: 'Investigating a removed post' });
      expect(reveal.status).toBe(200);
    });

    test('when the same student reports the same content again while the first is open, then 409 with a clear message', async () => {
      const postId = await announcePost(kit, grace.id);
      expect((await report(ada, { type: 'post', contentId: postId, reportedUserId: grace.id, reason: 'Spam' })).status).toBe(201);
      const second = await report(ada, { type: 'post', contentId: postId, reportedUserId: grace.id, reason: 'Harassment' });
      expect(second.status).toBe(409);
      expect(second.body.message).toBe(MODERATION_MESSAGES.duplicateReport);
      // Another student may still report it.
      expect((await report(lapsed, { type: 'post', contentId: postId, reason: 'Spam' })).status).toBe(402);
      const other = await makeUser(kit, { firstName: 'Other' });
      expect((await report(other, { type: 'post', contentId: postId, reportedUserId: grace.id, reason: 'Spam' })).status).toBe(201);
    });

    test('when two identical reports arrive at the same instant, then exactly one is stored', async () => {
      const postId = await announcePost(kit, grace.id);
      const body = { type: 'post', contentId: postId, reportedUserId: grace.id, reason: 'Spam' };
      const statuses = (await Promise.all([report(ada, body), report(ada, body), report(ada, body)])).map((r) => r.status).sort();
      expect(statuses).toEqual([201, 409, 409]);
      expect(await kit.ctx.models.Report.countDocuments({ contentId: postId, reporterId: ada.id })).toBe(1);
    });

    test('when the report has been handled, then the same student may report the content again', async () => {
      const postId = await announcePost(kit, grace.id);
      const first = await report(ada, { type: 'post', contentId: postId, reportedUserId: grace.id, reason: 'Spam' });
      await request(kit.app).post(`/api/admin/reports/${first.body.id}/resolve`).set(bearer(admin.token)).send({ action: 'dismissed' }).expect(200);
      const second = await report(ada, { type: 'post', contentId: postId, reportedUserId: grace.id, reason: 'Spam' });
      expect(second.status).toBe(201);
      // And again after the second is handled: the lock comes and goes every time.
      await request(kit.app).post(`/api/admin/reports/${second.body.id}/resolve`).set(bearer(admin.token)).send({ action: 'dismissed' }).expect(200);
      expect((await report(ada, { type: 'post', contentId: postId, reportedUserId: grace.id, reason: 'Spam' })).status).toBe(201);
      expect((await report(ada, { type: 'post', contentId: postId, reportedUserId: grace.id, reason: 'Spam' })).status).toBe(409);
    });

    test('when no reason or a reason outside the list is sent, then 400 with the spec message', async () => {
      const contentId = new Types.ObjectId().toHexString();
      const missing = await report(ada, { type: 'post', contentId, reportedUserId: grace.id });
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe(MODERATION_MESSAGES.reasonRequired);
      const invented = await report(ada, { type: 'post', contentId, reportedUserId: grace.id, reason: 'I dislike it' });
      expect(invented.status).toBe(400);
      expect(invented.body.message).toBe(MODERATION_MESSAGES.reasonRequired);
      expect((await report(ada, { type: 'poll', contentId, reason: 'Spam' })).status).toBe(400);
    });

    test('when a student reports their own post, even claiming someone else wrote it, then 400', async () => {
      const postId = await announcePost(kit, ada.id);
      const response = await report(ada, { type: 'post', contentId: postId, reportedUserId: grace.id, reason: 'Spam' });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(MODERATION_MESSAGES.ownContent);
    });

    test('when nobody is signed in, then 401; without a subscription, then 402', async () => {
      const body = { type: 'post', contentId: new Types.ObjectId().toHexString(), reason: 'Spam' };
      expect((await request(kit.app).post('/api/reports').send(body)).status).toBe(401);
      expect((await report(lapsed, body)).status).toBe(402);
    });
  });

  describe('anonymous content', () => {
    test('when a student reports an anonymous post without knowing its author, then moderation knows the author but neither the reporter nor the admin list shows it', async () => {
      const postId = await announcePost(kit, grace.id);
      const response = await report(ada, { type: 'post', contentId: postId, reportedUserId: null, reason: 'Harassment' });
      expect(response.status).toBe(201);
      expect(JSON.stringify(response.body)).not.toContain(grace.id);
      const stored = await kit.ctx.models.Report.findById(response.body.id).lean();
      expect(stored).toMatchObject({ reportedUserId: grace.id, authorHidden: true });

      const mine = await request(kit.app).get('/api/reports/mine').set(bearer(ada.token));
      expect(JSON.stringify(mine.body)).not.toContain(grace.id);

      const pending = await request(kit.app).get('/api/admin/reports?status=pending').set(bearer(admin.token));
      const listed = pending.body.find((r: { id: string }) => r.id === response.body.id);
      expect(listed).toMatchObject({ authorHidden: true, reportedUserId: null, reportedUser: null });
    });
  });

  describe('admin lists and resolution', () => {
    test('when an admin lists pending reports, then each names the reporter and the author; students get 403, visitors 401', async () => {
      const postId = await announcePost(kit, grace.id);
      const created = await report(ada, { type: 'post', contentId: postId, reportedUserId: grace.id, reason: 'Misinformation', description: 'fake news' });
      const response = await request(kit.app).get('/api/admin/reports?status=pending').set(bearer(admin.token));
      expect(response.status).toBe(200);
      const listed = response.body.find((r: { id: string }) => r.id === created.body.id);
      expect(listed).toMatchObject({
        status: 'pending',
        reason: 'Misinformation',
        reportedUserId: grace.id,
        reportedUser: { id: grace.id, firstName: 'Grace' },
        reporter: { id: ada.id, firstName: 'Ada' },
        authorHidden: false,
      });
      expect((await request(kit.app).get('/api/admin/reports').set(bearer(ada.token))).status).toBe(403);
      expect((await request(kit.app).get('/api/admin/reports')).status).toBe(401);
      expect((await request(kit.app).get('/api/admin/reports?status=banned').set(bearer(admin.token))).status).toBe(400);
    });

    test('when an admin resolves a report with removal, then it moves to resolved, forum is told to remove the content, the reporter sees the outcome and the audit log records it', async () => {
      const postId = await announcePost(kit, grace.id);
      const created = await report(ada, { type: 'post', contentId: postId, reportedUserId: grace.id, reason: 'Spam' });
      const response = await request(kit.app)
        .post(`/api/admin/reports/${created.body.id}/resolve`)
        .set(bearer(admin.token))
        .send({ action: 'resolved', removeContent: true });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ status: 'resolved', resolvedBy: admin.id, contentRemoved: true });

      const removal = await publishedEvent(kit, 'moderation.content.removed', (d) => d.contentId === postId);
      expect(removal.data).toEqual({ type: 'post', contentId: postId, removedBy: admin.id });

      const resolved = await request(kit.app).get('/api/admin/reports?status=resolved,dismissed').set(bearer(admin.token));
      expect(resolved.body.map((r: { id: string }) => r.id)).toContain(created.body.id);
      const pending = await request(kit.app).get('/api/admin/reports?status=pending').set(bearer(admin.token));
      expect(pending.body.map((r: { id: string }) => r.id)).not.toContain(created.body.id);

      const mine = await request(kit.app).get('/api/reports/mine').set(bearer(ada.token));
      expect(mine.body.find((r: { id: string }) => r.id === created.body.id)).toMatchObject({ status: 'resolved' });

      await publishedEvent(kit, 'audit.admin.action', (d) => d.action === 'report.resolved' && d.targetId === created.body.id);
      const entry = await waitFor(async () => {
        const log = await request(kit.app).get('/api/admin/audit-log').set(bearer(admin.token)).expect(200);
        return log.body.find((e: { targetId: string }) => e.targetId === created.body.id);
      });
      expect(entry).toMatchObject({ adminId: admin.id, action: 'report.resolved', admin: { firstName: 'Admin' } });
    });

    test('when content is removed for one report, then the other pending reports about it are resolved too and their reporters see it', async () => {
      const postId = await announcePost(kit, grace.id);
      const other = await makeUser(kit, { firstName: 'Witness' });
      const first = await report(ada, { type: 'post', contentId: postId, reportedUserId: grace.id, reason: 'Spam' });
      const second = await report(other, { type: 'post', contentId: postId, reportedUserId: grace.id, reason: 'Harassment' });
      await request(kit.app)
        .post(`/api/admin/reports/${first.body.id}/resolve`)
        .set(bearer(admin.token))
        .send({ action: 'resolved', removeContent: true })
        .expect(200);
      const theirs = await request(kit.app).get('/api/reports/mine').set(bearer(other.token));
      expect(theirs.body.find((r: { id: string }) => r.id === second.body.id)).toMatchObject({ status: 'resolved' });
      // Each reporter hears the outcome (notifications).
      for (const [reporter, reportId] of [[ada, first.body.id], [other, second.body.id]] as const) {
        const told = await publishedEvent(kit, 'moderation.report.resolved', (d) => d.reportId === reportId);
        expect(told.data).toEqual({ reportId, reporterId: reporter.id, type: 'post', status: 'resolved', contentRemoved: true });
      }
      const pending = await request(kit.app).get('/api/admin/reports?status=pending').set(bearer(admin.token));
      expect(pending.body.map((r: { contentId: string }) => r.contentId)).not.toContain(postId);
      // Their lock is gone with it: reporting again is a new report, not a 409.
      expect((await report(other, { type: 'post', contentId: postId, reportedUserId: grace.id, reason: 'Spam' })).status).toBe(201);
    });

    test('when an admin dismisses a report, then no removal is published even if asked, and a second resolve is 409', async () => {
      const postId = await announcePost(kit, grace.id);
      const created = await report(ada, { type: 'post', contentId: postId, reportedUserId: grace.id, reason: 'Spam' });
      const response = await request(kit.app)
        .post(`/api/admin/reports/${created.body.id}/resolve`)
        .set(bearer(admin.token))
        .send({ action: 'dismissed', removeContent: true });
      expect(response.body).toMatchObject({ status: 'dismissed', contentRemoved: false });
      await publishedEvent(kit, 'audit.admin.action', (d) => d.action === 'report.dismissed' && d.targetId === created.body.id);
      expect(kit.published.some((e) => e.subject === 'moderation.content.removed' && (e.data as { contentId: string }).contentId === postId)).toBe(false);
      const again = await request(kit.app).post(`/api/admin/reports/${created.body.id}/resolve`).set(bearer(admin.token)).send({ action: 'resolved' });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(MODERATION_MESSAGES.reportHandled);
    });

    test('when a student tries to resolve, or the report does not exist, or the action is wrong, then 403, 404, 400', async () => {
      const postId = await announcePost(kit, grace.id);
      const created = await report(ada, { type: 'post', contentId: postId, reportedUserId: grace.id, reason: 'Spam' });
      expect((await request(kit.app).post(`/api/admin/reports/${created.body.id}/resolve`).set(bearer(ada.token)).send({ action: 'resolved' })).status).toBe(403);
      expect((await request(kit.app).post(`/api/admin/reports/${new Types.ObjectId().toHexString()}/resolve`).set(bearer(admin.token)).send({ action: 'resolved' })).status).toBe(404);
      expect((await request(kit.app).post('/api/admin/reports/nope/resolve').set(bearer(admin.token)).send({ action: 'resolved' })).status).toBe(404);
      expect((await request(kit.app).post(`/api/admin/reports/${created.body.id}/resolve`).set(bearer(admin.token)).send({ action: 'banned' })).status).toBe(400);
    });
  });
});
