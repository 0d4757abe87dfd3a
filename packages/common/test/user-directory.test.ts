import mongoose from 'mongoose';
import { randomUUID } from 'node:crypto';
import type { DirectoryUser } from '@quad/contracts';
import { type ServiceRuntime, directoryModel, runUserDirectory } from '../src';
import { createTestRuntime, destroyTestRuntime, testConfig, waitFor } from '../src/testing';

const user = (overrides: Partial<DirectoryUser> = {}): DirectoryUser => ({
  userId: randomUUID(),
  version: 0,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@mit.edu',
  profileColor: '#3B82F6',
  profileImageUrl: null,
  collegeId: 'mit',
  collegeName: 'Massachusetts Institute of Technology',
  collegeInitials: 'MIT',
  major: 'Mathematics',
  graduationYear: 2027,
  isAdmin: false,
  ...overrides,
});

describe('user directory projection', () => {
  let publisherRuntime: ServiceRuntime;
  let lateRuntime: ServiceRuntime;
  beforeAll(async () => {
    publisherRuntime = await createTestRuntime('auth');
  });
  afterAll(async () => {
    await destroyTestRuntime(publisherRuntime);
    if (lateRuntime) await destroyTestRuntime(lateRuntime);
  });

  test('when a service starts after events were published, then its directory catches up on all of them', async () => {
    const ada = user();
    const grace = user({ firstName: 'Grace', lastName: 'Hopper' });
    await publisherRuntime.publisher.publish('auth.user.registered', ada);
    await publisherRuntime.publisher.publish('auth.user.registered', grace);
    await publisherRuntime.publisher.publish('auth.user.updated', {
      ...ada,
      version: 1,
      profileColor: '#10B981',
    });
    const expires = new Date(Date.now() + 86_400_000).toISOString();
    await publisherRuntime.publisher.publish('commerce.subscription.updated', {
      userId: ada.userId,
      version: 0,
      subscriptionExpiresAt: expires,
    });

    // A second service with an empty database starts only now.
    // It replays history, as a real deployment does (tests otherwise start consumers at 'new').
    lateRuntime = await createTestRuntime('forum', { ...testConfig(), EVENTS_REPLAY: 'all' });
    await runUserDirectory(lateRuntime);
    const Directory = directoryModel(lateRuntime.db);

    const adaCopy = await waitFor(
      async () => {
        const entry = await Directory.findById(ada.userId).lean();
        // Streams are consumed independently: wait for the last event of each to be applied.
        return entry?.subscriptionExpiresAt && entry.authVersion === 1 ? entry : null;
        // It replays every user event of the whole test run before Ada's: more than the default wait.
      },
      { timeoutMs: 90_000, intervalMs: 200 },
    );
    expect(adaCopy).toMatchObject({
      firstName: 'Ada',
      profileColor: '#10B981',
      authVersion: 1,
      collegeId: 'mit',
    });
    expect(adaCopy.subscriptionExpiresAt?.toISOString()).toBe(expires);
    await waitFor(() => Directory.findById(grace.userId).lean());
  }, 120_000);

  test('when an older version arrives after a newer one, then the newer data is kept', async () => {
    const bob = user({ firstName: 'Bob' });
    await publisherRuntime.publisher.publish('auth.user.registered', bob);
    await publisherRuntime.publisher.publish('auth.user.updated', {
      ...bob,
      version: 3,
      firstName: 'Robert',
    });
    await publisherRuntime.publisher.publish('auth.user.updated', { ...bob, version: 2, firstName: 'Bobby' });
    await publisherRuntime.publisher.publish('moderation.user.banned', {
      userId: bob.userId,
      version: 0,
      reason: 'spam',
      banUntil: new Date(Date.now() + 3600_000).toISOString(),
      bannedBy: 'admin',
    });
    // Each stream is consumed in order, so once a later AUTH event is in, both updates were applied.
    const marker = user({ firstName: 'Marker' });
    await publisherRuntime.publisher.publish('auth.user.registered', marker);
    const Directory = directoryModel(lateRuntime.db);
    await waitFor(() => Directory.findById(marker.userId).lean());
    const copy = await waitFor(async () => {
      const entry = await Directory.findById(bob.userId).lean();
      return entry?.ban ? entry : null;
    });
    expect(copy.firstName).toBe('Robert');
    expect(copy.authVersion).toBe(3);
    expect(copy.ban?.reason).toBe('spam');
  });

  test('when events of three streams for the same users arrive together, then no update is lost', async () => {
    const users = Array.from({ length: 20 }, (_, i) => user({ firstName: `Racer${i}` }));
    const until = new Date(Date.now() + 3600_000).toISOString();
    await Promise.all(
      users.flatMap((u) => [
        publisherRuntime.publisher.publish('auth.user.registered', u),
        publisherRuntime.publisher.publish('commerce.subscription.updated', {
          userId: u.userId,
          version: 0,
          subscriptionExpiresAt: until,
        }),
        publisherRuntime.publisher.publish('moderation.user.banned', {
          userId: u.userId,
          version: 0,
          reason: 'race',
          banUntil: until,
          bannedBy: 'admin',
        }),
      ]),
    );
    const Directory = directoryModel(lateRuntime.db);
    const ids = users.map((u) => u.userId);
    const complete = await waitFor(
      async () => {
        const entries = await Directory.find({ _id: mongoose.trusted({ $in: ids }) }).lean();
        const done = entries.filter((e) => e.authVersion === 0 && e.subscriptionExpiresAt && e.ban);
        return done.length === users.length ? done : null;
      },
      { timeoutMs: 20_000 },
    );
    expect(complete.map((e) => e.firstName).sort()).toEqual(users.map((u) => u.firstName).sort());
  });
});
