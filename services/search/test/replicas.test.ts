import { randomBytes } from 'node:crypto';
import type { SearchHit } from '@quad/contracts';
import { type ServiceProcess, bearer, startServiceProcess, waitFor } from '@quad/common/src/testing';
import { type SearchKit, type TestUser, forumAs, makeUser, startSearchKit } from './search-test-kit';

/**
 * Search replicas as separate OS processes, as an operator runs them: each keeps its own index,
 * replayed from the streams, so two replicas (and one started after the content was written)
 * must answer every query alike, and each must follow an edit within a second.
 */
describe('search with two replicas', () => {
  let kit: SearchKit;
  const replicas: ServiceProcess[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    kit = await startSearchKit();
    env = {
      DB_NAME: kit.runtime.namespace,
      CONSUMER_PREFIX: kit.runtime.consumerPrefix,
      SEARCH_REPLAY_SINCE: kit.since,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
    };
    replicas.push(
      ...(await Promise.all([
        startServiceProcess({ service: 'search', env }),
        startServiceProcess({ service: 'search', env }),
      ])),
    );
  }, 90_000);

  afterAll(async () => {
    await Promise.all(replicas.map((replica) => replica.stop()));
    await kit.stop();
  });

  const ask = async (
    replica: ServiceProcess,
    user: TestUser,
    q: string,
    type = 'all',
  ): Promise<SearchHit[]> => {
    const response = await fetch(
      `${replica.url}/api/search?${new URLSearchParams({ q, type, limit: '50' })}`,
      { headers: bearer(user.token) },
    );
    if (response.status !== 200) throw new Error(`search: ${response.status} ${await response.text()}`);
    return (await response.json()) as SearchHit[];
  };

  test('when content is written, then both replicas, and a replica started afterwards, answer every query the same', async () => {
    const collegeId = `replicas-${randomBytes(3).toString('hex')}`;
    const users = await Promise.all(
      ['Ada', 'Grace', 'Linus', 'Barbara'].map((firstName) =>
        makeUser(kit, { collegeId, firstName, lastName: 'Replica' }),
      ),
    );
    const words = ['guitar', 'bicycle', 'calculator', 'textbook', 'apartment'];
    for (let i = 0; i < 20; i++) {
      const author = users[i % users.length]!;
      const post = await forumAs(kit, author).post({
        title: `${words[i % words.length]} ${i}`,
        content: `Selling a ${words[(i + 1) % words.length]} and a ${words[(i + 2) % words.length]}.`,
        isAnonymous: i % 3 === 0,
      });
      if (i % 4 === 0)
        await forumAs(kit, users[(i + 1) % users.length]!).comment(
          post.id,
          `Is the ${words[i % words.length]} still there?`,
        );
    }
    await kit.forum.runtime.publisher.publish('social.block.created', {
      blockerId: users[0]!.id,
      blockedId: users[1]!.id,
    });
    const queries = ['guitar', 'bicycle textbook', 'calculater', 'apartm', 'Replica', 'selling'];
    const viewer = users[0]!;
    // Both replicas have caught up when they know the last write (the block) and every post.
    // Scores are compared by the order they give: their recency part moves with the clock.
    const answersOf = async (replica: ServiceProcess) =>
      (await Promise.all(queries.map((q) => ask(replica, viewer, q)))).map((hits) =>
        hits.map(({ score: _score, ...hit }) => hit),
      );
    const expected = await waitFor(async () => {
      const [one, two] = await Promise.all(replicas.map(answersOf));
      return JSON.stringify(one) === JSON.stringify(two) &&
        !one![4]!.some((hit) => hit.id === users[1]!.id) &&
        one![5]!.length >= 13
        ? one
        : null;
    });
    expect(expected[0]!.length).toBeGreaterThan(0);
    expect(expected[2]!.length).toBeGreaterThan(0);

    const late = await startServiceProcess({ service: 'search', env });
    replicas.push(late);
    // Ready means replayed: its first answers are already the others'.
    expect(JSON.stringify(await answersOf(late))).toBe(JSON.stringify(expected));
  });

  test('when a post is edited, then every replica finds the new text within a second', async () => {
    const collegeId = `replicas-${randomBytes(3).toString('hex')}`;
    const [author, reader] = await Promise.all([makeUser(kit, { collegeId }), makeUser(kit, { collegeId })]);
    const post = await forumAs(kit, author).post({ title: 'Kettle for the dorm', content: 'Electric.' });
    await waitFor(async () =>
      (await Promise.all(replicas.map((replica) => ask(replica, reader, 'kettle')))).every(
        (hits) => hits.length === 1,
      ),
    );

    await forumAs(kit, author).editPost(post.id, { title: 'Toaster for the dorm', content: 'Two slots.' });
    const editedAt = Date.now();
    await waitFor(
      async () =>
        (await Promise.all(replicas.map((replica) => ask(replica, reader, 'toaster')))).every(
          (hits) => hits[0]?.id === post.id,
        ),
      { timeoutMs: 1000, intervalMs: 20 },
    );
    expect(Date.now() - editedAt).toBeLessThan(1000);
    for (const replica of replicas) expect(await ask(replica, reader, 'kettle')).toEqual([]);
  });
});
