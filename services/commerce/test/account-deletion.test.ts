import { COMMERCE_MESSAGES } from '@quad/contracts';
import { DELETED_PAYER } from '../src/domain/account-deletion';
import { type CommerceKit, type TestUser, bearer, makeUser, request, startCommerceKit, submitPayment, waitFor } from './commerce-test-kit';

/** Issue 25: a deleted account's payment records stay (a business must keep them) with the person reduced to an id. */
describe('a deleted account in commerce', () => {
  let kit: CommerceKit;
  let leaving: TestUser;

  beforeAll(async () => {
    kit = await startCommerceKit();
    leaving = await makeUser(kit, { firstName: 'Leaving' });
  });
  afterAll(() => kit.stop());

  test('when the student downloads their data, then commerce’s part holds their payment requests', async () => {
    const exporter = await makeUser(kit, { firstName: 'Exporter' });
    await submitPayment(kit, exporter, '@exporter-venmo');

    const response = await request(kit.app).get('/internal/account-export').set(bearer(exporter.token));

    expect(response.status).toBe(200);
    const { records } = response.body as { records: { payments: Array<Record<string, unknown>>; subscription: unknown } };
    expect(records.payments.map((p) => p.venmoUsername)).toEqual(['@exporter-venmo']);
    expect(records).toHaveProperty('subscription');
  });

  test('when auth announces the deletion, then the payment keeps its amount, status and dates but not the e-mail, names, Venmo username or note, and a replay changes nothing', async () => {
    const submitted = await submitPayment(kit, leaving, '@leaving-venmo');
    expect(submitted.status).toBe(201);
    const { Payment } = kit.ctx.models;
    const before = (await Payment.findOne({ userId: leaving.id }).lean())!;
    expect(before).toMatchObject({ venmoUsername: '@leaving-venmo', amount: '10' });

    await kit.runtime.publisher.publish('auth.user.deleted', { userId: leaving.id, version: 1, deletedAt: new Date().toISOString() });
    await waitFor(async () => (await Payment.findOne({ userId: leaving.id }).lean())?.venmoUsername === DELETED_PAYER.venmoUsername, { timeoutMs: 15_000 });

    const kept = (await Payment.findOne({ userId: leaving.id }).lean())!;
    expect(kept).toMatchObject({ userId: leaving.id, amount: before.amount, status: before.status, userEmail: null, firstName: '', lastName: '', notes: '' });
    expect(kept.createdAt).toEqual(before.createdAt);
    expect(JSON.stringify(kept)).not.toContain(leaving.email);

    await kit.runtime.publisher.publish('auth.user.deleted', { userId: leaving.id, version: 1, deletedAt: new Date().toISOString() });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await Payment.findOne({ userId: leaving.id }).lean())!.version).toBe(kept.version);
  });

  test('when an admin decides a deleted account’s pending request, then approving is refused (no year for an account that is gone) and rejecting it works', async () => {
    const admin = await makeUser(kit, { isAdmin: true, firstName: 'Admin' });
    const gone = await makeUser(kit, { firstName: 'Gone' });
    const submitted = await submitPayment(kit, gone, '@gone-venmo');
    const paymentId = (submitted.body as { request: { id: string } }).request.id;
    await kit.runtime.publisher.publish('auth.user.deleted', { userId: gone.id, version: 1, deletedAt: new Date().toISOString() });
    const { Payment } = kit.ctx.models;
    await waitFor(async () => (await Payment.findById(paymentId).lean())?.venmoUsername === DELETED_PAYER.venmoUsername, { timeoutMs: 15_000 });
    const decide = (status: 'approved' | 'rejected') =>
      request(kit.app).post('/api/admin/update-payment').set(bearer(admin.token)).send({ id: paymentId, status });

    const approved = await decide('approved');
    expect({ status: approved.status, message: approved.body.message }).toEqual({ status: 409, message: COMMERCE_MESSAGES.payerDeleted });
    expect((await Payment.findById(paymentId).lean())!.status).toBe('pending');
    expect((await kit.ctx.models.Account.findById(gone.id).lean())?.expiresAt ?? null).toBeNull();

    const rejected = await decide('rejected');
    expect(rejected.status).toBe(200);
    expect(rejected.body.request.status).toBe('rejected');
  });
});
