import type { PaymentRequest } from '@quad/contracts';
import { type ServiceRuntime, createLogger, createRuntime } from '@quad/common';
import {
  type ServiceProcess,
  type TestServer,
  type TestUser,
  announceTestUser,
  startServiceProcess,
  startTestFerretDb,
  uniqueName,
  waitFor,
} from '@quad/common/src/testing';
import { type Config, loadServiceConfig } from '@quad/commerce/src/config';
import { call, summary } from './support';

/**
 * The database down (FerretDB SIGKILLed) for 10 s under two commerce processes: every write answers
 * a clear 503 within a few seconds, and nothing half-written remains once it is back: each student
 * refused during the outage can submit at once (no request left holding their one pending slot),
 * and no request document was stored for a refused submission.
 */
describe('FerretDB down for 10 s', () => {
  let mongo: TestServer;
  let observer: ServiceRuntime<Config>;
  const replicas: ServiceProcess[] = [];
  const dbName = uniqueName('faults_mongo');

  beforeAll(async () => {
    mongo = await startTestFerretDb();
    const env = { MONGO_URL: mongo.url, DB_NAME: dbName, CONSUMER_PREFIX: dbName };
    replicas.push(...(await Promise.all([startServiceProcess({ service: 'commerce', env }), startServiceProcess({ service: 'commerce', env })])));
    observer = await createRuntime({
      service: 'commerce',
      config: loadServiceConfig({ ...process.env, MONGO_URL: mongo.url }),
      dbName,
      consumerPrefix: uniqueName('faults_mongo_observer'),
      logger: createLogger('observer', 'silent'),
    });
  }, 180_000);

  afterAll(async () => {
    await Promise.all(replicas.map((replica) => replica.stop()));
    await observer?.close();
    await mongo?.stop();
  });

  test('then writes answer a clear 503, and nothing half-written remains after it returns', async () => {
    const students: TestUser[] = [];
    for (let i = 0; i < 6; i++) students.push(await announceTestUser(observer, { collegeId: 'college-a', subscribed: false }));
    const submit = (student: TestUser, i: number) =>
      call(replicas[i % 2]!.url, student.token, 'POST', '/api/payments/submit', { venmoUsername: '@db', notes: '', amount: '10' }, 20_000);

    await mongo.down('SIGKILL');
    const during = [];
    const downUntil = Date.now() + 10_000;
    try {
      for (const [i, student] of students.entries()) during.push(await submit(student, i));
      while (Date.now() < downUntil) await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      await mongo.up();
    }
    const statuses = during.map((answer) => answer.status);
    const slowest = Math.max(...during.map((answer) => answer.ms));

    // Back: each refused student submits at once, and holds exactly the one request just made.
    const after = [];
    for (const [i, student] of students.entries()) {
      after.push(await waitFor(async () => {
        const answer = await submit(student, i);
        return answer.status === 201 || answer.status === 409 ? answer : null;
      }, { timeoutMs: 30_000 }));
    }
    // Each refused submission left nothing: the student holds exactly the one request made now.
    let halfWritten = 0;
    for (const student of students) {
      const stored = await observer.db.collection('payment_requests').find({ userId: student.id }).toArray();
      const account = await observer.db.collection('subscription_accounts').findOne({ _id: student.id as never });
      if (stored.length !== 1 || stored[0]!._id !== account?.pendingPaymentId) halfWritten += 1;
    }
    summary({
      scenario: 'FerretDB SIGKILL, down 10 s (2 commerce processes)',
      injected: 'SIGKILL of FerretDB, restart after 10 s',
      requests: during.length + after.length,
      messages: students.length * 2,
      lost: halfWritten,
      duplicated: 0,
      notes: `submissions during the outage answered ${statuses.join('/')} (slowest ${slowest} ms); afterwards ${after.map((a) => a.status).join('/')}`,
    });
    expect(statuses.every((status) => status === 503)).toBe(true);
    expect(during.every((answer) => /try again/i.test(String(answer.body.message)))).toBe(true);
    expect(slowest).toBeLessThan(10_000);
    expect(after.map((answer) => answer.status)).toEqual(students.map(() => 201));
    expect(halfWritten).toBe(0);
    const listed = after.map((answer) => (answer.body.request as PaymentRequest | undefined)?.status);
    expect(listed.every((status) => status === 'pending')).toBe(true);
  });
});
