import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import {
  type ServiceProcess,
  testToken,
  type TestRedisServer,
  bearer,
  startServiceProcess,
  startTestRedis,
  uniqueName,
  waitFor,
} from '@quad/common/src/testing';

/**
 * Bans and signed-out tokens are read from Redis on every call, but live in moderation's and
 * auth's databases: a Redis that restarts empty must never let a banned student or a signed-out
 * token back in, not even for a moment, and must let everyone else back in once restored. A Redis
 * that hangs fails those checks closed, fast and clearly, while the API's flood ceilings fail open.
 * auth, moderation and the gateway run as processes on a Redis of this file's own.
 */
describe('Redis outages', () => {
  let redis: TestRedisServer;
  let auth: ServiceProcess;
  let moderation: ServiceProcess;
  let gateway: ServiceProcess;
  const ADMIN_PASSWORD = 'redis-restart-admin';

  async function call(token: string | null, method: string, path: string, body?: unknown) {
    const response = await fetch(`${gateway.url}${path}`, {
      method,
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
      headers: { ...(token ? bearer(token) : {}), ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = text;
    }
    return { status: response.status, body: parsed as Record<string, unknown> };
  }

  const PASSWORD = 'correct-horse-battery';

  async function register() {
    const tag = randomBytes(4).toString('hex');
    const email = `restart.${tag}@mit.edu`;
    const response = await call(null, 'POST', '/api/register', {
      email,
      password: PASSWORD,
      firstName: 'Rosa',
      lastName: 'Restart',
      college: '1',
    });
    expect(response.status).toBe(201);
    return { id: (response.body.user as { id: string }).id, token: response.body.authToken as string, email };
  }

  /** Status and how long the call took. */
  async function timed(token: string | null, method: string, path: string, body?: unknown) {
    const started = Date.now();
    const response = await call(token, method, path, body).catch((err: Error) => ({ status: 0, body: { message: err.message } }));
    return { ...response, ms: Date.now() - started };
  }

  beforeAll(async () => {
    redis = await startTestRedis();
    const shared = { REDIS_URL: redis.url, EVENTS_REPLAY: 'new' };
    [auth, moderation] = await Promise.all([
      startServiceProcess({
        service: 'auth',
        env: { ...shared, DB_NAME: uniqueName('restart_auth'), CONSUMER_PREFIX: uniqueName('restart_auth'), ADMIN_PASSWORD },
      }),
      startServiceProcess({
        service: 'moderation',
        env: { ...shared, DB_NAME: uniqueName('restart_mod'), CONSUMER_PREFIX: uniqueName('restart_mod') },
      }),
    ]);
    gateway = await startServiceProcess({
      service: 'gateway',
      readyPath: '/healthz',
      env: { ...shared, AUTH_URL: auth.url, MODERATION_URL: moderation.url },
    });
  }, 120_000);

  afterAll(async () => {
    await Promise.all([gateway?.stop(), auth?.stop(), moderation?.stop()]);
    await redis?.stop();
  });

  it('when Redis restarts empty, then a signed-out token and a banned student stay refused, and everyone else gets back in', async () => {
    const signedOut = await register();
    const banned = await register();
    const bystander = await register();
    // An admin's token as auth signs one (the admin sign-in itself is auth's own tests' business).
    const adminToken = testToken({ userId: new mongoose.Types.ObjectId().toHexString(), isAdmin: true });

    expect((await call(signedOut.token, 'POST', '/api/logout')).status).toBe(303);
    expect((await call(signedOut.token, 'GET', '/api/auth/user')).status).toBe(401);
    // Moderation learns of the new student from auth's event.
    await waitFor(async () => {
      const response = await call(adminToken, 'POST', '/api/admin/ban-user', { userId: banned.id, reason: 'Spam', banDuration: 24 });
      return response.status === 201;
    });
    expect((await call(banned.token, 'GET', '/api/auth/user')).status).toBe(403);

    await redis.restart('SIGKILL');

    // From the first call after the restart until both are restored, neither is ever let in.
    const seen = { signedOut: new Set<number>(), banned: new Set<number>() };
    const restored = waitFor(
      async () => {
        const [a, b] = await Promise.all([
          call(signedOut.token, 'GET', '/api/auth/user'),
          call(banned.token, 'GET', '/api/auth/user'),
        ]);
        seen.signedOut.add(a.status);
        seen.banned.add(b.status);
        return a.status === 401 && b.status === 403;
      },
      { timeoutMs: 20_000, intervalMs: 20 },
    ).catch(() => false);
    await restored;
    expect([...seen.signedOut].filter((status) => status !== 401 && status !== 503)).toEqual([]);
    expect([...seen.banned].filter((status) => status !== 403 && status !== 503)).toEqual([]);
    expect(await restored).toBe(true);
    expect((await call(banned.token, 'GET', '/api/auth/user')).body).toMatchObject({ message: 'Account suspended', reason: 'Spam' });
    expect((await call(bystander.token, 'GET', '/api/auth/user')).status).toBe(200);
  }, 90_000);

  it('when Redis is flushed (it keeps running), then the deny-list is restored the same way', async () => {
    const signedOut = await register();
    expect((await call(signedOut.token, 'POST', '/api/logout')).status).toBe(303);
    const flusher = await import('ioredis').then(({ Redis }) => new Redis(redis.url));
    await flusher.flushall();
    flusher.disconnect();
    const seen = new Set<number>();
    const restored = await waitFor(
      async () => {
        const { status } = await call(signedOut.token, 'GET', '/api/auth/user');
        seen.add(status);
        return status === 401;
      },
      { timeoutMs: 20_000, intervalMs: 20 },
    ).catch(() => false);
    expect([...seen].filter((status) => status !== 401 && status !== 503)).toEqual([]);
    expect(restored).toBe(true);
  }, 60_000);

  it('when Redis hangs (SIGSTOP), then signed-in calls and sign-in answer 503 within 5 s, anonymous pages still work, and all recovers after SIGCONT', async () => {
    const student = await register();
    expect((await call(student.token, 'GET', '/api/auth/user')).status).toBe(200);
    redis.pause();
    try {
      const [signedIn, signIn, anonymous] = await Promise.all([
        timed(student.token, 'GET', '/api/auth/user'),
        timed(null, 'POST', '/api/login', { email: student.email, password: PASSWORD }),
        timed(null, 'GET', '/api/colleges'),
      ]);
      // Fail closed (the deny-list and bans cannot be read; nor can sign-in's guessing limits), fast and said.
      expect(signedIn).toMatchObject({ status: 503 });
      expect(signedIn.ms).toBeLessThan(5000);
      expect(String(signedIn.body.message)).toMatch(/try again/i);
      expect(signIn).toMatchObject({ status: 503 });
      expect(signIn.ms).toBeLessThan(5000);
      // The flood ceilings fail open: the register page's college list still loads.
      expect(anonymous).toMatchObject({ status: 200 });
      expect(anonymous.ms).toBeLessThan(5000);
      // And again, now that the ceilings no longer ask Redis.
      expect((await timed(null, 'GET', '/api/colleges')).ms).toBeLessThan(1000);
    } finally {
      redis.resume();
    }
    expect(await waitFor(async () => (await call(student.token, 'GET', '/api/auth/user')).status === 200, { timeoutMs: 15_000 })).toBe(true);
    expect((await call(null, 'POST', '/api/login', { email: student.email, password: PASSWORD })).status).toBe(200);
  }, 60_000);
});
