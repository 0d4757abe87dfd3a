import type { EventEnvelope } from '@quad/contracts';
import { type ServiceRuntime, createLogger, createRuntime } from '@quad/common';
import {
  type ServiceProcess,
  type TestUser,
  announceTestUser,
  recordPublished,
  startServiceProcess,
  uniqueName,
  waitFor,
} from '@quad/common/src/testing';
import { type Config, loadServiceConfig } from '@quad/moderation/src/config';
import { call, summary } from './support';

const ROUNDS = 10;

/**
 * SIGKILL of the moderation process an admin bans through, 0-80 ms into each of 10 bans, with a
 * second process running. The admin looks at the banned list and bans again only a student not
 * listed. Then each student's ban is there once (one ban document, one `moderation.user.banned`
 * event per version), enforced (moderation answers their token 403), and heard by other services.
 */
describe('moderation SIGKILLed mid-ban', () => {
  const dbName = uniqueName('faults_moderation');
  const env = { DB_NAME: dbName, CONSUMER_PREFIX: dbName };
  let observer: ServiceRuntime<Config>;
  let published: Array<EventEnvelope<unknown>>;
  let killed: ServiceProcess;
  let survivor: ServiceProcess;

  beforeAll(async () => {
    [killed, survivor] = await Promise.all([startServiceProcess({ service: 'moderation', env }), startServiceProcess({ service: 'moderation', env })]);
    observer = await createRuntime({
      service: 'moderation',
      config: loadServiceConfig(process.env),
      dbName,
      consumerPrefix: uniqueName('faults_moderation_observer'),
      logger: createLogger('observer', 'silent'),
    });
    // As any other service hears of bans.
    published = await recordPublished(observer, ['moderation.user.banned']);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([killed?.stop(), survivor?.stop()]);
    await observer?.db.dropDatabase().catch(() => undefined);
    await observer?.close();
  });

  test('then every student is banned once, enforced, and the ban reaches other services', async () => {
    const admin = await announceTestUser(observer, { collegeId: 'college-a', isAdmin: true });
    const directory = observer.db.collection('directory_users');
    let requests = 0;
    const rounds: Array<{ student: TestUser; delayMs: number }> = [];
    for (let i = 0; i < ROUNDS; i++) {
      const student = await announceTestUser(observer, { collegeId: 'college-a' });
      await waitFor(async () => (await directory.countDocuments({ _id: student.id as never })) === 1, { timeoutMs: 30_000 });
      const delayMs = Math.floor(Math.random() * 80);
      const banning = call(killed.url, admin.token, 'POST', '/api/admin/ban-user', { userId: student.id, reason: 'Spam', banDuration: 24 });
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      await killed.stop('SIGKILL');
      await banning;
      requests += 1;
      rounds.push({ student, delayMs });
      killed = await startServiceProcess({ service: 'moderation', env });
    }

    let retried = 0;
    const listed = await call(survivor.url, admin.token, 'GET', '/api/admin/banned-users?limit=100');
    requests += 1;
    const bannedIds = new Set((Array.isArray(listed.body) ? (listed.body as Array<{ userId: string }>) : []).map((ban) => ban.userId));
    for (const round of rounds) {
      if (bannedIds.has(round.student.id)) continue;
      // Not listed: the kill came before the ban was stored (or before its list had it); the admin bans again.
      const again = await call(survivor.url, admin.token, 'POST', '/api/admin/ban-user', { userId: round.student.id, reason: 'Spam', banDuration: 24 });
      requests += 1;
      retried += 1;
      expect(again.status).toBe(201);
    }

    let lost = 0;
    let duplicated = 0;
    for (const round of rounds) {
      // Enforced on both processes (the restarted one too), by itself within the events' redelivery time.
      const enforced = await waitFor(
        async () => {
          const answers = await Promise.all([survivor, killed].map((process) => call(process.url, round.student.token, 'GET', '/api/reports/mine')));
          requests += answers.length;
          return answers.every((answer) => answer.status === 403) || null;
        },
        { timeoutMs: 90_000, intervalMs: 500 },
      ).catch(() => false);
      const heard = await waitFor(
        () => published.some((event) => (event.data as { userId: string }).userId === round.student.id) || null,
        { timeoutMs: 90_000, intervalMs: 200 },
      ).catch(() => false);
      const stored = await observer.db.collection('bans').countDocuments({ _id: round.student.id as never, active: true });
      if (!enforced || !heard || stored !== 1) lost += 1;
    }
    await new Promise((resolve) => setTimeout(resolve, 3000)); // a late duplicate would arrive by now
    const ids = published.map((event) => event.id);
    duplicated += ids.length - new Set(ids).size;
    // One event per ban version: never two for one write.
    const versions = published.map((event) => `${(event.data as { userId: string }).userId}:${(event.data as { version: number }).version}`);
    duplicated += versions.length - new Set(versions).size;

    summary({
      scenario: `moderation SIGKILL mid-ban (2 processes, ${ROUNDS} bans)`,
      injected: `${ROUNDS} × SIGKILL at ${rounds.map((round) => round.delayMs).join('/')} ms`,
      requests,
      messages: rounds.length * 3,
      lost,
      duplicated,
      notes: `not listed after the kill and banned again by the admin ${retried}, completed by themselves ${rounds.length - retried}; ${published.length} ban events for ${rounds.length} students`,
    });
    expect(lost).toBe(0);
    expect(duplicated).toBe(0);
  });
});
