import { randomBytes } from 'node:crypto';
import { AckPolicy, DeliverPolicy, nanos } from 'nats';
import { type DirectoryUser, type EventEnvelope, type EventSubject, type StreamName, streamOf } from '@quad/contracts';
import { type RunningConsumer, startConsumers } from '@quad/common';
import { type ServiceProcess, bearer, startServiceProcess, uniqueName, waitFor } from '@quad/common/src/testing';
import { authEventHandlers } from '../src/incoming-events';
import { type AuthTestApp, TEST_ADMIN_PASSWORD, newStudent, startAuthApp } from './auth-test-app';

/**
 * Two auth processes on the same servers (one database, one set of durable consumers), as an
 * operator runs replicas. Whatever reaches either, or both at once, or one that dies midway, must
 * come out as if there were one: exact profile stats, no lost profile field, versions in order.
 */
describe('auth with two replicas', () => {
  /** In-process, on the replicas' database: publishes events as forum and social would, reads what is stored. */
  let auth: AuthTestApp;
  let one: ServiceProcess;
  let two: ServiceProcess;
  let listener: RunningConsumer;
  const updates: Array<EventEnvelope<DirectoryUser> & { sequence: number }> = [];

  const statsDurable = (stream: StreamName) => `${auth.runtime.consumerPrefix}-auth-stats-${stream}`;

  async function call(replica: ServiceProcess, token: string | null, method: string, path: string, body?: unknown) {
    const form = body instanceof FormData;
    const response = await fetch(`${replica.url}${path}`, {
      method,
      headers: { ...(token ? bearer(token) : {}), ...(body && !form ? { 'Content-Type': 'application/json' } : {}) },
      body: form ? body : body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  }

  async function register(replica: ServiceProcess) {
    const response = await call(replica, null, 'POST', '/api/register', newStudent());
    expect(response.status).toBe(201);
    return { id: response.body.user.id as string, token: response.body.authToken as string };
  }

  const statsOf = async (replica: ServiceProcess, token: string) => {
    const response = await call(replica, token, 'GET', '/api/profile');
    expect(response.status).toBe(200);
    return response.body.stats as { totalPosts: number; totalComments: number; totalFriends: number };
  };

  /** Every stat event in the streams has been handled and acknowledged by the replicas. */
  const drained = () =>
    waitFor(
      async () => {
        for (const stream of ['FORUM', 'SOCIAL'] as const) {
          const info = await auth.runtime.jsm.consumers.info(stream, statsDurable(stream));
          if (info.num_pending !== 0 || info.num_ack_pending !== 0) return false;
        }
        return true;
      },
      { timeoutMs: 45_000 },
    );

  /** How often the FORUM stat consumer has delivered, and how many messages it has to deliver. */
  async function deliveries() {
    const { jsm } = auth.runtime;
    const consumer = await jsm.consumers.info('FORUM', statsDurable('FORUM'));
    const filter = consumer.config.filter_subjects ?? [];
    const stream = await jsm.streams.info('FORUM', { subjects_filter: 'forum.>' });
    const subjects = (stream.state.subjects ?? {}) as Record<string, number>;
    return {
      delivered: consumer.delivered.consumer_seq,
      messages: filter.reduce((sum, subject) => sum + (subjects[subject] ?? 0), 0),
    };
  }

  const publisher = () => auth.runtime.publisher;
  const post = (authorId: string, postId: string) => ({ postId, authorId, collegeId: '1', topicId: 1 });
  const comment = (authorId: string, commentId: string) => ({ commentId, postId: 'p', authorId, collegeId: '1' });
  const tag = () => randomBytes(4).toString('hex');

  beforeAll(async () => {
    auth = await startAuthApp();
    // The stat consumers as the replicas make them, but with a 2 s ack wait, so an event held by
    // a replica that died is redelivered to the other in seconds rather than 30.
    const subjects = new Map<StreamName, EventSubject[]>();
    for (const subject of Object.keys(authEventHandlers(auth.deps)) as EventSubject[]) {
      subjects.set(streamOf(subject), [...(subjects.get(streamOf(subject)) ?? []), subject]);
    }
    for (const [stream, filter] of subjects) {
      await auth.runtime.jsm.consumers.add(stream, {
        durable_name: statsDurable(stream),
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        filter_subjects: filter,
        max_deliver: 5,
        ack_wait: nanos(2000),
      });
    }
    const env = {
      DB_NAME: auth.runtime.db.name,
      CONSUMER_PREFIX: auth.runtime.consumerPrefix,
      ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
      RATE_LIMIT_LOGIN_PER_IP: '1000',
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '1000',
      RATE_LIMIT_REGISTER_PER_IP: '1000',
      RATE_LIMIT_ADMIN_PER_IP: '1000',
      S3_BUCKET: `quad-auth-replicas-${tag()}`,
    };
    [one, two] = await Promise.all([
      startServiceProcess({ service: 'auth', env, timeoutMs: 60_000 }),
      startServiceProcess({ service: 'auth', env, timeoutMs: 60_000 }),
    ]);
    // What other services hear of users, as they would hear it.
    const { js, jsm, logger } = auth.runtime;
    listener = await startConsumers({
      js,
      jsm,
      logger,
      durable: uniqueName('auth_replicas_listener'),
      handlers: {
        'auth.user.updated': async (event) => {
          updates.push(event);
        },
      },
    });
  }, 120_000);

  afterAll(async () => {
    await listener?.stop();
    await Promise.all([one?.stop(), two?.stop()]);
    await auth?.close();
  });

  test('when one student’s profile is edited through both replicas at once, then no field is lost and every version is published once, in order', async () => {
    const student = await register(one);
    const fields = ['firstName', 'lastName', 'bio', 'major', 'graduationYear', 'interests', 'profileColor'] as const;
    const colours = ['#EF4444', '#10B981', '#8B5CF6'];
    const interests = ['Music', 'Sports', 'Technology'];
    const valueOf = (field: (typeof fields)[number], round: number): string =>
      ({
        firstName: `First${round}`,
        lastName: `Last${round}`,
        bio: `Bio of round ${round}`,
        major: `Major ${round}`,
        graduationYear: String(2026 + round),
        interests: JSON.stringify([interests[round - 1]]),
        profileColor: colours[round - 1]!,
      })[field];

    for (let round = 1; round <= 3; round++) {
      const responses = await Promise.all(
        fields.map((field, i) => {
          const form = new FormData();
          form.set(field, valueOf(field, round));
          return call(i % 2 === 0 ? one : two, student.token, 'POST', '/api/profile/update', form);
        }),
      );
      expect(responses.map((r) => r.status)).toEqual(fields.map(() => 200));

      for (const replica of [one, two]) {
        const profile = (await call(replica, student.token, 'GET', '/api/profile')).body;
        expect(profile).toMatchObject({
          firstName: `First${round}`,
          lastName: `Last${round}`,
          bio: `Bio of round ${round}`,
          major: `Major ${round}`,
          graduationYear: 2026 + round,
          interests: [interests[round - 1]],
          profileColor: colours[round - 1],
        });
      }
    }

    const total = 3 * fields.length;
    const published = await waitFor(() => {
      const mine = updates.filter((event) => event.data.userId === student.id);
      return mine.length >= total ? mine : null;
    });
    const versions = [...published].sort((a, b) => a.sequence - b.sequence).map((event) => event.data.version);
    // In stream order, each version once, each newer than the last.
    expect(versions).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    expect(published.at(-1)!.data).toMatchObject({ firstName: 'First3', lastName: 'Last3', major: 'Major 3', graduationYear: 2029 });
    expect(await auth.deps.models.User.findById(student.id).lean()).toMatchObject({ version: total });
  }, 60_000);

  test('when the same post is announced twice at once and 20 posts come and go through both replicas, then the stats are exact', async () => {
    const student = await register(two);
    const friend = await register(one);
    const twice = `post-${tag()}`;
    const run = tag();

    // One post announced twice at the same moment under two message ids: JetStream stores both.
    await Promise.all([
      publisher().publish('forum.post.created', post(student.id, twice), `${twice}-a`),
      publisher().publish('forum.post.created', post(student.id, twice), `${twice}-b`),
    ]);
    // 20 posts, each with a comment, published concurrently (ordered per post): every other post
    // is deleted again, and every third comment. The two replicas handle them interleaved.
    await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const postId = `post-${run}-${i}`;
        await publisher().publish('forum.post.created', post(student.id, postId));
        await publisher().publish('forum.comment.created', comment(student.id, `comment-${run}-${i}`));
        if (i % 2 === 1) await publisher().publish('forum.post.deleted', post(student.id, postId));
        if (i % 3 === 0) await publisher().publish('forum.comment.deleted', comment(student.id, `comment-${run}-${i}`));
      }),
    );
    await Promise.all([
      publisher().publish('social.friendship.created', { userIds: [student.id, friend.id] }),
      publisher().publish('social.friendship.created', { userIds: [friend.id, student.id] }),
    ]);

    const expected = { totalPosts: 1 + 10, totalComments: 20 - 7, totalFriends: 1 };
    await waitFor(async () => JSON.stringify(await statsOf(one, student.token)) === JSON.stringify(expected), {
      timeoutMs: 30_000,
    });
    await drained();
    // Nothing counted late or twice once every delivery is done, whichever replica asks.
    expect(await statsOf(one, student.token)).toEqual(expected);
    expect(await statsOf(two, student.token)).toEqual(expected);
    expect((await statsOf(two, friend.token)).totalFriends).toBe(1);
    // One fact for the post announced twice.
    expect(await auth.deps.models.StatFact.find({ _id: `totalPosts:${twice}` }).lean()).toEqual([
      expect.objectContaining({ userId: student.id, counter: 'totalPosts', live: true }),
    ]);
  }, 90_000);

  test('when a post’s events are delivered out of order and twice over, then only their stream order counts', async () => {
    const student = await register(one);
    const run = tag();
    const handlers = authEventHandlers(auth.deps);
    type Delivery = { subject: 'forum.post.created' | 'forum.post.deleted'; postId: string; sequence: number };
    // As the stream holds them: for 20 posts a creation, and for every other post its deletion after it.
    const stream: Delivery[] = [];
    let sequence = 1_000_000_000;
    for (let i = 0; i < 20; i++) {
      stream.push({ subject: 'forum.post.created', postId: `post-${run}-${i}`, sequence: sequence++ });
      if (i % 2 === 1) stream.push({ subject: 'forum.post.deleted', postId: `post-${run}-${i}`, sequence: sequence++ });
    }
    const deliver = async (deliveries: Delivery[]) => {
      for (const { subject, postId, sequence: seq } of deliveries) {
        await handlers[subject]!({
          id: `${subject}:${postId}`,
          subject,
          occurredAt: new Date().toISOString(),
          data: post(student.id, postId),
          sequence: seq,
        } as never);
      }
    };
    const shuffled = [...stream].sort(() => Math.random() - 0.5);

    // Each event reaches this process twice at once, newest first and shuffled, beside a replica's reads.
    await Promise.all([deliver([...stream].reverse()), deliver(shuffled)]);

    expect(await statsOf(two, student.token)).toEqual({ totalPosts: 10, totalComments: 0, totalFriends: 0 });
    expect(await statsOf(one, student.token)).toEqual({ totalPosts: 10, totalComments: 0, totalFriends: 0 });
  }, 30_000);

  // Last: it kills replica `one`.
  test('when a replica is killed while it handles stat events, then the other takes over and the stats are exact', async () => {
    const student = await register(two);
    const run = tag();
    await drained();
    const before = await deliveries();

    const publishing = Promise.all(
      Array.from({ length: 60 }, async (_, i) => {
        const postId = `post-${run}-${i}`;
        await publisher().publish('forum.post.created', post(student.id, postId));
        if (i % 4 === 0) await publisher().publish('forum.post.deleted', post(student.id, postId));
        if (i % 2 === 0) await publisher().publish('forum.comment.created', comment(student.id, `comment-${run}-${i}`));
      }),
    );
    // As soon as the replicas are storing these facts, replica one dies without a word (SIGKILL):
    // what it held unacknowledged, half done or done but not acknowledged, goes to the other.
    await waitFor(async () => (await auth.deps.models.StatFact.countDocuments({ userId: student.id })) >= 5, {
      intervalMs: 5,
    });
    await one.stop('SIGKILL');
    await publishing;

    const expected = { totalPosts: 60 - 15, totalComments: 30, totalFriends: 0 };
    await waitFor(async () => JSON.stringify(await statsOf(two, student.token)) === JSON.stringify(expected), {
      timeoutMs: 60_000,
    });
    await drained();
    expect(await statsOf(two, student.token)).toEqual(expected);
    // Something was indeed delivered again: more deliveries than messages.
    const after = await deliveries();
    expect(after.delivered - before.delivered).toBeGreaterThan(after.messages - before.messages);
  }, 120_000);
});
