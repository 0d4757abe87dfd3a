import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import {
  type ServiceProcess,
  testToken,
  type TestServer,
  startServiceProcess,
  startTestRedis,
  uniqueName,
  waitFor,
} from '@quad/common/src/testing';
import { call, sleep, summary } from './support';

/**
 * SIGSTOP Redis for 15 s under load, then SIGCONT; then kill it and start it empty. Two processes
 * of auth and moderation, each pair behind its own gateway. A ban and the token deny-list never
 * fail open; every signed-in call is a fast 503 or a right answer, never a hang (5 s at most); the API's flood
 * ceilings fail open, so the anonymous college list keeps loading; all recovers by itself.
 */
describe('Redis frozen for 15 s, then restarted empty', () => {
  let redis: TestServer;
  const processes: ServiceProcess[] = [];
  const gateways: string[] = [];
  const PASSWORD = 'correct-horse-battery';
  const ADMIN_PASSWORD = 'faults-admin-password';

  beforeAll(async () => {
    redis = await startTestRedis();
    const shared = { REDIS_URL: redis.url };
    const authEnv = { ...shared, DB_NAME: uniqueName('faults_auth'), CONSUMER_PREFIX: uniqueName('faults_auth'), ADMIN_PASSWORD };
    const moderationEnv = { ...shared, DB_NAME: uniqueName('faults_mod'), CONSUMER_PREFIX: uniqueName('faults_mod') };
    const [auth1, auth2, mod1, mod2] = await Promise.all([
      startServiceProcess({ service: 'auth', env: authEnv }),
      startServiceProcess({ service: 'auth', env: authEnv }),
      startServiceProcess({ service: 'moderation', env: moderationEnv }),
      startServiceProcess({ service: 'moderation', env: moderationEnv }),
    ]);
    processes.push(auth1!, auth2!, mod1!, mod2!);
    const pairs = [
      [auth1!, mod1!],
      [auth2!, mod2!],
    ] as const;
    for (const [auth, moderation] of pairs) {
      const gateway = await startServiceProcess({
        service: 'gateway',
        readyPath: '/healthz',
        env: { ...shared, AUTH_URL: auth.url, MODERATION_URL: moderation.url, API_ANONYMOUS_RATE_LIMIT_PER_MINUTE: '100000' },
      });
      processes.push(gateway);
      gateways.push(gateway.url);
    }
  }, 180_000);

  afterAll(async () => {
    await Promise.all(processes.map((process) => process.stop()));
    await redis?.stop();
  });

  async function register(gateway: string) {
    const email = `faults.${randomBytes(4).toString('hex')}@mit.edu`;
    const response = await call(gateway, null, 'POST', '/api/register', { email, password: PASSWORD, firstName: 'Fay', lastName: 'Ult', college: '1' });
    expect(response.status).toBe(201);
    return { id: (response.body.user as { id: string }).id, token: response.body.authToken as string, email };
  }

  test('then bans and sign-outs never fail open, nothing hangs, anonymous pages keep working, and all recovers', async () => {
    const [g1, g2] = gateways as [string, string];
    const student = await register(g1);
    const banned = await register(g2);
    const signedOut = await register(g1);
    const adminToken = testToken({ userId: new mongoose.Types.ObjectId().toHexString(), isAdmin: true });
    expect((await call(g2, signedOut.token, 'POST', '/api/logout')).status).toBe(303);
    await waitFor(async () => (await call(g1, adminToken, 'POST', '/api/admin/ban-user', { userId: banned.id, reason: 'Spam', banDuration: 24 })).status === 201);

    type Probe = { who: string; token: string | null; path: string; allowed: number[] };
    const probes: Probe[] = [
      { who: 'student', token: student.token, path: '/api/auth/user', allowed: [200, 503] },
      { who: 'banned', token: banned.token, path: '/api/auth/user', allowed: [403, 503] },
      { who: 'signed-out', token: signedOut.token, path: '/api/auth/user', allowed: [401, 503] },
      { who: 'visitor', token: null, path: '/api/colleges', allowed: [200] },
    ];
    const outcomes: Array<{ who: string; status: number; ms: number; phase: string }> = [];
    const load = async (phase: string, untilMs: number) => {
      while (Date.now() < untilMs) {
        const round = await Promise.all(
          gateways.flatMap((gateway) => probes.map(async (probe) => ({ probe, answer: await call(gateway, probe.token, 'GET', probe.path, undefined, 10_000) }))),
        );
        for (const { probe, answer } of round) outcomes.push({ who: probe.who, status: answer.status, ms: answer.ms, phase });
        await sleep(100);
      }
    };

    // 15 s frozen.
    redis.pause();
    try {
      await load('frozen', Date.now() + 15_000);
    } finally {
      redis.resume();
    }
    await waitFor(async () => (await call(g2, student.token, 'GET', '/api/auth/user')).status === 200, { timeoutMs: 15_000 });

    // Killed and started empty: nothing it held may be missed.
    await redis.restart('SIGKILL');
    await load('restarted', Date.now() + 5_000);
    await waitFor(
      async () =>
        (await Promise.all(gateways.map((gateway) => call(gateway, banned.token, 'GET', '/api/auth/user')))).every((answer) => answer.status === 403),
      { timeoutMs: 15_000 },
    );

    const wrong = outcomes.filter((outcome) => !probes.find((probe) => probe.who === outcome.who)!.allowed.includes(outcome.status));
    // A Redis command times out after 1.5 s; on a busy machine the answer may take twice that, never the gateway's 15 s.
    const hung = outcomes.filter((outcome) => outcome.ms > 5000);
    const slowest = Math.max(...outcomes.map((outcome) => outcome.ms));
    const admittedWrongly = outcomes.filter((outcome) => (outcome.who === 'banned' || outcome.who === 'signed-out') && outcome.status === 200);
    summary({
      scenario: 'Redis SIGSTOP 15 s, then SIGKILL and an empty restart',
      injected: 'SIGSTOP+SIGCONT, SIGKILL+restart of Redis',
      requests: outcomes.length,
      messages: 0,
      lost: 0,
      duplicated: 0,
      notes:
        `${outcomes.filter((outcome) => outcome.status === 503).length} answered 503, banned or signed-out let in ${admittedWrongly.length}, ` +
        `slower than 5 s ${hung.length} (slowest ${slowest} ms), visitor pages failed ${outcomes.filter((outcome) => outcome.who === 'visitor' && outcome.status !== 200).length}`,
    });
    expect(admittedWrongly).toEqual([]);
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(hung.slice(0, 5)).toEqual([]);
    for (const gateway of gateways) {
      expect((await call(gateway, student.token, 'GET', '/api/auth/user')).status).toBe(200);
      expect((await call(gateway, signedOut.token, 'GET', '/api/auth/user')).status).toBe(401);
    }
  });
});
