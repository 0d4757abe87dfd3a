import type { Express } from 'express';
import type { PaymentRequest } from '@quad/contracts';
import { type ServiceRuntime, createLogger, createRuntime } from '@quad/common';
import { createApp } from '../src/app';
import { type Config, loadServiceConfig } from '../src/config';
import { commerceContext } from '../src/domain/context';
import { type CommerceKit, type TestUser, bearer, makeUser, request, startCommerceKit, submitPayment } from './commerce-test-kit';

/**
 * Two commerce replicas on one database (each with its own process-local queues, as two processes
 * have): the one-pending-request rule and a decision hold across them, through the repositories'
 * document locks in Redis.
 */
describe('commerce with two replicas', () => {
  let kit: CommerceKit;
  let second: ServiceRuntime<Config>;
  let secondApp: Express;
  let admin: TestUser;

  beforeAll(async () => {
    kit = await startCommerceKit();
    second = await createRuntime({
      service: 'commerce',
      config: loadServiceConfig(process.env),
      dbName: kit.runtime.db.name,
      consumerPrefix: `${kit.runtime.consumerPrefix}-b`,
      logger: createLogger('commerce-b', 'silent'),
    });
    secondApp = createApp(second);
    admin = await makeUser(kit, { isAdmin: true });
  });

  afterAll(async () => {
    commerceContext(second).mailer.close();
    await second?.close();
    await kit?.stop();
  });

  test('when one student submits on both replicas at once, then one request is stored and the rest get 409', async () => {
    const student = await makeUser(kit);
    const send = (app: Express) =>
      request(app).post('/api/payments/submit').set(bearer(student.token)).send({ venmoUsername: '@twice', amount: '10' });
    const results = await Promise.all([send(kit.app), send(secondApp), send(kit.app), send(secondApp)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    const listed = await request(kit.app).get('/api/admin/payment-requests').set(bearer(admin.token));
    expect((listed.body as PaymentRequest[]).filter((p) => p.user.id === student.id)).toHaveLength(1);
  });

  test('when two admins approve one request on both replicas at once, then the year is added once', async () => {
    const student = await makeUser(kit);
    const payment = (await submitPayment(kit, student)).body.request as PaymentRequest;
    const approve = (app: Express) =>
      request(app).post('/api/admin/update-payment').set(bearer(admin.token)).send({ id: payment.id, status: 'approved' });
    const results = await Promise.all([approve(kit.app), approve(secondApp)]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(results[0]!.body.subscriptionExpiresAt).toBe(results[1]!.body.subscriptionExpiresAt);
    const approved = results[0]!;
    const status = await request(secondApp).get('/api/subscription-status').set(bearer(student.token));
    expect(status.body.expiresAt).toBe(approved.body.subscriptionExpiresAt);
  });
});
