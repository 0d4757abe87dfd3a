import { COMMERCE_MESSAGES, type PaymentRequest, type SubscriptionHistoryEntry, type SubscriptionStatus } from '@quad/contracts';
import { type ForumKit, startForumKit } from '../../forum/test/forum-test-kit';
import { addMonths, grantManualSubscription } from '../src/domain/subscriptions';
import {
  type CommerceKit,
  type TestUser,
  bearer,
  mailTo,
  makeUser,
  publishedEvent,
  request,
  startCommerceKit,
  submitPayment,
  waitFor,
} from './commerce-test-kit';

describe('commerce: subscriptions and payments', () => {
  let kit: CommerceKit;
  let forum: ForumKit;
  let admin: TestUser;

  beforeAll(async () => {
    [kit, forum] = await Promise.all([startCommerceKit(), startForumKit()]);
    admin = await makeUser(kit, { isAdmin: true, firstName: 'Admin' });
  });

  afterAll(async () => {
    await Promise.all([kit?.stop(), forum?.stop()]);
  });

  const status = async (user: TestUser) => {
    const response = await request(kit.app).get('/api/subscription-status').set(bearer(user.token));
    expect(response.status).toBe(200);
    return response.body as SubscriptionStatus;
  };
  const forumStatus = async (user: TestUser) =>
    (await request(forum.app).get('/api/topics').set(bearer(user.token))).status;
  const decide = (id: string, status: 'approved' | 'rejected', userId?: string) =>
    request(kit.app).post('/api/admin/update-payment').set(bearer(admin.token)).send({ id, status, userId });

  describe('paying through Venmo', () => {
    test('when a student submits, an admin approves, then the student is active in the forum within a second and gets an e-mail', async () => {
      const student = await makeUser(kit, { firstName: 'Ada' });
      expect(await status(student)).toMatchObject({ isActive: false, expiresAt: null, pendingPayment: null });
      expect(await forumStatus(student)).toBe(402);

      const submitted = await submitPayment(kit, student, '@ada-l');
      expect(submitted.status).toBe(201);
      const payment = submitted.body.request as PaymentRequest;
      expect(payment).toMatchObject({
        status: 'pending',
        user: { id: student.id, firstName: 'Ada', lastName: 'Tester' },
        userEmail: student.email,
        venmoUsername: '@ada-l',
        paymentNote: 'sent Monday',
        amount: '10',
      });
      expect((await status(student)).pendingPayment).toEqual({ id: payment.id, createdAt: payment.createdAt });

      const listed = await request(kit.app).get('/api/admin/payment-requests').set(bearer(admin.token));
      expect(listed.status).toBe(200);
      expect((listed.body as PaymentRequest[]).find((p) => p.id === payment.id)?.status).toBe('pending');

      const before = Date.now();
      const approved = await decide(payment.id, 'approved', student.id);
      expect(approved.status).toBe(200);
      expect(approved.body.request.status).toBe('approved');
      // The answer names the deciding admin, as the admins' list then does.
      const decidedList = await request(kit.app).get('/api/admin/payment-requests?status=approved').set(bearer(admin.token));
      const listedDecision = (decidedList.body as PaymentRequest[]).find((p) => p.id === payment.id);
      expect(listedDecision?.decidedBy).toEqual({ id: admin.id, name: 'Admin Tester' });
      expect(approved.body.request.decidedBy).toEqual(listedDecision?.decidedBy);
      const expiresAt = new Date(approved.body.subscriptionExpiresAt as string);
      expect(Math.abs(expiresAt.getTime() - addMonths(new Date(before), 12).getTime())).toBeLessThan(60_000);

      // Every gated service follows within a second.
      await waitFor(async () => (await forumStatus(student)) === 200, { timeoutMs: 1000, intervalMs: 20 });
      expect(await status(student)).toMatchObject({ isActive: true, expiresAt: expiresAt.toISOString(), pendingPayment: null });

      const updated = await publishedEvent(kit, 'commerce.subscription.updated', (d) => d.userId === student.id);
      expect(updated.data.subscriptionExpiresAt).toBe(expiresAt.toISOString());
      expect(updated.data.version).toBeGreaterThan(0);
      await publishedEvent(kit, 'commerce.payment.approved', (d) => d.paymentId === payment.id && d.userId === student.id);
      const audit = await publishedEvent(kit, 'audit.admin.action', (d) => d.targetId === payment.id);
      expect(audit.data).toMatchObject({ adminId: admin.id, action: 'payment.approved', targetUserId: student.id });

      const mail = await mailTo(student.email, /subscription is active/);
      expect(mail.text).toContain(expiresAt.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }));

      const history = await request(kit.app).get('/api/subscription-status/history').set(bearer(student.token));
      expect(history.status).toBe(200);
      expect((history.body as SubscriptionHistoryEntry[]).map((entry) => entry.kind)).toEqual(['payment-approved', 'payment-submitted']);
    });

    test('when a student submits twice, then the second is refused with 409 until the first is decided', async () => {
      const student = await makeUser(kit);
      expect((await submitPayment(kit, student)).status).toBe(201);
      const second = await submitPayment(kit, student);
      expect(second.status).toBe(409);
      expect(second.body.message).toBe(COMMERCE_MESSAGES.pendingExists);
    });

    test('when two submissions race, then exactly one is stored', async () => {
      const student = await makeUser(kit);
      const results = await Promise.all([submitPayment(kit, student), submitPayment(kit, student), submitPayment(kit, student)]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    });

    test('when an admin rejects, then the student stays inactive, gets an e-mail, and may submit again', async () => {
      const student = await makeUser(kit, { firstName: 'Rita' });
      const payment = (await submitPayment(kit, student)).body.request as PaymentRequest;
      const rejected = await decide(payment.id, 'rejected');
      expect(rejected.status).toBe(200);
      expect(rejected.body).toMatchObject({ request: { status: 'rejected' }, subscriptionExpiresAt: null });
      expect(await status(student)).toMatchObject({ isActive: false, pendingPayment: null });
      await publishedEvent(kit, 'commerce.payment.rejected', (d) => d.paymentId === payment.id);
      await publishedEvent(kit, 'audit.admin.action', (d) => d.targetId === payment.id && d.action === 'payment.rejected');
      const mail = await mailTo(student.email, /could not be confirmed/);
      expect(mail.text).toContain('no active subscription');
      expect((await submitPayment(kit, student)).status).toBe(201);
    });

    test('when a decided request is approved again, then it answers as the first approval did (an admin retrying) and nothing is extended twice; rejecting it is refused with 409', async () => {
      const student = await makeUser(kit);
      const payment = (await submitPayment(kit, student)).body.request as PaymentRequest;
      const first = await decide(payment.id, 'approved');
      expect(first.status).toBe(200);
      const again = await Promise.all([decide(payment.id, 'approved'), decide(payment.id, 'rejected')]);
      expect(again.map((r) => r.status)).toEqual([200, 409]);
      expect(again[0]!.body.subscriptionExpiresAt).toBe(first.body.subscriptionExpiresAt);
      expect(again[1]!.body.message).toBe(COMMERCE_MESSAGES.alreadyDecided);
      expect((await status(student)).expiresAt).toBe(first.body.subscriptionExpiresAt);
    });

    test('when an active student pays again, then the year is added to the current expiry', async () => {
      const student = await makeUser(kit);
      const first = await decide(((await submitPayment(kit, student)).body.request as PaymentRequest).id, 'approved');
      const second = await decide(((await submitPayment(kit, student)).body.request as PaymentRequest).id, 'approved');
      expect(second.body.subscriptionExpiresAt).toBe(addMonths(new Date(first.body.subscriptionExpiresAt), 12).toISOString());
    });

    test('when the request id is unknown or belongs to another user, then 404 and 400', async () => {
      const student = await makeUser(kit);
      expect((await decide('no-such-request', 'approved')).status).toBe(404);
      const payment = (await submitPayment(kit, student)).body.request as PaymentRequest;
      const mismatch = await decide(payment.id, 'approved', admin.id);
      expect(mismatch.status).toBe(400);
      expect(mismatch.body.message).toBe(COMMERCE_MESSAGES.paymentUserMismatch);
    });
  });

  describe('when a process died between the decision and the subscription write', () => {
    // The first of the two writes only, a minute ago, as a crash right after it would leave them.
    const decideOnly = (id: string, status: 'approved' | 'rejected') =>
      kit.ctx.payments.update(id, () => ({ status, decidedAt: new Date(), decidedBy: admin.id }));

    test('when an admin approves the request again, at once, then the year is added once and a further approval answers the same', async () => {
      const student = await makeUser(kit);
      const payment = (await submitPayment(kit, student)).body.request as PaymentRequest;
      await decideOnly(payment.id, 'approved');
      expect((await status(student)).isActive).toBe(false);

      const finished = await decide(payment.id, 'approved');
      expect(finished.status).toBe(200);
      expect(await status(student)).toMatchObject({ isActive: true, expiresAt: finished.body.subscriptionExpiresAt, pendingPayment: null });
      const further = await decide(payment.id, 'approved');
      expect(further.status).toBe(200);
      expect(further.body.subscriptionExpiresAt).toBe(finished.body.subscriptionExpiresAt);
      expect((await status(student)).expiresAt).toBe(finished.body.subscriptionExpiresAt);
    });

    test('when the student submits again, then the approved year is granted and the new request is taken', async () => {
      const student = await makeUser(kit);
      const payment = (await submitPayment(kit, student)).body.request as PaymentRequest;
      await decideOnly(payment.id, 'approved');
      expect((await submitPayment(kit, student)).status).toBe(201);
      expect((await status(student)).isActive).toBe(true);
    });

    test('when the decider died after its write and before its cache mirror, then the decision event alone adds the year, e-mails the student and lists the request approved', async () => {
      const student = await makeUser(kit);
      const payment = (await submitPayment(kit, student)).body.request as PaymentRequest;
      // The database has the decision, the cached copy and the admin list still say pending, and
      // another replica's outbox sweep publishes the decision's event.
      await kit.runtime.db
        .collection('payment_requests')
        .updateOne({ _id: payment.id as never }, { $set: { status: 'approved', decidedAt: new Date(), decidedBy: admin.id, version: 1 } });
      await kit.runtime.outbox.commit(
        [{ subject: 'commerce.payment.approved', eventId: `commerce.payment.approved:${payment.id}`, data: { paymentId: payment.id, userId: student.id, status: 'approved' } }],
        async () => true,
      );
      await waitFor(async () => (await status(student)).isActive || null, { timeoutMs: 10_000 });
      expect((await mailTo(student.email, /subscription is active/)).subject).toMatch(/active/);
      const listed = await request(kit.app).get('/api/admin/payment-requests?status=approved&limit=100').set(bearer(admin.token));
      expect((listed.body as PaymentRequest[]).map((request) => request.id)).toContain(payment.id);
    });

    test('when a rejection left the request on the account, then the student may submit again', async () => {
      const student = await makeUser(kit);
      const payment = (await submitPayment(kit, student)).body.request as PaymentRequest;
      await decideOnly(payment.id, 'rejected');
      expect((await submitPayment(kit, student)).status).toBe(201);
      expect((await status(student)).isActive).toBe(false);
    });
  });

  describe('manual subscriptions', () => {
    test.each([1, 3, 6, 12])('when an admin grants %i months by e-mail, then the expiry moves that far and the grant is audited', async (months) => {
      const student = await makeUser(kit);
      const before = new Date();
      const granted = await request(kit.app)
        .post('/api/admin/manual-subscription')
        .set(bearer(admin.token))
        .send({ userEmail: student.email.toUpperCase(), months });
      expect(granted.status).toBe(200);
      expect(granted.body).toMatchObject({ userId: student.id, userEmail: student.email, months });
      const expiresAt = new Date(granted.body.subscriptionExpiresAt);
      expect(Math.abs(expiresAt.getTime() - addMonths(before, months).getTime())).toBeLessThan(60_000);
      expect(await status(student)).toMatchObject({ isActive: true, expiresAt: expiresAt.toISOString() });
      const audit = await publishedEvent(kit, 'audit.admin.action', (d) => d.targetUserId === student.id);
      expect(audit.data).toMatchObject({ action: 'subscription.granted', adminId: admin.id, details: { months } });
      const history = await request(kit.app).get('/api/subscription-status/history').set(bearer(student.token));
      expect(history.body[0]).toMatchObject({ kind: 'granted', months, expiresAt: expiresAt.toISOString() });
    });

    test('when no months are given, then a year is granted', async () => {
      const student = await makeUser(kit);
      const granted = await request(kit.app).post('/api/admin/manual-subscription').set(bearer(admin.token)).send({ userEmail: student.email });
      expect(granted.status).toBe(200);
      expect(granted.body.months).toBe(12);
    });

    test('when the e-mail is unknown, then 404', async () => {
      const response = await request(kit.app)
        .post('/api/admin/manual-subscription')
        .set(bearer(admin.token))
        .send({ userEmail: 'nobody@nowhere.edu', months: 1 });
      expect(response.status).toBe(404);
      expect(response.body.message).toBe(COMMERCE_MESSAGES.userNotFound);
    });
  });

  describe('cancelling and expiry', () => {
    test('when a student cancels, then access continues until the expiry and a second cancel is refused', async () => {
      const student = await makeUser(kit);
      await grantManualSubscription(kit.ctx, admin.id, { userEmail: student.email, months: 1 });
      await waitFor(async () => (await forumStatus(student)) === 200);
      const cancelled = await request(kit.app).post('/api/cancel-subscription').set(bearer(student.token));
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.status).toMatchObject({ isActive: true, cancelledAt: expect.any(String) });
      expect(await forumStatus(student)).toBe(200);
      expect((await request(kit.app).post('/api/cancel-subscription').set(bearer(student.token))).status).toBe(409);
      const history = await request(kit.app).get('/api/subscription-status/history').set(bearer(student.token));
      expect(history.body[0].kind).toBe('cancelled');
    });

    test('when a student without a subscription cancels, then 400', async () => {
      const student = await makeUser(kit);
      const response = await request(kit.app).post('/api/cancel-subscription').set(bearer(student.token));
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(COMMERCE_MESSAGES.noActiveSubscription);
    });

    test('when a subscription runs out, then the forum gates the student again with no job running', async () => {
      const student = await makeUser(kit);
      // Granted "a month ago less two seconds" by an injected clock: it ends two seconds from now.
      const almostAMonthAgo = new Date(addMonths(new Date(), -1).getTime() + 2000);
      await grantManualSubscription({ ...kit.ctx, now: () => almostAMonthAgo }, admin.id, { userEmail: student.email, months: 1 });
      await waitFor(async () => (await forumStatus(student)) === 200, { timeoutMs: 1500 });
      await waitFor(async () => (await forumStatus(student)) === 402, { timeoutMs: 5000, intervalMs: 200 });
      expect(await status(student)).toMatchObject({ isActive: false });
    });
  });

  describe('mock payment mode', () => {
    test('when the deployment is not in mock mode, then create-subscription says Stripe is needed', async () => {
      const student = await makeUser(kit);
      const response = await request(kit.app).post('/api/create-subscription').set(bearer(student.token));
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ mockPayment: false, message: COMMERCE_MESSAGES.stripeRequired, subscriptionExpiresAt: null });
      expect((await status(student)).isActive).toBe(false);
    });

    test('when it is in mock mode, then create-subscription activates a year at once', async () => {
      const mock = await startCommerceKit({ PAYMENT_MODE: 'mock' });
      try {
        const student = await makeUser(mock);
        const response = await request(mock.app).post('/api/create-subscription').set(bearer(student.token));
        expect(response.status).toBe(200);
        expect(response.body).toMatchObject({ mockPayment: true, subscriptionExpiresAt: expect.any(String) });
        const check = await request(mock.app).get('/api/subscription-status').set(bearer(student.token));
        expect(check.body.isActive).toBe(true);
      } finally {
        await mock.stop();
      }
    });
  });

  describe('access and validation', () => {
    test('when a student calls an admin endpoint, then 403', async () => {
      const student = await makeUser(kit);
      const calls = [
        request(kit.app).get('/api/admin/payment-requests').set(bearer(student.token)),
        request(kit.app).post('/api/admin/update-payment').set(bearer(student.token)).send({ id: 'x', status: 'approved' }),
        request(kit.app).post('/api/admin/manual-subscription').set(bearer(student.token)).send({ userEmail: student.email, months: 12 }),
      ];
      for (const response of await Promise.all(calls)) expect(response.status).toBe(403);
    });

    test('when nobody is signed in, then 401', async () => {
      for (const path of ['/api/subscription-status', '/api/subscription-status/history']) {
        expect((await request(kit.app).get(path)).status).toBe(401);
      }
      expect((await request(kit.app).post('/api/payments/submit').send({ venmoUsername: 'x', amount: '10' })).status).toBe(401);
    });

    test('when bodies are wrong, then 400 with the spec messages', async () => {
      const student = await makeUser(kit);
      const cases: Array<[string, string, unknown, string]> = [
        ['/api/payments/submit', student.token, { venmoUsername: '  ', notes: '', amount: '10' }, COMMERCE_MESSAGES.venmoRequired],
        ['/api/payments/submit', student.token, { notes: 'hi', amount: '10' }, COMMERCE_MESSAGES.venmoRequired],
        ['/api/payments/submit', student.token, { venmoUsername: '\u200B\u2060', amount: '10' }, COMMERCE_MESSAGES.venmoRequired],
        ['/api/payments/submit', student.token, { venmoUsername: '@me', amount: '5' }, COMMERCE_MESSAGES.wrongAmount],
        ['/api/admin/manual-subscription', admin.token, { userEmail: '', months: 12 }, 'Please enter a user email.'],
        ['/api/admin/manual-subscription', admin.token, { months: 12 }, 'Please enter a user email.'],
        ['/api/admin/manual-subscription', admin.token, { userEmail: student.email, months: 2 }, COMMERCE_MESSAGES.wrongMonths],
        ['/api/admin/update-payment', admin.token, { id: 'x', status: 'maybe' }, COMMERCE_MESSAGES.wrongStatus],
        ['/api/admin/update-payment', admin.token, { status: 'approved' }, COMMERCE_MESSAGES.paymentIdRequired],
      ];
      for (const [path, token, body, message] of cases) {
        const response = await request(kit.app).post(path).set(bearer(token)).send(body as object);
        expect({ path, status: response.status, message: response.body.message }).toEqual({ path, status: 400, message });
      }
    });
  });
});
