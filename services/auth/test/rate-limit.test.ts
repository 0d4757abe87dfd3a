import request from 'supertest';
import { auditLogModel } from '../src/models/audit-log-model';
import { createApp } from '../src/app';
import {
  type AuthTestApp,
  STUDENT_PASSWORD,
  TEST_ADMIN_PASSWORD,
  newStudent,
  registerStudent,
  startAuthApp,
} from './auth-test-app';

/** A refusal: 429, Retry-After in seconds, and a message naming the minutes to wait (window: 15 min, register 1 h). */
function expectRefused(response: request.Response, minutes = 15) {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan((minutes - 1) * 60);
  expect(retryAfter).toBeLessThanOrEqual(minutes * 60);
  expect(response.body).toEqual({ message: `Too many attempts, try again in ${minutes} minutes.` });
}

/** The gateway forwards the client address; each test plays a different client. */
const fromIp = (ip: string) => ({ 'X-Forwarded-For': ip });

describe('rate limits', () => {
  let auth: AuthTestApp;

  beforeAll(async () => {
    auth = await startAuthApp({
      RATE_LIMIT_LOGIN_PER_IP: '4',
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '2',
      RATE_LIMIT_REGISTER_PER_IP: '2',
      RATE_LIMIT_ADMIN_PER_IP: '2',
    });
  });
  afterAll(() => auth.close());

  test('when one account is guessed at from several addresses, then the account limit answers 429', async () => {
    const { body } = await registerStudent(auth.app);
    const attempt = (ip: string, password = 'wrong-password') =>
      request(auth.app)
        .post('/api/login')
        .set(fromIp(ip))
        .send({ email: body.email.toUpperCase(), password });

    expect((await attempt('198.51.100.1')).status).toBe(401);
    expect((await attempt('198.51.100.2')).status).toBe(401);
    const blocked = await attempt('198.51.100.3', STUDENT_PASSWORD);

    expectRefused(blocked);
  });

  test('when one address tries many accounts, then the address limit answers 429', async () => {
    const attempt = (n: number) =>
      request(auth.app)
        .post('/api/login')
        .set(fromIp('198.51.100.10'))
        .send({ email: `nobody${n}@mit.edu`, password: 'whatever1' });

    for (let n = 1; n <= 4; n += 1) expect((await attempt(n)).status).toBe(401);
    const blocked = await attempt(5);

    expectRefused(blocked);
    expect(blocked.headers['ratelimit-policy']).toBeDefined();
  });

  test('when students sign in successfully from one address, then only failed attempts count against it', async () => {
    // Registered from addresses of their own: this file's registration limit is 2 per address.
    const students = await Promise.all(
      [1, 2, 3].map(async (n) => {
        const body = newStudent();
        expect((await request(auth.app).post('/api/register').set(fromIp(`203.0.113.${n}`)).send(body)).status).toBe(201);
        return { body };
      }),
    );
    const signIn = (email: string, password = STUDENT_PASSWORD) =>
      request(auth.app).post('/api/login').set(fromIp('198.51.100.15')).send({ email, password });

    for (let round = 0; round < 2; round += 1) {
      for (const { body } of students) expect((await signIn(body.email)).status).toBe(200);
    }
    for (let n = 1; n <= 4; n += 1) expect((await signIn(`nobody${n}@mit.edu`, 'wrong-password')).status).toBe(401);

    expectRefused(await signIn(students[0]!.body.email));
  });

  test('when one address registers too often, then 429', async () => {
    const register = () =>
      request(auth.app).post('/api/register').set(fromIp('198.51.100.20')).send(newStudent());

    expect((await register()).status).toBe(201);
    expect((await register()).status).toBe(201);
    const blocked = await register();

    expectRefused(blocked, 60);
  });

  test('when the admin password is guessed too often, then 429 even for the right password', async () => {
    const attempt = (adminPassword: string) =>
      request(auth.app).post('/api/register-admin').set(fromIp('198.51.100.30')).send({ adminPassword });

    expect((await attempt('guess-one')).status).toBe(401);
    expect((await attempt('guess-two')).status).toBe(401);
    const blocked = await attempt(TEST_ADMIN_PASSWORD);

    expectRefused(blocked);
  });

  test('when a client puts addresses of its own before the one the gateway appended, then auth counts the gateway’s', async () => {
    // The gateway appends the address it worked out; a private one is no proxy (a laptop on a campus LAN).
    const attempt = (claimed: string) =>
      request(auth.app).post('/api/register-admin').set(fromIp(`${claimed}, 10.20.30.40`)).send({ adminPassword: 'guess' });

    expect((await attempt('198.51.100.51')).status).toBe(401);
    expect((await attempt('198.51.100.52')).status).toBe(401);
    expect((await attempt('198.51.100.53')).status).toBe(429);
    const denied = await auditLogModel(auth.runtime.db).find({ action: 'admin.anonymous-denied', ip: '10.20.30.40' }).lean();
    expect(denied).toHaveLength(2);
  });

  test('when two replicas serve the same client, then they share one count in Redis', async () => {
    const replicaA = auth.app;
    const replicaB = createApp(auth.runtime);
    const attempt = (app: typeof replicaA) =>
      request(app).post('/api/register-admin').set(fromIp('198.51.100.40')).send({ adminPassword: 'guess' });

    expect((await attempt(replicaA)).status).toBe(401);
    expect((await attempt(replicaB)).status).toBe(401);

    expect((await attempt(replicaA)).status).toBe(429);
  });
});
