import type { PaymentRequest } from '@quad/contracts';
import { type ServiceRuntime, createLogger, createRuntime } from '@quad/common';
import {
  type ServiceProcess,
  type TestUser,
  announceTestUser,
  bearer,
  startServiceProcess,
  uniqueName,
  waitFor,
} from '@quad/common/src/testing';
import { type Config, loadServiceConfig } from '../src/config';

/**
 * A payment approval is crash-safe: commerce runs as two processes on one database, and the one an
 * admin approves through is SIGKILLed a few milliseconds into the approval, at a different moment
 * each round. Whatever the moment, each student ends with exactly one year, one history entry and
 * one e-mail, by itself (the other replica finishes the work from the outbox and the decision's
 * event) or after the admin's retry, which never answers 409 for their own decision.
 */
describe('commerce killed mid-approval', () => {
  const dbName = uniqueName('crash_commerce');
  const env = { DB_NAME: dbName, CONSUMER_PREFIX: dbName, EVENTS_REPLAY: 'new' };
  let observer: ServiceRuntime<Config>;
  let killed: ServiceProcess;
  let survivor: ServiceProcess;
  let admin: TestUser;

  async function call(replica: ServiceProcess, token: string, method: string, path: string, body?: unknown) {
    const response = await fetch(`${replica.url}${path}`, {
      method,
      headers: { ...bearer(token), 'Content-Type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  }

  async function mailsTo(address: string): Promise<Array<{ subject: string }>> {
    const response = await fetch(`http://127.0.0.1:${process.env.SMTP_WEB_PORT}/email`);
    const mails = (await response.json()) as Array<{ subject: string; to: Array<{ address: string }> }>;
    return mails.filter((mail) => mail.to.some((to) => to.address === address));
  }

  beforeAll(async () => {
    [killed, survivor] = await Promise.all([
      startServiceProcess({ service: 'commerce', env }),
      startServiceProcess({ service: 'commerce', env }),
    ]);
    // Announces users on NATS as auth does, and reads what the replicas stored; consumes nothing itself.
    observer = await createRuntime({
      service: 'commerce',
      config: loadServiceConfig(process.env),
      dbName,
      consumerPrefix: uniqueName('crash_observer'),
      logger: createLogger('commerce-observer', 'silent'),
    });
    admin = await announceTestUser(observer, { collegeId: 'college-a', subscribed: false, isAdmin: true });
  }, 120_000);

  afterAll(async () => {
    await Promise.all([killed?.stop(), survivor?.stop()]);
    await observer?.db.dropDatabase().catch(() => undefined);
    await observer?.close();
  });

  test('when the approving process is killed 0 to 60 ms into approvals, then every student gets one year, one history entry and one e-mail', async () => {
    const delays = [0, 3, 6, 10, 15, 25, 40, 60];
    const rounds: Array<{ student: TestUser; paymentId: string; answered: number | null }> = [];
    for (const delayMs of delays) {
      const student = await announceTestUser(observer, { collegeId: 'college-a', subscribed: false });
      const submitted = await call(survivor, student.token, 'POST', '/api/payments/submit', { venmoUsername: '@crash', notes: '', amount: '10' });
      expect(submitted.status).toBe(201);
      const paymentId = (submitted.body.request as PaymentRequest).id;
      const approving = call(killed, admin.token, 'POST', '/api/admin/update-payment', { id: paymentId, status: 'approved' }).then(
        (response) => response.status,
        () => null, // the connection died with the process: what the admin saw as a 502
      );
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      await killed.stop('SIGKILL');
      rounds.push({ student, paymentId, answered: await approving });
      killed = await startServiceProcess({ service: 'commerce', env });
    }

    const retries: number[] = [];
    for (const round of rounds) {
      // The admin looks at the list: a request still pending (the kill came before the decision was
      // stored) is approved again; one that reads approved is left alone and completes by itself.
      const listed = await call(survivor, admin.token, 'GET', '/api/admin/payment-requests');
      const request = (listed.body as PaymentRequest[]).find((payment) => payment.id === round.paymentId)!;
      if (request.status === 'pending') {
        const retry = await call(survivor, admin.token, 'POST', '/api/admin/update-payment', { id: round.paymentId, status: 'approved' });
        retries.push(retry.status);
      }
      const status = await waitFor(
        async () => {
          const answer = await call(survivor, round.student.token, 'GET', '/api/subscription-status');
          return answer.body.isActive ? answer.body : null;
        },
        { timeoutMs: 20_000 },
      );
      // One year, not two: well short of thirteen months from now.
      expect(new Date(status.expiresAt).getTime()).toBeLessThan(Date.now() + 380 * 24 * 3600_000);
      expect(new Date(status.expiresAt).getTime()).toBeGreaterThan(Date.now() + 360 * 24 * 3600_000);
      expect(status.pendingPayment).toBeNull();
      // An admin's retry of the same decision answers as the first did, never 409.
      const again = await call(survivor, admin.token, 'POST', '/api/admin/update-payment', { id: round.paymentId, status: 'approved' });
      expect(again.status).toBe(200);
      expect(again.body.subscriptionExpiresAt).toBe(status.expiresAt);
      await waitFor(async () => (await mailsTo(round.student.email)).length >= 1, { timeoutMs: 20_000 });
    }

    // Every redelivery and sweep has had its chance: still exactly one of each per student.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    for (const round of rounds) {
      const history = await observer.db
        .collection('subscription_history')
        .countDocuments({ userId: round.student.id, kind: 'payment-approved' });
      expect(history).toBe(1);
      const mails = await mailsTo(round.student.email);
      expect(mails.map((mail) => mail.subject)).toEqual(['Your Quad subscription is active']);
    }
    expect(retries.filter((status) => status !== 200)).toEqual([]);
    const retried = retries.length;
    const answered = rounds.map((round) => round.answered);
    process.stderr.write(
      `[crash] ${rounds.length} approvals, each SIGKILLed: answered before the kill ${answered.filter(Boolean).length}, ` +
        `left pending and retried ${retried}, completed by themselves ${rounds.length - retried}; lost 0, duplicated 0\n`,
    );
  }, 240_000);
});
