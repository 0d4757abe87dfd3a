import type { EventEnvelope } from '@quad/contracts';
import { type ServiceRuntime, createLogger, createRuntime } from '@quad/common';
import {
  type ServiceProcess,
  type TestServer,
  type TestUser,
  announceTestUser,
  recordPublished,
  startServiceProcess,
  startTestNats,
  uniqueName,
  waitFor,
} from '@quad/common/src/testing';
import { type Config, loadServiceConfig } from '@quad/commerce/src/config';
import { call, summary } from './support';

/**
 * SIGSTOP NATS for 20 s while approvals and bans go on through two processes each of commerce and
 * moderation, then SIGCONT. Every write answered 2xx is stored; every event reaches a consumer
 * exactly once after NATS returns (the outbox); readiness says NATS is out without taking any
 * process out of service, and recovers by itself.
 */
describe('NATS frozen for 20 s', () => {
  let nats: TestServer;
  let observer: ServiceRuntime<Config>;
  let published: Array<EventEnvelope<unknown>>;
  const commerce: ServiceProcess[] = [];
  const moderation: ServiceProcess[] = [];
  const commerceDb = uniqueName('faults_nats_commerce');
  const moderationDb = uniqueName('faults_nats_mod');

  beforeAll(async () => {
    nats = await startTestNats();
    const commerceEnv = { NATS_URL: nats.url, DB_NAME: commerceDb, CONSUMER_PREFIX: commerceDb };
    const moderationEnv = { NATS_URL: nats.url, DB_NAME: moderationDb, CONSUMER_PREFIX: moderationDb };
    const started = await Promise.all([
      startServiceProcess({ service: 'commerce', env: commerceEnv }),
      startServiceProcess({ service: 'commerce', env: commerceEnv }),
      startServiceProcess({ service: 'moderation', env: moderationEnv }),
      startServiceProcess({ service: 'moderation', env: moderationEnv }),
    ]);
    commerce.push(started[0]!, started[1]!);
    moderation.push(started[2]!, started[3]!);
    // Announces users as auth does; records every event the services publish; consumes nothing else.
    observer = await createRuntime({
      service: 'commerce',
      config: loadServiceConfig({ ...process.env, NATS_URL: nats.url }),
      dbName: commerceDb,
      consumerPrefix: uniqueName('faults_nats_observer'),
      logger: createLogger('observer', 'silent'),
    });
    published = await recordPublished(observer, ['commerce.payment.approved', 'commerce.subscription.updated', 'moderation.user.banned']);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([...commerce, ...moderation].map((process) => process.stop()));
    await observer?.db.dropDatabase().catch(() => undefined);
    await observer?.db.useDb(moderationDb).dropDatabase().catch(() => undefined);
    await observer?.close();
    await nats?.stop();
  });

  test('then every write answered 2xx is stored, every event arrives once after SIGCONT, and no process goes unready', async () => {
    const admin = await announceTestUser(observer, { collegeId: 'college-a', subscribed: false, isAdmin: true });
    const students: TestUser[] = [];
    for (let i = 0; i < 16; i++) students.push(await announceTestUser(observer, { collegeId: 'college-a', subscribed: false }));
    // Moderation's directory knows them too (it bans only students it knows).
    const moderationUsers = observer.db.useDb(moderationDb).collection('directory_users');
    await waitFor(async () => (await moderationUsers.countDocuments({ _id: { $in: students.map((s) => s.id) } as never })) === students.length, {
      timeoutMs: 20_000,
    });
    const payers = students.slice(0, 8);
    const toBan = students.slice(8);
    const payments = new Map<string, string>();
    for (const [i, student] of payers.entries()) {
      const submitted = await call(commerce[i % 2]!.url, student.token, 'POST', '/api/payments/submit', { venmoUsername: '@nats', notes: '', amount: '10' });
      expect(submitted.status).toBe(201);
      payments.set(student.id, (submitted.body.request as { id: string }).id);
    }

    let requests = 0;
    const approved: string[] = [];
    const banned: string[] = [];
    const readiness: Array<{ status: number; state: unknown }> = [];
    nats.pause();
    const until = Date.now() + 20_000;
    // Readiness, polled on every process through the outage beside the writes.
    const polling = (async () => {
      while (Date.now() < until) {
        const answers = await Promise.all([...commerce, ...moderation].map((process) => call(process.url, null, 'GET', '/readyz')));
        for (const ready of answers) readiness.push({ status: ready.status, state: ready.body.status });
        requests += answers.length;
      }
    })();
    try {
      for (let i = 0; i < Math.max(payers.length, toBan.length) && Date.now() < until; i++) {
        const payer = payers[i];
        if (payer) {
          const answer = await call(commerce[i % 2]!.url, admin.token, 'POST', '/api/admin/update-payment', { id: payments.get(payer.id), status: 'approved' });
          requests += 1;
          if (answer.status === 200) approved.push(payer.id);
        }
        const target = toBan[i];
        if (target) {
          const answer = await call(moderation[i % 2]!.url, admin.token, 'POST', '/api/admin/ban-user', { userId: target.id, reason: 'Spam', banDuration: 24 });
          requests += 1;
          if (answer.status === 201) banned.push(target.id);
        }
      }
      // Hold the outage for its whole 20 s.
      await polling;
    } finally {
      nats.resume();
    }

    // Stored: every 2xx write.
    for (const studentId of approved) {
      const payment = await observer.db.collection('payment_requests').findOne({ _id: payments.get(studentId) as never });
      expect(payment?.status).toBe('approved');
    }
    for (const studentId of banned) {
      const ban = await observer.db.useDb(moderationDb).collection('bans').findOne({ _id: studentId as never });
      expect(ban?.active).toBe(true);
    }
    // Every event, once.
    const of = (subject: string) => published.filter((event) => event.subject === subject);
    await waitFor(
      () =>
        new Set(of('commerce.payment.approved').map((event) => (event.data as { userId: string }).userId)).size >= approved.length &&
        new Set(of('moderation.user.banned').map((event) => (event.data as { userId: string }).userId)).size >= banned.length,
      { timeoutMs: 60_000 },
    );
    await new Promise((resolve) => setTimeout(resolve, 3000)); // a late duplicate would arrive by now
    const ids = published.map((event) => event.id);
    const duplicated = ids.length - new Set(ids).size;
    const approvedEvents = new Set(of('commerce.payment.approved').map((event) => (event.data as { userId: string }).userId));
    const bannedEvents = new Set(of('moderation.user.banned').map((event) => (event.data as { userId: string }).userId));
    const lost = approved.filter((id) => !approvedEvents.has(id)).length + banned.filter((id) => !bannedEvents.has(id)).length;
    // The approvals' years, as every service's directory hears of them.
    await waitFor(
      () => approved.every((id) => of('commerce.subscription.updated').some((event) => (event.data as { userId: string }).userId === id)),
      { timeoutMs: 30_000 },
    );
    await waitFor(
      async () => (await Promise.all([...commerce, ...moderation].map((process) => call(process.url, null, 'GET', '/readyz')))).every((r) => r.body.status === 'ok'),
      { timeoutMs: 30_000 },
    );
    summary({
      scenario: 'NATS SIGSTOP 20 s during approvals and bans (2 commerce, 2 moderation)',
      injected: 'SIGSTOP+SIGCONT of NATS',
      requests,
      messages: published.length,
      lost,
      duplicated,
      notes: `${approved.length} approvals and ${banned.length} bans answered 2xx during the outage; readiness answers ${readiness.filter((r) => r.status === 200).length}/${readiness.length} ready (${[...new Set(readiness.map((r) => r.state))].join(', ')})`,
    });
    expect(approved).toHaveLength(payers.length);
    expect(banned).toHaveLength(toBan.length);
    expect(lost).toBe(0);
    expect(duplicated).toBe(0);
    expect(readiness.every((r) => r.status === 200)).toBe(true);
  });
});
