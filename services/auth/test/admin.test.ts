import request from 'supertest';
import { AUTH_MESSAGES, type EventData, adminUserListSchema, userSchema } from '@quad/contracts';
import { startConsumers } from '@quad/common';
import { bearer, waitFor } from '@quad/common/src/testing';
import { auditLogModel } from '../src/models/audit-log-model';
import {
  type AuthTestApp,
  MIT,
  STANFORD,
  registerAdmin,
  registerStudent,
  startAuthApp,
} from './auth-test-app';

describe('admin', () => {
  let auth: AuthTestApp;
  let adminToken: string;
  let adminId: string;

  beforeAll(async () => {
    auth = await startAuthApp();
    const admin = await registerAdmin(auth.app);
    adminToken = admin.token;
    adminId = admin.user.id;
  });
  afterAll(() => auth.close());

  describe('GET /api/admin/users', () => {
    test('when a visitor asks, then 401', async () => {
      const response = await request(auth.app).get('/api/admin/users');

      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: 'Not authenticated' });
    });

    test('when a student asks, then 403 Admin access required', async () => {
      const { token } = await registerStudent(auth.app);

      const response = await request(auth.app).get('/api/admin/users').set(bearer(token));

      expect(response.status).toBe(403);
      expect(response.body).toEqual({ message: 'Admin access required' });
    });

    test('when an admin asks, then every account is listed newest first, with college names and no secrets', async () => {
      const older = await registerStudent(auth.app, { college: MIT });
      const newer = await registerStudent(auth.app, {
        college: STANFORD,
        email: `x${Date.now()}@stanford.edu`,
      });

      const response = await request(auth.app).get('/api/admin/users').set(bearer(adminToken));

      expect(response.status).toBe(200);
      const users = adminUserListSchema.parse(response.body);
      const ids = users.map((u) => u.id);
      expect(ids).toEqual(expect.arrayContaining([older.user.id, newer.user.id, adminId]));
      expect(ids.indexOf(newer.user.id)).toBeLessThan(ids.indexOf(older.user.id));
      expect(users.find((u) => u.id === newer.user.id)).toEqual({
        id: newer.user.id,
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: newer.body.email,
        college: 'Stanford University',
        collegeId: STANFORD,
        isAdmin: false,
        subscriptionExpiresAt: null,
        subscriptionState: 'none',
        isBanned: false,
        createdAt: newer.user.createdAt,
      });
      expect(response.text).not.toMatch(/argon2|passwordHash|accountKey/);
    });
  });

  describe('POST /api/admin/change-college', () => {
    test('when an admin moves a student, then the college changes, the badge follows the domain, and it is audit-logged', async () => {
      const { token, user } = await registerStudent(auth.app, { college: MIT });
      expect(user.isVerified).toBe(true);

      const response = await request(auth.app)
        .post('/api/admin/change-college')
        .set(bearer(adminToken))
        .send({ userId: user.id, collegeId: STANFORD });

      expect(response.status).toBe(200);
      expect(userSchema.parse(response.body)).toMatchObject({
        id: user.id,
        college: 'Stanford University',
        collegeId: STANFORD,
        collegeInitials: 'SU',
        isVerified: false,
      });
      const me = await request(auth.app).get('/api/auth/user').set(bearer(token));
      expect(me.body).toMatchObject({ collegeId: STANFORD, isVerified: false });
      const entries = await auditLogModel(auth.runtime.db).find({ targetUserId: user.id }).lean();
      expect(entries).toEqual([
        expect.objectContaining({
          action: 'user.college-changed',
          actorId: adminId,
          details: { fromCollegeId: MIT, toCollegeId: STANFORD },
        }),
      ]);
    });

    test('when an admin moves a student, then audit.admin.action goes out for the admin audit log', async () => {
      const heard: Array<EventData<'audit.admin.action'>> = [];
      auth.runtime.consumers.push(
        await startConsumers({
          ...auth.runtime,
          durable: `${auth.runtime.consumerPrefix}-audit-probe`,
          handlers: { 'audit.admin.action': async ({ data }) => void heard.push(data) },
        }),
      );
      const { user } = await registerStudent(auth.app, { college: MIT });

      const response = await request(auth.app)
        .post('/api/admin/change-college')
        .set(bearer(adminToken))
        .send({ userId: user.id, collegeId: STANFORD });

      expect(response.status).toBe(200);
      const action = await waitFor(() => heard.find((entry) => entry.targetUserId === user.id));
      expect(action).toMatchObject({
        adminId,
        action: 'user.college-changed',
        details: { fromCollegeId: MIT, toCollegeId: STANFORD },
      });
    });

    test('when the web sends the college id as a number, then it is accepted', async () => {
      const { user } = await registerStudent(auth.app);

      const response = await request(auth.app)
        .post('/api/admin/change-college')
        .set(bearer(adminToken))
        .send({ userId: user.id, collegeId: 2 });

      expect(response.status).toBe(200);
      expect(response.body.collegeId).toBe(STANFORD);
    });

    test('when a student tries it, then 403 and nothing changes', async () => {
      const { token, user } = await registerStudent(auth.app);

      const response = await request(auth.app)
        .post('/api/admin/change-college')
        .set(bearer(token))
        .send({ userId: user.id, collegeId: STANFORD });

      expect(response.status).toBe(403);
      expect(response.body).toEqual({ message: 'Admin access required' });
      expect((await request(auth.app).get('/api/auth/user').set(bearer(token))).body.collegeId).toBe(MIT);
    });

    test('when a visitor tries it, then 401', async () => {
      const response = await request(auth.app)
        .post('/api/admin/change-college')
        .send({ userId: 'x', collegeId: '1' });

      expect(response.status).toBe(401);
    });

    test.each([
      ['the user is not chosen', { collegeId: STANFORD }, 'userId is required.'],
      ['the user is blank', { userId: '', collegeId: STANFORD }, 'Please select both a user and college.'],
      [
        'the college is blank',
        { userId: '0123456789abcdef01234567', collegeId: '' },
        'Please select both a user and college.',
      ],
    ])('when %s, then 400 with its message', async (_case, body, message) => {
      const response = await request(auth.app)
        .post('/api/admin/change-college')
        .set(bearer(adminToken))
        .send(body);

      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message });
    });

    test('when the account is an admin, then 400 and it keeps no college (admins belong to none; the panel moves students only)', async () => {
      const other = await registerAdmin(auth.app);

      const response = await request(auth.app)
        .post('/api/admin/change-college')
        .set(bearer(adminToken))
        .send({ userId: other.user.id, collegeId: STANFORD });

      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message: AUTH_MESSAGES.adminHasNoCollege });
      const me = await request(auth.app).get('/api/auth/user').set(bearer(other.token));
      expect(me.body).toMatchObject({ isAdmin: true, collegeId: null, college: null });
      expect(await auditLogModel(auth.runtime.db).find({ targetUserId: other.user.id, action: 'user.college-changed' }).lean()).toEqual([]);
    });

    test('when the college does not exist, then 400', async () => {
      const { user } = await registerStudent(auth.app);

      const response = await request(auth.app)
        .post('/api/admin/change-college')
        .set(bearer(adminToken))
        .send({ userId: user.id, collegeId: '999' });

      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message: AUTH_MESSAGES.unknownCollege });
    });

    test.each(['0123456789abcdef01234567', 'not-an-id'])(
      'when the user %s does not exist, then 404',
      async (userId) => {
        const response = await request(auth.app)
          .post('/api/admin/change-college')
          .set(bearer(adminToken))
          .send({ userId, collegeId: STANFORD });

        expect(response.status).toBe(404);
        expect(response.body).toEqual({ message: 'User not found.' });
      },
    );
  });
});
