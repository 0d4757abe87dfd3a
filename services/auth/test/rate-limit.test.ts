import request from 'supertest';
import { createApp } from '../src/app';
import {
  type AuthTestApp,
  STUDENT_PASSWORD,
  TEST_ADMIN_PASSWORD,
  newStudent,
  registerStudent,
  startAuthApp,
} from './auth-test-app';

const TOO_MANY = { message: 'Too many attempts. Please wait a few minutes and try again.' };

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

    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual(TOO_MANY);
  });

  test('when one address tries many accounts, then the address limit answers 429', async () => {
    const attempt = (n: number) =>
      request(auth.app)
        .post('/api/login')
        .set(fromIp('198.51.100.10'))
        .send({ email: `nobody${n}@mit.edu`, password: 'whatever1' });

    for (let n = 1; n <= 4; n += 1) expect((await attempt(n)).status).toBe(401);
    const blocked = await attempt(5);

    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual(TOO_MANY);
    expect(blocked.headers['ratelimit-policy']).toBeDefined();
  });

  test('when one address registers too often, then 429', async () => {
    const register = () =>
      request(auth.app).post('/api/register').set(fromIp('198.51.100.20')).send(newStudent());

    expect((await register()).status).toBe(201);
    expect((await register()).status).toBe(201);
    const blocked = await register();

    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual(TOO_MANY);
  });

  test('when the admin password is guessed too often, then 429 even for the right password', async () => {
    const attempt = (adminPassword: string) =>
      request(auth.app).post('/api/register-admin').set(fromIp('198.51.100.30')).send({ adminPassword });

    expect((await attempt('guess-one')).status).toBe(401);
    expect((await attempt('guess-two')).status).toBe(401);
    const blocked = await attempt(TEST_ADMIN_PASSWORD);

    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual(TOO_MANY);
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
