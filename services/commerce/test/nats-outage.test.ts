import type { EventEnvelope } from '@quad/contracts';
import { type ServiceRuntime, createLogger, createRuntime } from '@quad/common';
import {
  type ServiceProcess,
  type TestServer,
  type TestUser,
  announceTestUser,
  bearer,
  recordPublished,
  startServiceProcess,
  startTestNats,
  uniqueName,
  waitFor,
} from '@quad/common/src/testing';
import { type Config, loadServiceConfig } from '../src/config';

/**
 * The outbox lets writes go on without NATS: while NATS hangs (SIGSTOP), a commerce process stays
 * ready (its /readyz names NATS as degraded), its writes answer as fast as before, and once NATS
 * is back every event reaches its consumers once. On a NATS server of this file's own.
 */
describe('when NATS hangs', () => {
  const dbName = uniqueName('nats_outage');
  let nats: TestServer;
  let commerce: ServiceProcess;
  let observer: ServiceRuntime<Config>;
  let published: Array<EventEnvelope<unknown>>;
  let admin: TestUser;

  const grant = async (email: string) => {
    const started = Date.now();
    const response = await fetch(`${commerce.url}/api/admin/manual-subscription`, {
      method: 'POST',
      headers: { ...bearer(admin.token), 'Content-Type': 'application/json' },
      body: JSON.stringify({ userEmail: email, months: 1 }),
      signal: AbortSignal.timeout(10_000),
    });
    return { status: response.status, ms: Date.now() - started };
  };
  const readiness = async () => {
    const response = await fetch(`${commerce.url}/readyz`, { signal: AbortSignal.timeout(10_000) });
    return { status: response.status, body: (await response.json()) as { status: string; components: Record<string, { status: string }> } };
  };

  beforeAll(async () => {
    nats = await startTestNats();
    commerce = await startServiceProcess({
      service: 'commerce',
      env: { NATS_URL: nats.url, DB_NAME: dbName, CONSUMER_PREFIX: dbName, EVENTS_REPLAY: 'new' },
    });
    observer = await createRuntime({
      service: 'commerce',
      config: loadServiceConfig({ ...process.env, NATS_URL: nats.url }),
      dbName,
      consumerPrefix: uniqueName('nats_observer'),
      logger: createLogger('commerce-observer', 'silent'),
    });
    published = await recordPublished(observer, ['commerce.subscription.updated']);
    admin = await announceTestUser(observer, { collegeId: 'college-a', subscribed: false, isAdmin: true });
  }, 120_000);

  afterAll(async () => {
    await commerce?.stop();
    await observer?.db.dropDatabase().catch(() => undefined);
    await observer?.close();
    await nats?.stop();
  });

  test('then the service stays ready, writes answer without waiting for it, and every event arrives once after SIGCONT', async () => {
    const students = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map(() => announceTestUser(observer, { collegeId: 'college-a', subscribed: false })));
    // The same writes with NATS up: what they cost on this machine now (it may be busy).
    const before: Array<{ status: number; ms: number }> = [];
    for (const student of students.slice(0, 3)) before.push(await grant(student.email));
    expect(before.map((answer) => answer.status)).toEqual([200, 200, 200]);

    nats.pause();
    let during: Array<{ status: number; ms: number }> = [];
    let ready: Awaited<ReturnType<typeof readiness>>;
    try {
      for (const student of students.slice(3)) during.push(await grant(student.email));
      ready = await readiness();
    } finally {
      nats.resume();
    }
    expect(during.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    // The first write of the outage may wait for NATS once (up to a second); the rest do not wait:
    // they cost what they cost with NATS up, not a second more each.
    const median = (answers: Array<{ ms: number }>) => answers.map((answer) => answer.ms).sort((a, b) => a - b)[Math.floor(answers.length / 2)]!;
    expect(median(during.slice(1))).toBeLessThan(median(before) + 600);
    expect(ready!.status).toBe(200);
    expect(ready!.body.status).toBe('degraded');
    expect(ready!.body.components.nats!.status).toBe('error');
    expect(ready!.body.components.mongodb!.status).toBe('ok');

    // Every write's event arrives once NATS is back, each once.
    const ids = new Set(students.map((student) => student.id));
    await waitFor(
      () => new Set(published.filter((event) => ids.has((event.data as { userId: string }).userId)).map((e) => (e.data as { userId: string }).userId)).size === students.length,
      { timeoutMs: 30_000 },
    );
    const eventIds = published.filter((event) => ids.has((event.data as { userId: string }).userId)).map((event) => event.id);
    expect(new Set(eventIds).size).toBe(eventIds.length);
    expect(eventIds).toHaveLength(students.length);
    await waitFor(async () => (await readiness()).body.status === 'ok', { timeoutMs: 20_000 });
    process.stderr.write(
      `[nats outage] writes before: ${before.map((answer) => `${answer.ms} ms`).join(', ')}; during: ${during.map((answer) => `${answer.ms} ms`).join(', ')}\n`,
    );
  }, 120_000);
});
