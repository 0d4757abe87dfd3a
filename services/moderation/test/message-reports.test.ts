import { Types } from 'mongoose';
import { type AdminReport, MODERATION_MESSAGES, type MyReport } from '@quad/contracts';
import {
  type ModerationKit,
  type TestUser,
  bearer,
  makeUser,
  publishedEvent,
  request,
  startModerationKit,
  waitFor,
} from './moderation-test-kit';

/** Issue 23: a chat message reported through chat reaches the admins' reports with its text. */
describe('reports of chat messages', () => {
  let kit: ModerationKit;
  let reporter: TestUser;
  let author: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    kit = await startModerationKit();
    [reporter, author, admin] = await Promise.all([
      makeUser(kit, { firstName: 'Reporter' }),
      makeUser(kit, { firstName: 'Author' }),
      makeUser(kit, { firstName: 'Admin', isAdmin: true }),
    ]);
  });
  afterAll(() => kit.stop());

  const reported = (reportId: string, text: string, group: { id: string; name: string } | null) => ({
    reportId,
    reporterId: reporter.id,
    messageId: new Types.ObjectId().toHexString(),
    authorId: author.id,
    text,
    groupId: group?.id ?? null,
    groupName: group?.name ?? null,
    reason: 'Harassment',
    description: 'keeps doing this',
    reportedAt: new Date().toISOString(),
  });
  const adminReports = async (query: string): Promise<AdminReport[]> =>
    (await request(kit.app).get(`/api/admin/reports?${query}`).set(bearer(admin.token)).expect(200)).body;

  test('when chat reports a group message (twice, as a redelivery would), then admins see one pending report with its text, group and author', async () => {
    const reportId = new Types.ObjectId().toHexString();
    const data = reported(reportId, 'nobody wants you in this group', { id: 'grp_abc', name: 'Study hall' });
    await kit.runtime.publisher.publish('chat.message.reported', data, `chat.message.reported:${reportId}`);
    await kit.runtime.publisher.publish('chat.message.reported', data, `chat.message.reported:${reportId}:again`);
    await waitFor(() => kit.ctx.models.Report.findById(reportId).lean());

    const list = await adminReports('status=pending&type=message');
    expect(list.filter((report) => report.id === reportId)).toHaveLength(1);
    expect(list.find((report) => report.id === reportId)).toMatchObject({
      type: 'message',
      contentId: data.messageId,
      reason: 'Harassment',
      description: 'keeps doing this',
      status: 'pending',
      authorHidden: false,
      reportedUserId: author.id,
      reportedUser: { id: author.id, firstName: 'Author' },
      reporter: { id: reporter.id, firstName: 'Reporter' },
      message: { text: 'nobody wants you in this group', groupId: 'grp_abc', groupName: 'Study hall' },
    });
    // The admins' search looks in the message's text too.
    expect((await adminReports('status=pending&search=wants%20you')).map((report) => report.id)).toContain(reportId);
    // The reporter follows it among their reports.
    const mine = (await request(kit.app).get('/api/reports/mine').set(bearer(reporter.token)).expect(200)).body as MyReport[];
    expect(mine.find((report) => report.id === reportId)).toMatchObject({ type: 'message', status: 'pending' });
  });

  test('when an admin resolves a message report, then it cannot remove the message but resolves it and the reporter hears so', async () => {
    const reportId = new Types.ObjectId().toHexString();
    await kit.runtime.publisher.publish('chat.message.reported', reported(reportId, 'spam spam', null), `chat.message.reported:${reportId}`);
    await waitFor(() => kit.ctx.models.Report.findById(reportId).lean());
    const resolve = (body: object) => request(kit.app).post(`/api/admin/reports/${reportId}/resolve`).set(bearer(admin.token)).send(body);

    const removal = await resolve({ action: 'resolved', removeContent: true });
    expect([removal.status, removal.body]).toEqual([400, { message: MODERATION_MESSAGES.messageNotRemovable }]);
    const resolved = await resolve({ action: 'resolved' });
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({ status: 'resolved', message: { text: 'spam spam', groupId: null } });
    const heard = await publishedEvent(kit, 'moderation.report.resolved', (data) => data.reportId === reportId);
    expect(heard.data).toMatchObject({ reporterId: reporter.id, type: 'message', status: 'resolved', contentRemoved: false });
  });
});
