import request from 'supertest';
import { auditLogModel } from '../src/models/audit-log-model';
import { createApp } from '../src/app';
import {
  type AuthTestApp,
  STUDENT_PASSWORD,
  TEST_ADMIN_PASSWORD,
  newStudent,
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

/** The first wait once failures pass the free ones (shortened for tests; 500 ms shipped). */
const DELAY_MS = 200;

/** A call and how long it took to answer. */
async function timed(call: () => PromiseLike<request.Response>): Promise<{ status: number; ms: number }> {
  const started = Date.now();
  const response = await call();
  return { status: response.status, ms: Date.now() - started };
}

describe('rate limits', () => {
  let registrations = 0;
  /** A student registered from an address of their own (this file allows two registrations per address). */
  async function registered() {
    registrations += 1;
    const body = newStudent();
    expect((await request(auth.app).post('/api/register').set(fromIp(`192.0.2.${registrations}`)).send(body)).status).toBe(201);
    return { body };
  }

  let auth: AuthTestApp;

  beforeAll(async () => {
    auth = await startAuthApp({
      RATE_LIMIT_LOGIN_PER_IP: '4',
      RATE_LIMIT_LOGIN_PER_ADDRESS_AND_ACCOUNT: '3',
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '2',
      LOGIN_DELAY_BASE_MS: String(DELAY_MS),
      LOGIN_DELAY_MAX_MS: String(DELAY_MS * 4),
      RATE_LIMIT_REGISTER_PER_IP: '2',
      RATE_LIMIT_ADMIN_PER_IP: '1',
    });
  });
  afterAll(() => auth.close());

  test('when an attacker fails at one account from several addresses, then nobody is refused: each attempt waits longer, and the owner’s right password still signs in', async () => {
    const { body } = await registered();
    const attempt = (ip: string, password = 'wrong-password') => () =>
      request(auth.app).post('/api/login').set(fromIp(ip)).send({ email: body.email.toUpperCase(), password });

    const guesses = [];
    for (let n = 1; n <= 5; n += 1) guesses.push(await timed(attempt(`198.51.100.${n}`)));
    expect(guesses.map((g) => g.status)).toEqual([401, 401, 401, 401, 401]);
    // Two failures free, then 1, 2, 4 times the delay.
    expect(guesses[2]!.ms).toBeGreaterThanOrEqual(DELAY_MS);
    expect(guesses[3]!.ms).toBeGreaterThanOrEqual(DELAY_MS * 2);
    expect(guesses[4]!.ms).toBeGreaterThanOrEqual(DELAY_MS * 4);

    const owner = await timed(attempt('203.0.113.77', STUDENT_PASSWORD));
    expect(owner.status).toBe(200);
    expect(owner.ms).toBeGreaterThanOrEqual(DELAY_MS * 4); // at most the cap
  });

  test('when one address keeps failing at one account, then that address is refused for that account, and the owner elsewhere signs in', async () => {
    const { body } = await registered();
    const attempt = (ip: string, password = 'wrong-password') =>
      request(auth.app).post('/api/login').set(fromIp(ip)).send({ email: body.email, password });

    for (let n = 1; n <= 3; n += 1) expect((await attempt('198.51.100.9')).status).toBe(401);
    expectRefused(await attempt('198.51.100.9', STUDENT_PASSWORD));
    expect((await attempt('203.0.113.78', STUDENT_PASSWORD)).status).toBe(200);
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

  test('when the admin password is guessed from a campus address, then its attempts slow down and the right password still gets in; only ten times the allowance refuses the address', async () => {
    const attempt = (adminPassword: string) => () =>
      request(auth.app).post('/api/register-admin').set(fromIp('198.51.100.30')).send({ adminPassword, operator: 'rate-tester' });

    expect((await timed(attempt('guess-one'))).status).toBe(401);
    const second = await timed(attempt('guess-two'));
    expect(second.status).toBe(401);
    expect(second.ms).toBeGreaterThanOrEqual(DELAY_MS);
    const admin = await timed(attempt(TEST_ADMIN_PASSWORD));
    expect(admin.status).toBe(201);
    expect(admin.ms).toBeGreaterThanOrEqual(DELAY_MS * 2);

    // A flood of failures (ten times the allowance of one) still stops the address.
    for (let n = 3; n <= 10; n += 1) expect((await timed(attempt(`guess-${n}`))).status).toBe(401);
    expectRefused(await attempt(TEST_ADMIN_PASSWORD)());
  }, 30_000);

  test('when a client puts addresses of its own before the one the gateway appended, then auth counts the gateway’s', async () => {
    // The gateway appends the address it worked out; a private one is no proxy (a laptop on a campus LAN).
    const { body } = await registered();
    const attempt = (claimed: string) =>
      request(auth.app).post('/api/login').set(fromIp(`${claimed}, 10.20.30.40`)).send({ email: body.email, password: 'wrong-password' });
    for (let n = 1; n <= 3; n += 1) expect((await attempt(`198.51.100.5${n}`)).status).toBe(401);
    expectRefused(await attempt('198.51.100.54'));

    await request(auth.app).post('/api/register-admin').set(fromIp('198.51.100.55, 10.20.30.41')).send({ adminPassword: 'guess', operator: 'rate-tester' }).expect(401);
    const denied = await auditLogModel(auth.runtime.db).find({ action: 'admin.anonymous-denied', ip: '10.20.30.41' }).lean();
    expect(denied).toHaveLength(1);
  });

  test('when two replicas serve the same client, then they share one count in Redis', async () => {
    const replicaA = auth.app;
    const replicaB = createApp(auth.runtime);
    const attempt = (app: typeof replicaA) =>
      request(app).post('/api/register-admin').set(fromIp('198.51.100.40')).send({ adminPassword: 'guess', operator: 'rate-tester' });

    const remaining = async (app: typeof replicaA) => Number(/r=(\d+)/.exec(String((await attempt(app)).headers.ratelimit))?.[1]);

    // One count: each replica's answer shows the other's attempts used up too.
    expect([await remaining(replicaA), await remaining(replicaB), await remaining(replicaA)]).toEqual([9, 8, 7]);
  });
});
