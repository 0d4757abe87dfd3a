import {
  NEXT_CURSOR_HEADER,
  TOTAL_COUNT_HEADER,
  adminAppealSchema,
  adminReportSchema,
  auditEntrySchema,
  bannedUserSchema,
} from '@quad/contracts';
import { z } from 'zod';
import { type ModerationKit, type TestUser, bearer, makeUser, request, startModerationKit } from './moderation-test-kit';

/**
 * Moderation's admin lists over more than a page each: reports, bans, appeals and audit entries
 * stored through their repositories, then read page by page, searched and filtered through the API.
 */
describe('moderation admin lists: paged, searched and filtered on the server', () => {
  let kit: ModerationKit;
  let admin: TestUser;
  let otherAdmin: TestUser;
  let student: TestUser;
  const DAY = 86_400_000;
  const start = Date.UTC(2026, 0, 1);
  const id = (prefix: string, i: number) => `${prefix}-${String(i).padStart(3, '0')}`;

  /** Stores fixtures ten at a time: enough to be quick on a busy machine, few enough to stay gentle. */
  async function inBatches(items: number[], store: (i: number) => Promise<void>) {
    for (let start = 0; start < items.length; start += 10) await Promise.all(items.slice(start, start + 10).map(store));
  }

  async function everyPage<T>(path: string, schema: z.ZodType<T>, query: Record<string, string | number> = {}) {
    const rows: T[] = [];
    const sizes: number[] = [];
    let total = '';
    let cursor: string | undefined;
    do {
      const response = await request(kit.app).get(path).query(cursor ? { ...query, cursor } : query).set(bearer(admin.token));
      expect(response.status).toBe(200);
      const page = z.array(schema).parse(response.body);
      rows.push(...page);
      sizes.push(page.length);
      total ||= response.headers[TOTAL_COUNT_HEADER.toLowerCase()];
      cursor = response.headers[NEXT_CURSOR_HEADER.toLowerCase()];
    } while (cursor && sizes.length < 50);
    return { rows, sizes, total };
  }

  beforeAll(async () => {
    kit = await startModerationKit();
    admin = await makeUser(kit, { isAdmin: true, firstName: 'Grace' });
    otherAdmin = await makeUser(kit, { isAdmin: true, firstName: 'Alan' });
    student = await makeUser(kit);
    const rows130 = Array.from({ length: 130 }, (_, i) => i);
    await inBatches(rows130, async (i) => {
      const at = new Date(start + i * DAY);
      const status = i < 70 ? 'pending' : i % 2 === 0 ? 'resolved' : 'dismissed';
      await kit.ctx.reports.insert({
        _id: id('r', i),
        type: i % 5 === 0 ? 'comment' : 'post',
        contentId: `content-${i}`,
        reporterId: student.id,
        reportedUserId: null,
        authorHidden: false,
        reason: i === 42 ? 'harassment' : 'spam',
        description: i === 43 ? 'a very particular complaint' : null,
        status,
        createdAt: at,
        resolvedBy: status === 'pending' ? null : admin.id,
        resolvedAt: status === 'pending' ? null : at,
        contentRemoved: false,
      } as never);
      await kit.ctx.auditEntries.insert({
        _id: id('a', i),
        adminId: i % 2 === 0 ? admin.id : otherAdmin.id,
        action: i % 3 === 0 ? 'payment.approved' : 'user.banned',
        targetUserId: i === 99 ? 'target-99' : student.id,
        targetId: null,
        reason: null,
        details: {},
        at,
      } as never);
    });
    await inBatches(Array.from({ length: 60 }, (_, i) => i), async (i) => {
      const at = new Date(start + i * DAY);
      // Ten bans ran out long ago: they are not in force.
      await kit.ctx.bans.insert({
        _id: id('u', i),
        active: true,
        banId: `${id('u', i)}:1`,
        reason: i === 7 ? 'repeated threats' : 'spam',
        bannedBy: admin.id,
        banUntil: new Date(i < 10 ? start : Date.now() + 30 * DAY),
        createdAt: at,
        liftedAt: null,
        liftedBy: null,
      } as never);
      await kit.ctx.appeals.insert({
        _id: `${id('u', i)}:1`,
        userId: id('u', i),
        message: i === 8 ? 'I was hacked, honestly' : 'please reconsider',
        status: i < 45 ? 'pending' : 'declined',
        response: i < 45 ? null : 'no',
        decidedBy: i < 45 ? null : admin.id,
        createdAt: at,
        decidedAt: i < 45 ? null : at,
      } as never);
    });
  }, 120_000);
  afterAll(() => kit.stop());

  test('when a student asks for any of them, then 403', async () => {
    for (const path of ['/api/admin/reports', '/api/admin/banned-users', '/api/admin/appeals', '/api/admin/audit-log']) {
      const response = await request(kit.app).get(path).query({ search: 'spam' }).set(bearer(student.token));
      expect({ path, status: response.status }).toEqual({ path, status: 403 });
    }
  });

  test('when an admin asks for more than 100 rows of any of them, then 400', async () => {
    for (const path of ['/api/admin/reports', '/api/admin/banned-users', '/api/admin/appeals', '/api/admin/audit-log']) {
      const response = await request(kit.app).get(path).query({ limit: 101 }).set(bearer(admin.token));
      expect({ path, status: response.status, body: response.body }).toEqual({ path, status: 400, body: { message: 'limit must be at most 100.' } });
    }
  });

  test('when an admin pages pending reports, then 50 at a time, newest first, each once, with the tab count', async () => {
    const { rows, sizes, total } = await everyPage('/api/admin/reports', adminReportSchema, { status: 'pending' });
    expect(sizes).toEqual([50, 20]);
    expect(total).toBe('70');
    expect(rows.map((row) => row.id)).toEqual(Array.from({ length: 70 }, (_, i) => id('r', 69 - i)));
  });

  test('when an admin reads resolved and dismissed reports together, filtered by type or searched, then only those come', async () => {
    const closed = await everyPage('/api/admin/reports', adminReportSchema, { status: 'resolved,dismissed', limit: 25 });
    expect(closed.sizes).toEqual([25, 25, 10]);
    expect(closed.total).toBe('60');
    expect(closed.rows.every((row) => row.status !== 'pending' && row.resolvedByAdmin?.firstName === 'Grace')).toBe(true);

    const comments = await everyPage('/api/admin/reports', adminReportSchema, { status: 'pending,resolved,dismissed', type: 'comment', limit: 100 });
    expect(comments.rows).toHaveLength(26);
    expect(comments.rows.every((row) => row.type === 'comment')).toBe(true);

    const byReason = await everyPage('/api/admin/reports', adminReportSchema, { search: 'HARASS' });
    expect(byReason.rows.map((row) => row.id)).toEqual([id('r', 42)]);
    const byDetails = await everyPage('/api/admin/reports', adminReportSchema, { search: 'particular' });
    expect(byDetails.rows.map((row) => row.id)).toEqual([id('r', 43)]);

    // Filed 2026-01-03 … 2026-01-05: reports 2, 3 and 4.
    const dated = await everyPage('/api/admin/reports', adminReportSchema, { from: '2026-01-03', to: '2026-01-05' });
    expect(dated.rows.map((row) => row.id)).toEqual([id('r', 4), id('r', 3), id('r', 2)]);
  });

  test('when an admin pages bans, then only bans in force come, newest first, and a search finds one by reason', async () => {
    const { rows, sizes } = await everyPage('/api/admin/banned-users', bannedUserSchema, { limit: 20 });
    expect(sizes).toEqual([20, 20, 10]);
    expect(rows.map((row) => row.userId)).toEqual(Array.from({ length: 50 }, (_, i) => id('u', 59 - i)));
    // Other admins see who imposed each ban, by name.
    expect(rows.every((row) => row.bannedByAdmin?.firstName === 'Grace')).toBe(true);

    const found = await everyPage('/api/admin/banned-users', bannedUserSchema, { search: 'threats' });
    // Ban 7 ran out long ago: no longer in force, so not listed even though its reason matches.
    expect(found.rows).toEqual([]);
  });

  test('when an admin pages appeals by status and searches them, then only those come', async () => {
    const pending = await everyPage('/api/admin/appeals', adminAppealSchema, { status: 'pending', limit: 20 });
    expect(pending.sizes).toEqual([20, 20, 5]);
    expect(pending.total).toBe('45');
    expect(pending.rows.every((row) => row.status === 'pending')).toBe(true);

    const found = await everyPage('/api/admin/appeals', adminAppealSchema, { search: 'hacked' });
    expect(found.rows.map((row) => row.id)).toEqual([`${id('u', 8)}:1`]);
  });

  test('when an admin filters the audit log by actor, action, target and dates, then only those entries come, newest first', async () => {
    const all = await everyPage('/api/admin/audit-log', auditEntrySchema, { limit: 100 });
    expect(all.sizes[0]).toBe(100);
    expect(Number(all.total)).toBe(all.rows.length);

    const byActor = await everyPage('/api/admin/audit-log', auditEntrySchema, { actor: otherAdmin.id, limit: 100 });
    expect(byActor.rows).toHaveLength(65);
    expect(byActor.rows.every((row) => row.adminId === otherAdmin.id && row.admin?.firstName === 'Alan')).toBe(true);

    const byAction = await everyPage('/api/admin/audit-log', auditEntrySchema, { action: 'payment.', limit: 100 });
    expect(byAction.rows).toHaveLength(44);
    expect(byAction.rows.every((row) => row.action === 'payment.approved')).toBe(true);

    const byTarget = await everyPage('/api/admin/audit-log', auditEntrySchema, { target: 'target-99' });
    expect(byTarget.rows.map((row) => row.id)).toEqual([id('a', 99)]);

    const dated = await everyPage('/api/admin/audit-log', auditEntrySchema, { from: '2026-01-10', to: '2026-01-11' });
    expect(dated.rows.map((row) => row.id)).toEqual([id('a', 10), id('a', 9)]);

    const byName = await everyPage('/api/admin/audit-log', auditEntrySchema, { search: 'alan', from: '2026-01-01', to: '2026-01-04' });
    expect(byName.rows.map((row) => row.id)).toEqual([id('a', 3), id('a', 1)]);
  });
});
