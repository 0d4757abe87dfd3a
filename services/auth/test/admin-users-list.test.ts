import request from 'supertest';
import { ADMIN_LIST_MAX_LIMIT, NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER, adminUserListSchema, type AdminUser } from '@quad/contracts';
import { bearer } from '@quad/common/src/testing';
import { type AuthTestApp, MIT, STANFORD, registerAdmin, registerStudent, startAuthApp } from './auth-test-app';

/**
 * The admin users table over a campus larger than one answer: 240 accounts stored through the
 * users repository (as the demo seed creates them in bulk), then read page by page, searched and
 * filtered through the API.
 */
describe('GET /api/admin/users: paged, searched and filtered on the server', () => {
  let auth: AuthTestApp;
  let adminToken: string;
  const STORED = 240;

  const list = (query: Record<string, string | number>) =>
    request(auth.app).get('/api/admin/users').query(query).set(bearer(adminToken));

  /** Every page of a query, following X-Next-Cursor; each answer checked against the contract. */
  async function everyPage(query: Record<string, string | number>): Promise<{ pages: AdminUser[][]; totals: string[] }> {
    const pages: AdminUser[][] = [];
    const totals: string[] = [];
    let cursor: string | undefined;
    do {
      const response = await list(cursor ? { ...query, cursor } : query);
      expect(response.status).toBe(200);
      pages.push(adminUserListSchema.parse(response.body));
      totals.push(response.headers[TOTAL_COUNT_HEADER.toLowerCase()]);
      cursor = response.headers[NEXT_CURSOR_HEADER.toLowerCase()];
    } while (cursor && pages.length < 50);
    return { pages, totals };
  }

  beforeAll(async () => {
    auth = await startAuthApp();
    adminToken = (await registerAdmin(auth.app)).token;
    const base = Date.now() - 1_000_000;
    const store = (i: number) =>
      auth.deps.users.insert({
        accountKey: `bulk${i}@mit.edu`,
        email: `bulk${i}@mit.edu`,
        passwordHash: null,
        firstName: i === 7 ? 'Zoë' : `Bulk${String(i).padStart(3, '0')}`,
        lastName: i === 7 ? 'Quill' : 'Student',
        collegeId: i % 3 === 0 ? STANFORD : MIT,
        isVerified: true,
        bio: '',
        major: '',
        graduationYear: null,
        interests: [],
        profileColor: '#3B82F6',
        profileImageUrl: null,
        isAdmin: false,
        isAnonymousAdmin: false,
        tutorialCompleted: true,
        createdAt: new Date(base + i * 1000),
        updatedAt: new Date(base + i * 1000),
      } as never);
    for (let start = 0; start < STORED; start += 10) {
      await Promise.all(Array.from({ length: Math.min(10, STORED - start) }, (_, k) => store(start + k)));
    }
  }, 120_000);
  afterAll(() => auth.close());

  test('when a student asks, with or without a search, then 403', async () => {
    const { token } = await registerStudent(auth.app);

    for (const query of [{}, { search: 'bulk' }, { limit: 5 }]) {
      const response = await request(auth.app).get('/api/admin/users').query(query).set(bearer(token));
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ message: 'Admin access required' });
    }
  });

  test('when an admin reads the table, then it comes 50 at a time, newest first, every account once, with the total', async () => {
    const { pages, totals } = await everyPage({});

    expect(pages.slice(0, -1).every((page) => page.length === 50)).toBe(true);
    const ids = pages.flat().map((user) => user.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThanOrEqual(STORED + 1);
    expect(Number(totals[0])).toBe(ids.length);
    const times = pages.flat().map((user) => Date.parse(user.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  test('when an admin asks for more than 100 rows, then 400; 100 is the most one answer carries', async () => {
    const tooMany = await list({ limit: ADMIN_LIST_MAX_LIMIT + 1 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual({ message: 'limit must be at most 100.' });

    const most = await list({ limit: ADMIN_LIST_MAX_LIMIT });
    expect(most.status).toBe(200);
    expect(most.body).toHaveLength(ADMIN_LIST_MAX_LIMIT);
    expect(most.headers[NEXT_CURSOR_HEADER.toLowerCase()]).toBeTruthy();
  });

  test('when the cursor is not one the server issued, then 400 Invalid cursor', async () => {
    const response = await list({ cursor: 'bm90LWEtY3Vyc29y' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Invalid cursor.' });
  });

  test('when an admin searches a name, then only the matching accounts come, paged, case and accents ignored', async () => {
    const byPrefix = await everyPage({ search: 'bulk01', limit: 4 });
    const names = byPrefix.pages.flat().map((user) => user.firstName);
    // Bulk010 … Bulk019, each once, in name order, four at a time.
    expect(names).toEqual(Array.from({ length: 10 }, (_, i) => `Bulk01${i}`));
    expect(byPrefix.pages.map((page) => page.length)).toEqual([4, 4, 2]);

    const accented = await list({ search: 'ZOE' });
    expect(accented.body.map((user: AdminUser) => user.email)).toEqual(['bulk7@mit.edu']);
    const fullName = await list({ search: 'zoë qu' });
    expect(fullName.body.map((user: AdminUser) => user.email)).toEqual(['bulk7@mit.edu']);
    const byEmail = await list({ search: 'bulk239@' });
    expect(byEmail.body.map((user: AdminUser) => user.email)).toEqual(['bulk239@mit.edu']);
    const none = await list({ search: 'nobody-by-this-name' });
    expect(none.status).toBe(200);
    expect(none.body).toEqual([]);
    expect(none.headers[NEXT_CURSOR_HEADER.toLowerCase()]).toBeUndefined();
  });

  test('when an account is renamed, then the search finds the new name and not the old one', async () => {
    const { user } = await registerStudent(auth.app, { firstName: 'Oldname', lastName: 'Person' });
    await auth.deps.users.update(user.id, () => ({ firstName: 'Newname' }));

    expect((await list({ search: 'oldname' })).body).toEqual([]);
    expect((await list({ search: 'newname' })).body.map((row: AdminUser) => row.id)).toEqual([user.id]);
  });

  test('when an admin filters by college and sorts by name, then every row is of that college, A to Z', async () => {
    const { pages } = await everyPage({ college: STANFORD, sort: 'name', limit: 100 });
    const rows = pages.flat();
    expect(rows.length).toBeGreaterThanOrEqual(STORED / 3);
    expect(rows.every((user) => user.collegeId === STANFORD)).toBe(true);
    const names = rows.map((user) => `${user.firstName} ${user.lastName}`.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  test('when an admin filters by college, newest first, then every account of it comes once, and one moved away leaves', async () => {
    const stanford = (await everyPage({ college: STANFORD, limit: 30 })).pages.flat();
    expect(stanford.every((user) => user.collegeId === STANFORD)).toBe(true);
    expect(new Set(stanford.map((user) => user.id)).size).toBe(stanford.length);
    expect(stanford.length).toBe(STORED / 3);
    const created = stanford.map((user) => Date.parse(user.createdAt));
    expect(created).toEqual([...created].sort((a, b) => b - a));

    const moved = stanford[0]!;
    await auth.deps.users.update(moved.id, () => ({ collegeId: MIT }));
    const after = (await everyPage({ college: STANFORD, limit: 100 })).pages.flat();
    expect(after.map((user) => user.id)).toEqual(stanford.slice(1).map((user) => user.id));
    const mit = (await everyPage({ college: MIT, limit: 100 })).pages.flat();
    expect(mit.map((user) => user.id)).toContain(moved.id);
    await auth.deps.users.update(moved.id, () => ({ collegeId: STANFORD }));
  });

  test('when an admin filters by subscription state, banned and role, then only those accounts come', async () => {
    const none = await everyPage({ subscription: 'none', limit: 100 });
    expect(none.pages.flat().every((user) => user.subscriptionState === 'none' && user.subscriptionExpiresAt === null)).toBe(true);
    expect(none.pages.flat().length).toBeGreaterThanOrEqual(STORED);

    const admins = await list({ role: 'admin' });
    expect(admins.body.length).toBeGreaterThanOrEqual(1);
    expect(admins.body.every((user: AdminUser) => user.isAdmin)).toBe(true);

    const banned = await list({ banned: 'true' });
    expect(banned.status).toBe(200);
    expect(banned.body).toEqual([]);

    const bad = await list({ subscription: 'lapsed' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: 'subscription must be one of active, expired, none.' });
  });

  test('when the search index is lost from Redis, then the next search rebuilds it from the database', async () => {
    const keys = await auth.runtime.redis.keys('*:users:search*');
    expect(keys.length).toBeGreaterThan(0);
    await auth.runtime.redis.del(...keys);

    const response = await list({ search: 'bulk12' });
    // Bulk120 … Bulk129 by name, then Bulk012 by its e-mail, bulk12@mit.edu.
    expect(response.body.map((user: AdminUser) => user.firstName)).toEqual([...Array.from({ length: 10 }, (_, i) => `Bulk12${i}`), 'Bulk012']);
  });
});
