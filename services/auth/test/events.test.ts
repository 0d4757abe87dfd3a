import request from 'supertest';
import { type DirectoryUser, type EventEnvelope, directoryUserSchema } from '@quad/contracts';
import { type RunningConsumer, startConsumers } from '@quad/common';
import { bearer, uniqueName, waitFor } from '@quad/common/src/testing';
import { userModel } from '../src/models/user-model';
import { type AuthTestApp, STANFORD, registerAdmin, registerStudent, startAuthApp } from './auth-test-app';

type Received = EventEnvelope<DirectoryUser> & { subject: string };

describe('events', () => {
  let auth: AuthTestApp;
  let listener: RunningConsumer;
  const received: Received[] = [];

  const eventsOf = (userId: string) => received.filter((e) => e.data.userId === userId);
  const waitForVersion = (userId: string, version: number) =>
    waitFor(() => eventsOf(userId).find((e) => e.data.version === version));

  beforeAll(async () => {
    auth = await startAuthApp({}, { consumers: true });
    // A listener of our own, as another service would be, on the real AUTH stream.
    const { js, jsm, logger } = auth.runtime;
    const record = async (event: EventEnvelope<DirectoryUser>) => {
      received.push(event as Received);
    };
    listener = await startConsumers({
      js,
      jsm,
      logger,
      durable: uniqueName('auth_events_listener'),
      handlers: { 'auth.user.registered': record, 'auth.user.updated': record },
    });
  });
  afterAll(async () => {
    await listener.stop();
    await auth.close();
  });

  test('when a student registers and edits, then registered (v0) and updated events follow with growing versions', async () => {
    const { token, user, body } = await registerStudent(auth.app, {}, { confirm: false });
    const registered = await waitForVersion(user.id, 0);

    await request(auth.app)
      .post('/api/complete-profile')
      .set(bearer(token))
      .send({ firstName: 'Ada', lastName: 'Byron' });
    await request(auth.app)
      .post('/api/profile/update')
      .set(bearer(token))
      .field('major', 'Mathematics')
      .field('graduationYear', '2028')
      .field('profileColor', '#EC4899');

    expect(registered.subject).toBe('auth.user.registered');
    expect(directoryUserSchema.parse(registered.data)).toEqual({
      userId: user.id,
      version: 0,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: body.email,
      profileColor: '#3B82F6',
      profileImageUrl: null,
      collegeId: '1',
      collegeName: 'Massachusetts Institute of Technology',
      collegeInitials: 'MIT',
      major: '',
      graduationYear: null,
      isAdmin: false,
      emailConfirmed: false,
      isVerified: false,
    });
    const renamed = await waitForVersion(user.id, 1);
    expect(renamed).toMatchObject({ subject: 'auth.user.updated', data: { lastName: 'Byron' } });
    const edited = await waitForVersion(user.id, 2);
    expect(edited).toMatchObject({
      subject: 'auth.user.updated',
      data: { lastName: 'Byron', major: 'Mathematics', graduationYear: 2028, profileColor: '#EC4899' },
    });
    expect(await userModel(auth.runtime.db).findById(user.id).lean()).toMatchObject({ version: 2 });
    // Published and gone from the outbox.
    const outbox = auth.runtime.db.collection('outbox');
    await waitFor(async () => (await outbox.countDocuments({ _id: { $regex: `^auth\\.user\\.${user.id}\\.` } } as never)) === 0);
  });

  test('when an admin changes a student’s college, then an updated event carries the new college', async () => {
    const admin = await registerAdmin(auth.app);
    const { user } = await registerStudent(auth.app, {}, { confirm: false });

    await request(auth.app)
      .post('/api/admin/change-college')
      .set(bearer(admin.token))
      .send({ userId: user.id, collegeId: STANFORD });

    const moved = await waitForVersion(user.id, 1);
    expect(moved.data).toMatchObject({
      collegeId: STANFORD,
      collegeName: 'Stanford University',
      collegeInitials: 'SU',
    });
    const adminEvent = await waitForVersion(admin.user.id, 0);
    expect(adminEvent.data).toMatchObject({
      isAdmin: true,
      email: null,
      firstName: 'Anonymous',
      lastName: 'Admin',
    });
  });

  test('when NATS refuses a change’s event, then the change still succeeds and the outbox sweep publishes it', async () => {
    const { token, user } = await registerStudent(auth.app, {}, { confirm: false });
    await waitForVersion(user.id, 0);
    const { publisher } = auth.runtime;
    const publish = publisher.publish;
    // As if NATS were away: every publish fails until it is back.
    publisher.publish = async () => {
      throw new Error('NATS is away');
    };
    let response: request.Response;
    try {
      response = await request(auth.app).post('/api/profile/update').set(bearer(token)).field('major', 'Biology');
      expect(response.status).toBe(200);
      expect(await auth.runtime.db.collection('outbox').findOne({ _id: `auth.user.${user.id}.v1` as never })).toBeTruthy();
    } finally {
      publisher.publish = publish;
    }

    const event = await waitForVersion(user.id, 1);
    expect(event.data.major).toBe('Biology');
    await waitFor(async () => !(await auth.runtime.db.collection('outbox').findOne({ _id: `auth.user.${user.id}.v1` as never })));
  });

  describe('commerce.subscription.updated', () => {
    // Every COMMERCE event published so far has been handled and acknowledged by the user directory.
    const handled = () =>
      waitFor(async () => {
        const info = await auth.runtime.jsm.consumers.info('COMMERCE', `${auth.runtime.consumerPrefix}-user-directory-COMMERCE`);
        return info.num_pending === 0 && info.num_ack_pending === 0;
      });

    test('when commerce announces a subscription, then the user shows its expiry, and an older announcement changes nothing', async () => {
      const { token, user } = await registerStudent(auth.app);
      const current = new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString();
      const stale = new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString();

      await auth.runtime.publisher.publish('commerce.subscription.updated', {
        userId: user.id,
        version: 2,
        subscriptionExpiresAt: current,
      });
      await waitFor(async () => {
        const me = await request(auth.app).get('/api/auth/user').set(bearer(token));
        return me.body.subscriptionExpiresAt === current;
      });
      await auth.runtime.publisher.publish('commerce.subscription.updated', {
        userId: user.id,
        version: 1,
        subscriptionExpiresAt: stale,
      });
      await handled();

      const me = await request(auth.app).get('/api/auth/user').set(bearer(token));
      expect(me.body.subscriptionExpiresAt).toBe(current);
    });

    test('when the user id is not one of ours, then the event is acknowledged and ignored', async () => {
      await auth.runtime.publisher.publish('commerce.subscription.updated', {
        userId: 'someone-else',
        version: 0,
        subscriptionExpiresAt: null,
      });

      expect(await handled()).toBe(true);
    });
  });
});
