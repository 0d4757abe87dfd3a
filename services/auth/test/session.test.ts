import request from 'supertest';
import { AUTH_COOKIE, debugSessionSchema, userSchema } from '@quad/contracts';
import { CROSS_SITE_MESSAGE, redisKeys, verifyAccessToken, writeBan } from '@quad/common';
import { bearer, testToken } from '@quad/common/src/testing';
import { auditLogModel } from '../src/models/audit-log-model';
import { userModel } from '../src/models/user-model';
import {
  type AuthTestApp,
  TEST_ADMIN_PASSWORD,
  registerAdmin,
  registerStudent,
  sessionCookie,
  startAuthApp,
} from './auth-test-app';

const cookieHeader = (token: string) => ({ Cookie: `${AUTH_COOKIE}=${token}; theme=dark` });

/** A request from Quad's own page: its Origin names the host it is sent to. */
const OWN_PAGE = { Host: 'quad.example', Origin: 'https://quad.example' };

describe('sessions', () => {
  let auth: AuthTestApp;

  beforeAll(async () => {
    auth = await startAuthApp();
  });
  afterAll(() => auth.close());

  describe('GET /api/auth/user', () => {
    test('when nobody is signed in, then 401 Not authenticated', async () => {
      const response = await request(auth.app).get('/api/auth/user');

      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: 'Not authenticated' });
    });

    test('when the bearer token is valid, then the user comes as last written, not from the token', async () => {
      const { token, user } = await registerStudent(auth.app);
      // Every write of a user goes through the users repository (here as another replica would).
      await auth.deps.users.update(user.id, () => ({ major: 'Physics', firstName: 'Changed' }));

      const response = await request(auth.app).get('/api/auth/user').set(bearer(token));

      expect(response.status).toBe(200);
      expect(userSchema.parse(response.body)).toMatchObject({ id: user.id, firstName: 'Changed' });
      expect(response.headers['cache-control']).toBe('no-store');
    });

    test('when only the session cookie is sent, then it authenticates as well', async () => {
      const { token, user } = await registerStudent(auth.app);

      const response = await request(auth.app).get('/api/auth/user').set(cookieHeader(token));

      expect(response.status).toBe(200);
      expect(response.body.id).toBe(user.id);
    });

    test('when the user is banned, then 403 with the suspension body', async () => {
      const { token, user } = await registerStudent(auth.app);
      const expiresAt = new Date(Date.now() + 24 * 3600 * 1000).toISOString();
      await writeBan(auth.runtime.redis, user.id, { reason: 'Spamming the boards', expiresAt });

      const response = await request(auth.app).get('/api/auth/user').set(bearer(token));

      expect(response.status).toBe(403);
      expect(response.body).toEqual({
        message: 'Account suspended',
        reason: 'Spamming the boards',
        expiresAt,
      });
    });

    test('when a valid token belongs to an account that no longer exists, then 401', async () => {
      const token = testToken({ userId: '0123456789abcdef01234567' });

      const response = await request(auth.app).get('/api/auth/user').set(bearer(token));

      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: 'Not authenticated' });
    });
  });

  describe('POST /api/logout', () => {
    test('when a student logs out with a bearer token, then it is deny-listed, the cookie cleared and the browser sent to /auth', async () => {
      const { token } = await registerStudent(auth.app);

      const response = await request(auth.app).post('/api/logout').set(bearer(token));

      expect(response.status).toBe(303);
      expect(response.headers.location).toBe('/auth');
      expect(sessionCookie(response)).toMatch(/^quad_session=;.*Expires=Thu, 01 Jan 1970/);
      const after = await request(auth.app).get('/api/auth/user').set(bearer(token));
      expect(after.status).toBe(401);
    });

    test('when the logout is a page load carrying only the cookie, then the cookie token is deny-listed', async () => {
      const { token } = await registerStudent(auth.app);

      const response = await request(auth.app).post('/api/logout').set(OWN_PAGE).set(cookieHeader(token));

      expect(response.status).toBe(303);
      expect((await request(auth.app).get('/api/auth/user').set(bearer(token))).status).toBe(401);
    });

    test('when both a bearer token and a different cookie token are sent, then both are ended', async () => {
      const first = await registerStudent(auth.app);
      const loginAgain = await request(auth.app)
        .post('/api/login')
        .send({ email: first.body.email, password: first.body.password });
      const second = loginAgain.body.authToken as string;

      await request(auth.app).post('/api/logout').set(OWN_PAGE).set(bearer(first.token)).set(cookieHeader(second));

      expect((await request(auth.app).get('/api/auth/user').set(bearer(first.token))).status).toBe(401);
      expect((await request(auth.app).get('/api/auth/user').set(bearer(second))).status).toBe(401);
    });

    test('when a banned student logs out, then it still works', async () => {
      const { token, user } = await registerStudent(auth.app);
      await writeBan(auth.runtime.redis, user.id, { reason: 'x', expiresAt: null });

      const response = await request(auth.app).post('/api/logout').set(bearer(token));

      expect(response.status).toBe(303);
      const { jti } = verifyAccessToken(auth.runtime.config.JWT_PUBLIC_KEY, token)!;
      expect(await auth.runtime.redis.exists(redisKeys.deniedToken(jti))).toBe(1);
    });

    test('when another site links or posts to logout with the student’s cookie, then the session lives on', async () => {
      const { token } = await registerStudent(auth.app);
      // A link or an image: logout is no longer a GET.
      expect((await request(auth.app).get('/api/logout').set(OWN_PAGE).set(cookieHeader(token))).status).toBe(404);
      // A form on another site, or a request that names no page at all.
      const elsewhere = await request(auth.app).post('/api/logout').set({ Host: OWN_PAGE.Host, Origin: 'https://evil.example' }).set(cookieHeader(token));
      expect(elsewhere.status).toBe(403);
      expect(elsewhere.body.message).toBe(CROSS_SITE_MESSAGE);
      expect((await request(auth.app).post('/api/logout').set({ Host: OWN_PAGE.Host }).set(cookieHeader(token))).status).toBe(403);
      expect((await request(auth.app).get('/api/auth/user').set(bearer(token))).status).toBe(200);
    });

    test('when a cookie-signed write comes from another site, then 403 and nothing changes; the same from Quad’s page, or with the bearer token, passes', async () => {
      const { token } = await registerStudent(auth.app);
      const complete = (headers: Record<string, string>) =>
        request(auth.app).post('/api/complete-profile').set(headers).send({ firstName: 'Forged', lastName: 'Name' });
      const forged = await complete({ Host: OWN_PAGE.Host, Referer: 'https://evil.example/page', ...cookieHeader(token) });
      expect(forged.status).toBe(403);
      expect((await request(auth.app).get('/api/auth/user').set(bearer(token))).body.firstName).not.toBe('Forged');
      expect((await complete({ ...OWN_PAGE, ...cookieHeader(token) })).status).toBe(200);
      expect((await complete({ Host: OWN_PAGE.Host, Origin: 'https://evil.example', ...bearer(token) })).status).toBe(200);
    });

    test('when nobody is signed in, then logout still redirects to /auth', async () => {
      const response = await request(auth.app).post('/api/logout');

      expect(response.status).toBe(303);
      expect(response.headers.location).toBe('/auth');
    });
  });

  describe('POST /api/register-admin', () => {
    test('when the admin password is right, then a bootstrap admin account named after the operator is made, signed in and audit-logged with the handle and address', async () => {
      const response = await request(auth.app)
        .post('/api/register-admin')
        .send({ adminPassword: TEST_ADMIN_PASSWORD, operator: 'test-operator' });

      expect(response.status).toBe(201);
      const user = userSchema.parse(response.body.user);
      expect(user).toMatchObject({
        firstName: 'Operator',
        lastName: 'test-operator',
        email: null,
        college: null,
        collegeId: null,
        isAdmin: true,
        isAnonymousAdmin: true,
      });
      expect(new Date(user.subscriptionExpiresAt!).getFullYear()).toBeGreaterThan(
        new Date().getFullYear() + 50,
      );
      expect(sessionCookie(response)).toContain(`quad_session=${response.body.adminToken}`);
      const me = await request(auth.app).get('/api/auth/user').set(bearer(response.body.adminToken));
      expect(me.body).toMatchObject({ id: user.id, isAdmin: true });
      const entries = await auditLogModel(auth.runtime.db).find({ targetUserId: user.id }).lean();
      expect(entries).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ action: 'admin.anonymous-created', actorId: user.id }),
          expect.objectContaining({ action: 'admin.bootstrap-session', actorId: user.id, details: { operator: 'test-operator' }, ip: expect.any(String) }),
        ]),
      );
      expect(JSON.stringify(entries)).not.toContain(TEST_ADMIN_PASSWORD);
    });

    test('when each call is made, then each makes its own anonymous account', async () => {
      const first = await registerAdmin(auth.app);
      const second = await registerAdmin(auth.app);

      expect(first.user.id).not.toBe(second.user.id);
    });

    test('when the admin password is wrong, then 401 Invalid admin password., no account, and the refusal is audit-logged', async () => {
      const admins = await userModel(auth.runtime.db).countDocuments({ isAdmin: true });

      const response = await request(auth.app)
        .post('/api/register-admin')
        .send({ adminPassword: 'guess-guess', operator: 'test-operator' });

      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: 'Invalid admin password.' });
      expect(sessionCookie(response)).toBeUndefined();
      expect(await userModel(auth.runtime.db).countDocuments({ isAdmin: true })).toBe(admins);
      const denied = await auditLogModel(auth.runtime.db).find({ action: 'admin.anonymous-denied' }).lean();
      expect(denied.length).toBeGreaterThan(0);
      expect(JSON.stringify(denied)).not.toContain('guess-guess');
    });

    test('when the admin password is missing or empty, then 400 Please enter the admin password.', async () => {
      const empty = await request(auth.app).post('/api/register-admin').send({ adminPassword: '', operator: 'test-operator' });
      const missing = await request(auth.app).post('/api/register-admin').send({});

      expect(empty.status).toBe(400);
      expect(empty.body).toEqual({ message: 'Please enter the admin password.' });
      expect(missing.status).toBe(400);
    });
  });

  describe('GET /api/debug/session', () => {
    test('when nobody is signed in, then it says so', async () => {
      const response = await request(auth.app).get('/api/debug/session');

      expect(response.status).toBe(200);
      expect(debugSessionSchema.parse(response.body)).toEqual({
        authenticated: false,
        userId: null,
        isAdmin: false,
        source: 'none',
        expiresAt: null,
        cookieNames: [],
      });
    });

    test('when signed in with a bearer and a cookie, then it describes the session and never shows a token', async () => {
      const { token, user } = await registerStudent(auth.app);

      const response = await request(auth.app)
        .get('/api/debug/session')
        .set(bearer(token))
        .set(cookieHeader(token));

      expect(debugSessionSchema.parse(response.body)).toMatchObject({
        authenticated: true,
        userId: user.id,
        isAdmin: false,
        source: 'bearer',
        cookieNames: [AUTH_COOKIE, 'theme'],
      });
      expect(new Date(response.body.expiresAt).getTime()).toBeGreaterThan(Date.now());
      expect(response.text).not.toContain(token);
      expect(response.text).not.toContain(token.split('.')[2]!);
    });

    test('when only the cookie is sent, then the source is cookie', async () => {
      const { token } = await registerStudent(auth.app);

      const response = await request(auth.app).get('/api/debug/session').set(cookieHeader(token));

      expect(response.body).toMatchObject({ authenticated: true, source: 'cookie' });
      expect(response.text).not.toContain(token);
    });
  });
});
