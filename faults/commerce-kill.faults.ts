import type { PaymentRequest } from '@quad/contracts';
import { type ServiceRuntime, createLogger, createRuntime } from '@quad/common';
import {
  type ServiceProcess,
  type TestUser,
  announceTestUser,
  startServiceProcess,
  uniqueName,
  waitFor,
} from '@quad/common/src/testing';
import { type Config, loadServiceConfig } from '@quad/commerce/src/config';
import { call, summary } from './support';

/**
 * SIGKILL of the commerce process an admin approves through, at a random moment 0-80 ms into each
 * of 12 approvals, with a second process running. After restarts, each student has exactly one
 * year, one history entry and one e-mail; an admin who retries is answered 200, never 409.
 */
describe('commerce SIGKILLed mid-approval', () => {
  const dbName = uniqueName('faults_commerce');
  const env = { DB_NAME: dbName, CONSUMER_PREFIX: dbName };
  let observer: ServiceRuntime<Config>;
  let killed: ServiceProcess;
  let survivor: ServiceProcess;

  async function mailsTo(address: string): Promise<Array<{ subject: string }>> {
    const response = await fetch(`http://127.0.0.1:${process.env.SMTP_WEB_PORT}/email`);
    const mails = (await response.json()) as Array<{ subject: string; to: Array<{ address: string }> }>;
    return mails.filter((mail) => mail.to.some((to) => to.address === address));
  }

  beforeAll(async () => {
    [killed, survivor] = await Promise.all([startServiceProcess({ service: 'commerce', env }), startServiceProcess({ service: 'commerce', env })]);
    observer = await createRuntime({
      service: 'commerce',
      config: loadServiceConfig(process.env),
      dbName,
      consumerPrefix: uniqueName('faults_commerce_observer'),
      logger: createLogger('observer', 'silent'),
    });
  }, 180_000);

  afterAll(async () => {
    await Promise.all([killed?.stop(), survivor?.stop()]);
    await observer?.db.dropDatabase().catch(() => undefined);
    await observer?.close();
  });

  test('then every student ends with one year, one history entry and one e-mail', async () => {
    const admin = await announceTestUser(observer, { collegeId: 'college-a', subscribed: false, isAdmin: true });
    let requests = 0;
    const rounds: Array<{ student: TestUser; paymentId: string; delayMs: number }> = [];
    for (let i = 0; i < 12; i++) {
      const student = await announceTestUser(observer, { collegeId: 'college-a', subscribed: false });
      const submitted = await call(survivor.url, student.token, 'POST', '/api/payments/submit', { venmoUsername: '@kill', notes: '', amount: '10' });
      requests += 1;
      expect(submitted.status).toBe(201);
      const paymentId = (submitted.body.request as PaymentRequest).id;
      const delayMs = Math.floor(Math.random() * 80);
      const approving = call(killed.url, admin.token, 'POST', '/api/admin/update-payment', { id: paymentId, status: 'approved' });
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      await killed.stop('SIGKILL');
      await approving;
      requests += 1;
      rounds.push({ student, paymentId, delayMs });
      killed = await startServiceProcess({ service: 'commerce', env });
    }

    const retries: number[] = [];
    const answers: number[] = [];
    for (const round of rounds) {
      const listed = await call(survivor.url, admin.token, 'GET', '/api/admin/payment-requests?limit=100');
      requests += 1;
      const list = (Array.isArray(listed.body) ? listed.body : ((listed.body as { requests?: PaymentRequest[] }).requests ?? [])) as PaymentRequest[];
      const request = list.find((payment) => payment.id === round.paymentId);
      if (request?.status === 'pending') {
        retries.push((await call(survivor.url, admin.token, 'POST', '/api/admin/update-payment', { id: round.paymentId, status: 'approved' })).status);
        requests += 1;
      }
      await waitFor(async () => (await call(survivor.url, round.student.token, 'GET', '/api/subscription-status')).body.isActive === true, { timeoutMs: 90_000 });
      const again = await call(killed.url, admin.token, 'POST', '/api/admin/update-payment', { id: round.paymentId, status: 'approved' });
      requests += 2;
      answers.push(again.status);
      await waitFor(async () => (await mailsTo(round.student.email)).length >= 1, { timeoutMs: 90_000 });
    }
    await new Promise((resolve) => setTimeout(resolve, 3000));

    let lost = 0;
    let duplicated = 0;
    for (const round of rounds) {
      const account = await observer.db.collection('subscription_accounts').findOne({ _id: round.student.id as never });
      const expiresAt = account?.expiresAt ? new Date(account.expiresAt).getTime() : 0;
      const year = 365 * 24 * 3600_000;
      if (expiresAt < Date.now() + year - 7 * 24 * 3600_000) lost += 1;
      if (expiresAt > Date.now() + year + 7 * 24 * 3600_000) duplicated += 1;
      const history = await observer.db.collection('subscription_history').countDocuments({ userId: round.student.id, kind: 'payment-approved' });
      lost += history === 0 ? 1 : 0;
      duplicated += Math.max(0, history - 1);
      const mails = (await mailsTo(round.student.email)).length;
      lost += mails === 0 ? 1 : 0;
      duplicated += Math.max(0, mails - 1);
    }
    summary({
      scenario: 'commerce SIGKILL mid-approval (2 processes, 12 approvals)',
      injected: `12 × SIGKILL at ${rounds.map((round) => round.delayMs).join('/')} ms`,
      requests,
      messages: rounds.length * 3,
      lost,
      duplicated,
      notes: `left pending and retried by the admin ${retries.length}, completed by themselves ${rounds.length - retries.length}; retries of the same decision answered ${[...new Set(answers)].join('/')}`,
    });
    expect(lost).toBe(0);
    expect(duplicated).toBe(0);
    expect([...retries, ...answers].filter((status) => status !== 200)).toEqual([]);
  });
});
