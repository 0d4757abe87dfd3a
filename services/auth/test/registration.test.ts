import request from 'supertest';
import { AUTH_MESSAGES, collegeListSchema, userSchema } from '@quad/contracts';
import { bearer, uniqueName } from '@quad/common/src/testing';
import { COLLEGES, seedColleges } from '../src/domain/colleges';
import { authModels } from '../src/models';
import { userModel } from '../src/models/user-model';
import {
  type AuthTestApp,
  MIT,
  STANFORD,
  STUDENT_PASSWORD,
  newStudent,
  registerStudent,
  sessionCookie,
  startAuthApp,
} from './auth-test-app';

describe('colleges, registration and login', () => {
  let auth: AuthTestApp;

  beforeAll(async () => {
    auth = await startAuthApp();
  });
  afterAll(() => auth.close());

  describe('GET /api/colleges', () => {
    test('when a visitor lists colleges, then at least 20 real colleges come sorted by name with id, name and initials only', async () => {
      const response = await request(auth.app).get('/api/colleges');

      expect(response.status).toBe(200);
      const colleges = collegeListSchema.parse(response.body);
      expect(colleges.length).toBeGreaterThanOrEqual(20);
      expect(colleges.map((c) => c.name)).toEqual(
        [...colleges.map((c) => c.name)].sort((a, b) => a.localeCompare(b)),
      );
      expect(colleges).toContainEqual({
        id: MIT,
        name: 'Massachusetts Institute of Technology',
        initials: 'MIT',
      });
      expect(colleges).toContainEqual({ id: STANFORD, name: 'Stanford University', initials: 'SU' });
      for (const college of response.body)
        expect(Object.keys(college).sort()).toEqual(['id', 'initials', 'name']);
    });

    test('when three replicas seed the colleges of an empty database at once, then every start succeeds and each college is stored once', async () => {
      const db = auth.runtime.db.useDb(uniqueName('t_auth_seed'));
      try {
        const models = authModels(db);

        await Promise.all([seedColleges(models), seedColleges(models), seedColleges(models)]);

        expect(await models.College.countDocuments()).toBe(COLLEGES.length);
      } finally {
        await db.dropDatabase();
      }
    });
  });

  describe('POST /api/register', () => {
    test('when names carry zero-width, right-to-left-override or NUL characters, then the invisible ones are removed and a control character is refused', async () => {
      const { user } = await registerStudent(auth.app, { firstName: 'A\u200Bda\u200D', lastName: '\u202ELovelace\u2066\uFEFF' });
      expect([user.firstName, user.lastName]).toEqual(['Ada', 'Lovelace']);
      const stored = await userModel(auth.runtime.db).findById(user.id).lean();
      expect([stored?.firstName, stored?.lastName]).toEqual(['Ada', 'Lovelace']);

      const withNul = await request(auth.app).post('/api/register').send(newStudent({ firstName: 'Ada\u0000' }));
      expect(withNul.status).toBe(400);
      expect(withNul.body.message).toBe('Names cannot contain control characters.');
      // Nothing but invisible characters is no name at all.
      const invisible = await request(auth.app).post('/api/register').send(newStudent({ lastName: '\u200B\u202E' }));
      expect(invisible.status).toBe(400);
      expect(invisible.body.message).toBe('Last name is required.');
    });

    test('when a student registers, then they get a token, their user, a session cookie, and an argon2id hash is stored', async () => {
      const body = newStudent({ email: '  Grace.Hopper@MIT.edu ', firstName: ' Grace ', lastName: 'Hopper' });

      const response = await request(auth.app).post('/api/register').send(body);

      expect(response.status).toBe(201);
      expect(typeof response.body.authToken).toBe('string');
      const user = userSchema.parse(response.body.user);
      expect(user).toMatchObject({
        email: 'grace.hopper@mit.edu',
        firstName: 'Grace',
        lastName: 'Hopper',
        college: 'Massachusetts Institute of Technology',
        collegeId: MIT,
        collegeInitials: 'MIT',
        profileColor: '#3B82F6',
        profileImageUrl: null,
        isAdmin: false,
        isAnonymousAdmin: false,
        // Not before the e-mailed link is opened (verify-email.test.ts).
        isVerified: false,
        emailConfirmed: false,
        tutorialCompleted: false,
        subscriptionExpiresAt: null,
      });
      expect(response.text).not.toMatch(/argon2|passwordHash/);
      const cookie = sessionCookie(response);
      expect(cookie).toContain(`quad_session=${response.body.authToken}`);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).not.toMatch(/Secure/);
      const stored = await userModel(auth.runtime.db).findById(user.id).lean();
      expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
      expect(stored?.passwordHash).not.toContain(STUDENT_PASSWORD);
    });

    test.each([
      ['an address at the college domain', true, 'someone@mit.edu', MIT],
      ['an address at a subdomain of the college domain', true, 'someone@csail.mit.edu', MIT],
      ['a second listed domain of the college', true, 'someone@college.harvard.edu', '3'],
      ['a personal address', false, 'someone@gmail.com', MIT],
      ['another college’s address', false, 'someone@stanford.edu', MIT],
      ['a look-alike domain', false, 'someone@notmit.edu', MIT],
    ])('when a student registers with %s and confirms it, then isVerified is %s', async (_case, verified, email, college) => {
      const unique = email.replace(
        'someone',
        `someone${Date.now()}${Math.random().toString(36).slice(2, 6)}`,
      );

      const { user } = await registerStudent(auth.app, { email: unique, college });

      expect(user.isVerified).toBe(verified);
    });

    test('when the e-mail is already registered (in any letter case), then 409 Email already exists.', async () => {
      const { body } = await registerStudent(auth.app);

      const response = await request(auth.app)
        .post('/api/register')
        .send({ ...body, email: body.email.toUpperCase() });

      expect(response.status).toBe(409);
      expect(response.body).toEqual({ message: 'Email already exists.' });
    });

    test('when the college does not exist, then 400 and no account is made', async () => {
      const body = newStudent({ college: '999' });

      const response = await request(auth.app).post('/api/register').send(body);

      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message: AUTH_MESSAGES.unknownCollege });
      expect(await userModel(auth.runtime.db).exists({ accountKey: body.email })).toBeNull();
    });

    test.each([
      ['the password is short', { password: 'seven77' }, 'Password must be at least 8 characters.'],
      ['the e-mail is malformed', { email: 'not-an-email' }, 'Please enter a valid email address.'],
      ['the e-mail is blank', { email: '' }, 'Email is required.'],
      ['the first name is blank', { firstName: '   ' }, 'First name is required.'],
      ['the last name is blank', { lastName: '' }, 'Last name is required.'],
      ['no college is chosen', { college: '' }, 'Please select your college.'],
    ])('when %s, then 400 with its message', async (_case, override, message) => {
      const response = await request(auth.app).post('/api/register').send(newStudent(override));

      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message });
    });

    test.each(['email', 'password', 'firstName', 'lastName', 'college'])(
      'when %s is missing, then 400 naming the field',
      async (field) => {
        const body: Record<string, string> = newStudent();
        delete body[field];

        const response = await request(auth.app).post('/api/register').send(body);

        expect(response.status).toBe(400);
        expect(response.body).toEqual({ message: `${field} is required.` });
      },
    );
  });

  describe('POST /api/login', () => {
    test('when an unknown e-mail signs in, then the answer takes as long as a wrong password for a real account (no enumeration by timing)', async () => {
      const timed = async (email: string) => {
        const started = process.hrtime.bigint();
        const response = await request(auth.app).post('/api/login').send({ email, password: 'not-the-password' });
        expect(response.status).toBe(401);
        return Number(process.hrtime.bigint() - started) / 1e6;
      };
      // Alternated, so load from elsewhere on the machine falls on both alike; each side's fastest
      // answer is its cost without that load. A burst of load can still land on one side's every
      // try, so up to three batches are measured: a real difference (an unknown e-mail skipping the
      // hash answers in a fraction of the time) shows in every batch.
      let ratio = 0;
      for (let batch = 0; batch < 3 && !(ratio > 0.7 && ratio < 1.4); batch += 1) {
        // A student of its own per batch: an address's failures at one account are limited to 10.
        const { body } = await registerStudent(auth.app);
        const unknown: number[] = [];
        const wrong: number[] = [];
        for (let round = 0; round < 8; round += 1) {
          unknown.push(await timed(`nobody${batch}.${round}.${Date.now()}@mit.edu`));
          wrong.push(await timed(body.email));
        }
        ratio = Math.min(...unknown) / Math.min(...wrong);
      }
      expect(ratio).toBeGreaterThan(0.7);
      expect(ratio).toBeLessThan(1.4);
    });

    test('when a student signs in (any letter case, stray spaces), then they get a working token and a session cookie', async () => {
      const { body, user } = await registerStudent(auth.app);

      const response = await request(auth.app)
        .post('/api/login')
        .send({ email: ` ${body.email.toUpperCase()} `, password: body.password });

      expect(response.status).toBe(200);
      expect(userSchema.parse(response.body.user)).toMatchObject({ id: user.id, email: body.email });
      expect(response.text).not.toMatch(/argon2|passwordHash/);
      expect(sessionCookie(response)).toContain(`quad_session=${response.body.authToken}`);
      const me = await request(auth.app).get('/api/auth/user').set(bearer(response.body.authToken));
      expect(me.body.id).toBe(user.id);
    });

    test('when the password is wrong, then 401 Invalid email or password. and no cookie', async () => {
      const { body } = await registerStudent(auth.app);

      const response = await request(auth.app)
        .post('/api/login')
        .send({ email: body.email, password: 'wrong-password' });

      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: 'Invalid email or password.' });
      expect(sessionCookie(response)).toBeUndefined();
    });

    test('when the e-mail is unknown, then the same 401 message as a wrong password', async () => {
      const response = await request(auth.app)
        .post('/api/login')
        .send({ email: 'nobody@mit.edu', password: STUDENT_PASSWORD });

      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: 'Invalid email or password.' });
    });

    test.each([
      [{ password: STUDENT_PASSWORD }, 'email is required.'],
      [{ email: 'a@mit.edu' }, 'password is required.'],
      [{ email: 'a@mit.edu', password: '' }, 'Password is required.'],
      [{ email: 'nope', password: STUDENT_PASSWORD }, 'Please enter a valid email address.'],
    ])('when the body is %j, then 400 %s', async (body, message) => {
      const response = await request(auth.app).post('/api/login').send(body);

      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message });
    });

    test('when the e-mail field carries a query operator, then it is refused as invalid, not run as a query', async () => {
      const response = await request(auth.app)
        .post('/api/login')
        .send({ email: { $ne: null }, password: STUDENT_PASSWORD });

      expect(response.status).toBe(400);
    });
  });
});
