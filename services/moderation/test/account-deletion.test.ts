import { waitFor } from '@quad/common/src/testing';
import { type ModerationKit, type TestUser, announcePost, bearer, makeUser, request, startModerationKit } from './moderation-test-kit';

/** Issue 25: auth.user.deleted makes moderation forget the student's reports and appeals; bans and the audit log keep their id. */
describe('a deleted account in moderation', () => {
  let kit: ModerationKit;
  let admin: TestUser;
  let grace: TestUser;
  let leaving: TestUser;

  beforeAll(async () => {
    kit = await startModerationKit();
    [admin, grace, leaving] = await Promise.all([
      makeUser(kit, { isAdmin: true, firstName: 'Admin' }),
      makeUser(kit, { firstName: 'Grace' }),
      makeUser(kit, { firstName: 'Leaving' }),
    ]);
  });
  afterAll(() => kit.stop());

  test('when the student downloads their data, then moderation’s part holds the reports they filed', async () => {
    const exporter = await makeUser(kit, { firstName: 'Exporter' });
    const postId = await announcePost(kit, grace.id);
    await request(kit.app).post('/api/reports').set(bearer(exporter.token)).send({ type: 'post', contentId: postId, reportedUserId: grace.id, reason: 'Spam', description: 'exported words' }).expect(201);

    const response = await request(kit.app).get('/internal/account-export').set(bearer(exporter.token));

    expect(response.status).toBe(200);
    const { records } = response.body as { records: Record<string, Array<Record<string, unknown>>> };
    expect(records.reportsFiled!.map((r) => r.description)).toEqual(['exported words']);
    expect(records.appeals).toEqual([]);
  });

  test('when auth announces the deletion, then their reports and appeals are gone, the ban and audit entries stay by id, and a replay changes nothing', async () => {
    const postId = await announcePost(kit, grace.id);
    const filed = await request(kit.app).post('/api/reports').set(bearer(leaving.token)).send({ type: 'post', contentId: postId, reportedUserId: grace.id, reason: 'Spam', description: 'my words' });
    expect(filed.status).toBe(201);
    await request(kit.app).post('/api/admin/ban-user').set(bearer(admin.token)).send({ userId: leaving.id, reason: 'Spam', banDuration: 24 }).expect(201);
    await request(kit.app).post('/api/appeals').set(bearer(leaving.token)).send({ message: 'Please let me back' }).expect(201);
    await waitFor(() => kit.ctx.models.AuditEntry.findOne({ targetUserId: leaving.id }).lean());
    const { Report, Appeal, Ban, AuditEntry } = kit.ctx.models;
    const theirs = async () => (await Report.countDocuments({ reporterId: leaving.id })) + (await Appeal.countDocuments({ userId: leaving.id }));
    expect(await theirs()).toBe(2);

    await kit.runtime.publisher.publish('auth.user.deleted', { userId: leaving.id, version: 1, deletedAt: new Date().toISOString() });
    await waitFor(async () => (await theirs()) === 0, { timeoutMs: 15_000 });

    expect(JSON.stringify(await Report.find({}).lean())).not.toContain('my words');
    expect(await Ban.countDocuments({ userId: leaving.id })).toBe(1);
    expect(await AuditEntry.countDocuments({ targetUserId: leaving.id })).toBeGreaterThanOrEqual(1);

    await kit.runtime.publisher.publish('auth.user.deleted', { userId: leaving.id, version: 1, deletedAt: new Date().toISOString() });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await theirs()).toBe(0);
    expect(await Ban.countDocuments({ userId: leaving.id })).toBe(1);
  });
});
