import request from 'supertest';
import { NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER, type PaymentRequest, paymentRequestListSchema } from '@quad/contracts';
import { bearer } from '@quad/common/src/testing';
import { type CommerceKit, type TestUser, makeUser, startCommerceKit } from './commerce-test-kit';

/**
 * The admin's payment requests over more than a page: 30 pending and 120 decided requests stored
 * through the payments repository, read page by page through the API.
 */
describe('GET /api/admin/payment-requests: pending first, paged, filtered on the server', () => {
  let kit: CommerceKit;
  let admin: TestUser;
  const PENDING = 30;
  const DECIDED = 120;
  const DAY = 86_400_000;
  const start = Date.UTC(2026, 0, 1);

  const list = (query: Record<string, string | number>) =>
    request(kit.app).get('/api/admin/payment-requests').query(query).set(bearer(admin.token));

  async function everyPage(query: Record<string, string | number>): Promise<{ rows: PaymentRequest[]; sizes: number[]; total: string }> {
    const rows: PaymentRequest[] = [];
    const sizes: number[] = [];
    let total = '';
    let cursor: string | undefined;
    do {
      const response = await list(cursor ? { ...query, cursor } : query);
      expect(response.status).toBe(200);
      const page = paymentRequestListSchema.parse(response.body);
      rows.push(...page);
      sizes.push(page.length);
      total ||= response.headers[TOTAL_COUNT_HEADER.toLowerCase()];
      cursor = response.headers[NEXT_CURSOR_HEADER.toLowerCase()];
    } while (cursor && sizes.length < 50);
    return { rows, sizes, total };
  }

  beforeAll(async () => {
    kit = await startCommerceKit();
    admin = await makeUser(kit, { isAdmin: true });
    for (let i = 0; i < PENDING + DECIDED; i++) {
      const pending = i < PENDING;
      const createdAt = new Date(start + i * DAY);
      await kit.ctx.payments.insert({
        _id: `p-${String(i).padStart(3, '0')}`,
        userId: `user-${i}`,
        userEmail: `payer${i}@mit.edu`,
        firstName: `Payer${i}`,
        lastName: 'Student',
        venmoUsername: i === 77 ? '@rare-venmo-handle' : `@payer${i}`,
        notes: '',
        amount: '10',
        status: pending ? 'pending' : i % 2 === 0 ? 'approved' : 'rejected',
        decidedAt: pending ? null : new Date(createdAt.getTime() + 3_600_000),
        decidedBy: pending ? null : admin.id,
        createdAt,
        updatedAt: createdAt,
      });
    }
  }, 120_000);
  afterAll(() => kit.stop());

  test('when a student asks, then 403', async () => {
    const student = await makeUser(kit);
    const response = await request(kit.app).get('/api/admin/payment-requests').query({ status: 'pending' }).set(bearer(student.token));
    expect(response.status).toBe(403);
  });

  test('when an admin reads the queue, then every pending request comes first, oldest first, then the decided ones newest first, 50 at a time', async () => {
    const { rows, sizes, total } = await everyPage({});

    expect(sizes).toEqual([50, 50, 50]);
    expect(Number(total)).toBe(PENDING + DECIDED);
    expect(rows.slice(0, PENDING).map((row) => row.status)).toEqual(Array(PENDING).fill('pending'));
    expect(rows.slice(0, PENDING).map((row) => row.id)).toEqual(Array.from({ length: PENDING }, (_, i) => `p-${String(i).padStart(3, '0')}`));
    const decidedTimes = rows.slice(PENDING).map((row) => Date.parse(row.decidedAt!));
    expect(decidedTimes).toEqual([...decidedTimes].sort((a, b) => b - a));
    expect(new Set(rows.map((row) => row.id)).size).toBe(PENDING + DECIDED);
  });

  test('when an admin asks for one status, then only that status comes, with its own count', async () => {
    const approved = await everyPage({ status: 'approved', limit: 100 });
    expect(approved.rows.every((row) => row.status === 'approved')).toBe(true);
    expect(approved.rows).toHaveLength(DECIDED / 2);
    expect(Number(approved.total)).toBe(DECIDED / 2);
    expect(approved.sizes).toEqual([60]);

    const pending = await list({ status: 'pending', limit: 1 });
    expect(pending.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe(String(PENDING));
  });

  test('when an admin searches a Venmo username or filters by date, then only those requests come', async () => {
    const found = await everyPage({ search: 'RARE-venmo' });
    expect(found.rows.map((row) => row.id)).toEqual(['p-077']);

    // Submitted 2026-01-11 to 2026-01-20: requests 10 … 19, all still pending.
    const inRange = await everyPage({ from: '2026-01-11', to: '2026-01-20' });
    expect(inRange.rows.map((row) => row.id)).toEqual(Array.from({ length: 10 }, (_, i) => `p-0${10 + i}`));

    const badDate = await list({ from: 'yesterday' });
    expect(badDate.status).toBe(400);
    expect(badDate.body).toEqual({ message: 'Dates must look like 2026-11-25.' });
  });

  test('when an admin asks for more than 100 rows or a bad status, then 400 and nothing else', async () => {
    const tooMany = await list({ limit: 500 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual({ message: 'limit must be at most 100.' });
    const badStatus = await list({ status: 'lost' });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body).toEqual({ message: 'status must be one of pending, approved, rejected.' });
  });
});
