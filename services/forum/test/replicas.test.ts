import { randomBytes } from 'node:crypto';
import { Types } from 'mongoose';
import type { Comment, Post } from '@quad/contracts';
import type { ServiceRuntime } from '@quad/common';
import {
  type ServiceProcess,
  bearer,
  createTestRuntime,
  destroyTestRuntime,
  startServiceProcess,
  testToken,
  waitFor,
} from '@quad/common/src/testing';

/**
 * Two forum processes on the same servers, as an operator runs replicas; the second with its
 * wall clock an hour behind (libfaketime). What a student does through either must come out as if
 * there were one: no lost edit, exact counts, no stale post from the skewed one.
 */
describe('forum with two replicas', () => {
  let runtime: ServiceRuntime;
  let first: ServiceProcess;
  let skewed: ServiceProcess;
  const users: Record<'author' | 'amy' | 'ben' | 'cho', { id: string; token: string }> = {} as never;
  const college = `college-${randomBytes(3).toString('hex')}`;

  async function call(replica: ServiceProcess, user: { token: string }, method: string, path: string, body?: unknown) {
    const response = await fetch(`${replica.url}${path}`, {
      method,
      headers: { ...bearer(user.token), ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  }

  async function seen(replica: ServiceProcess, postId: string): Promise<Post | undefined> {
    const feed = await call(replica, users.amy, 'GET', '/api/posts?topicId=1&limit=50');
    expect(feed.status).toBe(200);
    return (feed.body as Post[]).find((post) => post.id === postId);
  }

  beforeAll(async () => {
    runtime = await createTestRuntime('forum-replicas');
    const env = {
      DB_NAME: runtime.db.name,
      CONSUMER_PREFIX: runtime.consumerPrefix,
      S3_BUCKET: `quad-forum-replicas-${randomBytes(4).toString('hex')}`,
    };
    [first, skewed] = await Promise.all([
      startServiceProcess({ service: 'forum', env }),
      // An hour of skew is beyond S3's 15 minutes, so object storage refuses this replica's signed
      // requests and its /readyz says so; it serves everything else, which is what is tested here.
      startServiceProcess({ service: 'forum', env, clockOffsetSeconds: -3600, readyPath: '/healthz' }),
    ]);
    for (const name of ['author', 'amy', 'ben', 'cho'] as const) {
      const id = new Types.ObjectId().toHexString();
      users[name] = { id, token: testToken({ userId: id, collegeId: college }) };
      await runtime.publisher.publish('auth.user.registered', {
        userId: id, version: 0, firstName: name, lastName: 'Replica', email: null, profileColor: '#10B981',
        profileImageUrl: null, collegeId: college, collegeName: 'Replica College', collegeInitials: 'RC',
        major: '', graduationYear: null, isAdmin: false,
      });
      await runtime.publisher.publish('commerce.subscription.updated', {
        userId: id, version: 0, subscriptionExpiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      });
    }
    // Each replica lets every user in once its directory has them.
    for (const replica of [first, skewed]) {
      for (const user of Object.values(users)) {
        await waitFor(async () => (await call(replica, user, 'GET', '/api/topics')).status === 200);
      }
    }
  }, 180_000);

  afterAll(async () => {
    await Promise.all([first?.stop(), skewed?.stop()]);
    await destroyTestRuntime(runtime);
  });

  test('when views, comments, edits and deletes of one post run through both at once, then no edit is lost and every count is exact', async () => {
    const created = await call(first, users.author, 'POST', '/api/posts', {
      title: 'Original', content: 'Body', topicId: 1, isAnonymous: false,
    });
    expect(created.status).toBe(201);
    const postId = (created.body as Post).id;
    const students = [users.amy, users.ben, users.cho];
    const replicas = [first, skewed];
    let kept = 0;
    for (let round = 0; round < 25; round++) {
      const [, , , a, b, edit] = await Promise.all([
        ...students.map((student, i) => call(replicas[(round + i) % 2]!, student, 'POST', `/api/posts/${postId}/view`)),
        call(first, students[round % 3]!, 'POST', '/api/comments', { postId, content: `A${round}` }),
        call(skewed, students[(round + 1) % 3]!, 'POST', '/api/comments', { postId, content: `B${round}` }),
        call(replicas[round % 2]!, users.author, 'PUT', `/api/posts/${postId}`, { title: `Edit ${round}`, content: `Body ${round}` }),
      ]);
      expect([a.status, b.status, edit.status]).toEqual([201, 201, 200]);
      // One of the two new comments is deleted by its writer at once, through the other replica.
      const removed = await call(replicas[(round + 1) % 2]!, students[round % 3]!, 'DELETE', `/api/comments/${(a.body as Comment).id}`);
      expect(removed.status).toBe(200);
      kept += 1;
      // Either replica, skewed clock or not, serves the edit just made.
      for (const replica of replicas) expect((await seen(replica, postId))?.title).toBe(`Edit ${round}`);
    }
    for (const replica of replicas) {
      expect(await seen(replica, postId)).toMatchObject({ title: 'Edit 24', content: 'Body 24', viewCount: 3, commentCount: kept });
    }
    const stored = await runtime.db.collection('posts').findOne({ _id: new Types.ObjectId(postId) });
    expect(stored).toMatchObject({ title: 'Edit 24', content: 'Body 24', version: 25 });
    const comments = await call(skewed, users.amy, 'GET', `/api/comments?postId=${postId}`);
    expect((comments.body as Comment[]).map((comment) => comment.content)).toEqual(
      Array.from({ length: 25 }, (_, round) => `B${round}`),
    );

    // Deleted through both at once: one succeeds, the other finds it gone; neither shows it after.
    const deletes = await Promise.all(replicas.map((replica) => call(replica, users.author, 'DELETE', `/api/posts/${postId}`)));
    expect(deletes.map((response) => response.status).sort()).toEqual([200, 404]);
    for (const replica of replicas) {
      expect(await seen(replica, postId)).toBeUndefined();
      const topics = await call(replica, users.amy, 'GET', '/api/topics');
      expect((topics.body as Array<{ id: number; postCount: number }>).find((topic) => topic.id === 1)?.postCount).toBe(0);
    }
  }, 120_000);

  test('when the replica an hour behind writes and the other reads (and back), then neither serves a stale post', async () => {
    const created = await call(skewed, users.author, 'POST', '/api/posts', {
      title: 'Skew 0', content: 'c', topicId: 1, isAnonymous: false,
    });
    const postId = (created.body as Post).id;
    // Its clock is an hour behind indeed: the post was created "an hour ago".
    expect(Date.now() - Date.parse((created.body as Post).createdAt)).toBeGreaterThan(55 * 60_000);
    for (let i = 1; i <= 10; i++) {
      const writer = i % 2 ? first : skewed;
      const reader = i % 2 ? skewed : first;
      expect((await call(writer, users.author, 'PUT', `/api/posts/${postId}`, { title: `Skew ${i}`, content: 'c' })).status).toBe(200);
      expect((await seen(reader, postId))?.title).toBe(`Skew ${i}`);
    }
  });
});
