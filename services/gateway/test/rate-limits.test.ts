/**
 * Rate limits that fit a campus, through the gateway and the real auth service as a browser's
 * calls flow (gateway → auth, client address forwarded), with the limits' shipped defaults unless
 * a test says otherwise: a whole college often reaches Quad through one public address.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Express } from 'express';
import request from 'supertest';
import type { ServiceRuntime } from '@quad/common';
import { createTestRuntime, destroyTestRuntime, testToken } from '@quad/common/src/testing';
import { tooManyAttemptsMessage } from '@quad/contracts';
import { createApp as createAuthApp } from '@quad/auth/src/app';
import { type Config as AuthConfig, loadServiceConfig } from '@quad/auth/src/config';
import { prepareAuth } from '@quad/auth/src/setup';
import { authServiceContext } from '@quad/auth/src/domain/context';
import { authRateLimits } from '@quad/auth/src/routes/rate-limits';
import { createApp as createGatewayApp } from '../src/app';
import { loadGatewayConfig } from '../src/config';

/** The campus: every student's browser reaches Quad through this one public address. */
const CAMPUS = { 'X-Forwarded-For': '198.51.100.77' };
const PASSWORD = 'correct-horse-battery';
const run = Date.now().toString(36);

const student = (n: number) => ({
  email: `student${n}.${run}@mit.edu`,
  password: PASSWORD,
  firstName: 'Ada',
  lastName: `Campus${n}`,
  college: '1',
});

describe('rate limits on a campus behind one address', () => {
  const runtimes: ServiceRuntime[] = [];
  let authServer: Server;
  let authConfig: AuthConfig;
  let authRuntime: ServiceRuntime<AuthConfig>;

  /** A gateway in front of the real auth service, with the shipped limits unless `env` changes them. */
  async function gatewayWith(env: Record<string, string> = {}): Promise<Express> {
    const config = loadGatewayConfig({
      ...process.env,
      AUTH_URL: `http://127.0.0.1:${(authServer.address() as AddressInfo).port}`,
      // The test client stands for the campus's ingress: its X-Forwarded-For names the campus address.
      TRUSTED_PROXIES: 'loopback',
      ...env,
    });
    const runtime = await createTestRuntime('gateway', config);
    runtimes.push(runtime);
    return createGatewayApp(runtime).app;
  }

  beforeAll(async () => {
    // The shipped auth limits: only what has no default is given.
    authConfig = loadServiceConfig({ ...process.env, ADMIN_PASSWORD: 'test-admin-pass' });
    authRuntime = await createTestRuntime('auth', authConfig);
    runtimes.push(authRuntime);
    await prepareAuth(authRuntime);
    authServer = await new Promise<Server>((resolve) => {
      const server = createAuthApp(authRuntime).listen(0, '127.0.0.1', () => resolve(server));
    });
  });

  afterAll(async () => {
    authServer.closeAllConnections();
    authServer.close();
    for (const runtime of runtimes) await destroyTestRuntime(runtime);
  });

  test('when 500 students register from one address within the hour, then every registration passes', async () => {
    const gateway = await gatewayWith();
    // The shipped per-address window holds them all: at least an hour, with room for 500 in it.
    expect(authConfig.RATE_LIMIT_REGISTER_WINDOW_SECONDS).toBeGreaterThanOrEqual(3600);
    expect(authConfig.RATE_LIMIT_REGISTER_PER_IP).toBeGreaterThanOrEqual(500);
    // 500 real registrations take about 50 s here (argon2id hashing and FerretDB writes), too long
    // for every run: the first 450 go through auth's own registration limiter (the same middleware,
    // the same Redis counter) in front of a stand-in for the account creation, and the last 50 as a
    // browser's do, through the gateway to the real auth service. QUAD_CAMPUS_FULL=1 sends all 500
    // through the real path.
    const realCount = process.env.QUAD_CAMPUS_FULL === '1' ? 500 : 50;
    const limiterOnly = express();
    limiterOnly.set('trust proxy', 'loopback');
    limiterOnly.post('/api/register', authRateLimits(authServiceContext(authRuntime)).registerPerIp, (_req, res) => {
      res.status(201).json({});
    });

    const statuses: number[] = [];
    for (let n = 1; n <= 500 - realCount; n += 1) {
      statuses.push((await request(limiterOnly).post('/api/register').set(CAMPUS).send(student(n))).status);
    }
    const remaining: number[] = [];
    await inParallel(500 - realCount + 1, 500, async (n) => {
      const response = await request(gateway).post('/api/register').set(CAMPUS).send(student(n));
      statuses.push(response.status);
      remaining.push(Number(/r=(\d+)/.exec(String(response.headers.ratelimit))?.[1]));
    });

    expect(statuses.filter((status) => status !== 201)).toEqual([]);
    expect(statuses).toHaveLength(500);
    // One counter for the address saw all 500, in one window.
    expect(Math.min(...remaining)).toBe(authConfig.RATE_LIMIT_REGISTER_PER_IP - 500);
    expect(await authRuntime.db.collection('users').countDocuments({ email: { $regex: `\\.${run}@mit\\.edu$` } })).toBe(realCount);
  }, 180_000);

  test('when a script tries 200 wrong passwords for one account from one address, then that address is stopped after a few and the student still signs in from theirs', async () => {
    const gateway = await gatewayWith();
    const target = student(1000);
    expect((await request(gateway).post('/api/register').set(CAMPUS).send(target)).status).toBe(201);
    const signIn = (password: string) =>
      request(gateway).post('/api/login').set(CAMPUS).send({ email: target.email, password });

    const statuses: number[] = [];
    let refused: request.Response | undefined;
    for (let attempt = 1; attempt <= 200; attempt += 1) {
      const response = await signIn(`guess-number-${attempt}`);
      statuses.push(response.status);
      if (response.status === 429) refused ??= response;
    }

    const allowed = authConfig.RATE_LIMIT_LOGIN_PER_ADDRESS_AND_ACCOUNT;
    expect(statuses.slice(0, allowed).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(allowed).every((status) => status === 429)).toBe(true);
    const retryAfter = Number(refused!.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(refused!.body).toEqual({ message: tooManyAttemptsMessage(retryAfter) });
    // Even the right password waits at that address: the guesser cannot learn it by trying it now.
    expect((await signIn(PASSWORD)).status).toBe(429);
    // The student, elsewhere, is not locked out by someone else's guessing.
    const owner = await request(gateway).post('/api/login').set('X-Forwarded-For', '203.0.113.200').send({ email: target.email, password: PASSWORD });
    expect(owner.status).toBe(200);
  }, 60_000);

  test('when a client names itself other addresses in X-Forwarded-For, then the gateway still counts its calls against its own address unless its proxy is configured', async () => {
    const limits = { API_ANONYMOUS_RATE_LIMIT_PER_MINUTE: '3' };
    const call = (app: Express, n: number) => request(app).get('/api/colleges').set('X-Forwarded-For', `203.0.113.${n}`);

    // No proxy configured (the default): the connection's address is the client.
    const direct = await gatewayWith({ ...limits, TRUSTED_PROXIES: '' });
    const statuses: number[] = [];
    for (let n = 1; n <= 5; n += 1) statuses.push((await call(direct, n)).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);

    // Behind a configured proxy (here: the test client itself), its X-Forwarded-For names the client.
    const proxied = await gatewayWith({ ...limits, TRUSTED_PROXIES: 'loopback' });
    const spread: number[] = [];
    for (let n = 1; n <= 5; n += 1) spread.push((await call(proxied, n)).status);
    expect(spread).toEqual([200, 200, 200, 200, 200]);
  });

  test('when many signed-in students call through one address, then each account has its own allowance', async () => {
    const gateway = await gatewayWith({ API_RATE_LIMIT_PER_MINUTE: '5', API_ANONYMOUS_RATE_LIMIT_PER_MINUTE: '5' });
    const accounts = Array.from({ length: 12 }, (_, n) => testToken({ userId: `campus-user-${run}-${n}`, collegeId: '1' }));
    const call = (token?: string) => {
      const pending = request(gateway).get('/api/colleges').set(CAMPUS);
      return token ? pending.set('Authorization', `Bearer ${token}`) : pending;
    };

    // 60 signed-in calls from one address, 5 per account: none is refused.
    const statuses = await Promise.all(accounts.flatMap((token) => Array.from({ length: 5 }, () => call(token).then((r) => r.status))));
    expect(statuses.filter((status) => status !== 200)).toEqual([]);

    // The sixth call of one account is refused, and only its own.
    const sixth = await call(accounts[0]);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect(sixth.body).toEqual({ message: expect.stringMatching(/^Too many requests/) });

    // Anonymous calls share the address's allowance; a forged token is anonymous.
    const forged = `${accounts[1]!.slice(0, -4)}AAAA`;
    const anonymous = [];
    for (let n = 0; n < 5; n += 1) anonymous.push((await call(n % 2 ? forged : undefined)).status);
    expect(anonymous).toEqual([200, 200, 200, 200, 200]);
    const refused = await call();
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await call(accounts[2])).status).toBe(429); // its own five are spent too
    expect((await call(testToken({ userId: `campus-user-${run}-new`, collegeId: '1' }))).status).toBe(200);
  });
});

/** Runs `task(n)` for n = from..to, a few at a time (registrations hash passwords: two cores). */
async function inParallel(from: number, to: number, task: (n: number) => Promise<void>, concurrency = 4) {
  let next = from;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next <= to) {
        const n = next;
        next += 1;
        await task(n);
      }
    }),
  );
}
