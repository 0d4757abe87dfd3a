import type { Friend } from '@quad/contracts';
import { type ServiceProcess, bearer, startServiceProcess } from '@quad/common/src/testing';
import { type SocialKit, type TestUser, makeUser, startSocialKit } from './social-test-kit';

/**
 * Two social replicas as separate OS processes on one database and one Redis, as an operator runs
 * them: every decision about a pair is serialized across processes, not only within one.
 */
describe('social with two replicas', () => {
  let kit: SocialKit;
  const replicas: ServiceProcess[] = [];

  beforeAll(async () => {
    kit = await startSocialKit();
    const env = {
      DB_NAME: kit.runtime.namespace,
      CONSUMER_PREFIX: kit.runtime.consumerPrefix,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
    };
    replicas.push(
      ...(await Promise.all([
        startServiceProcess({ service: 'social', env }),
        startServiceProcess({ service: 'social', env }),
      ])),
    );
  }, 60_000);

  afterAll(async () => {
    await Promise.all(replicas.map((replica) => replica.stop()));
    await kit.stop();
  });

  const call = (replica: ServiceProcess, user: TestUser, method: string, path: string, body?: unknown) =>
    fetch(`${replica.url}${path}`, {
      method,
      headers: { ...bearer(user.token), 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  test('when pairs of students ask each other at the same moment on different replicas, then each pair becomes friends exactly once', async () => {
    const pairs = await Promise.all(
      Array.from(
        { length: 8 },
        async (_, i) =>
          [
            await makeUser(kit, { collegeId: 'college-r', firstName: `Left${i}` }),
            await makeUser(kit, { collegeId: 'college-r', firstName: `Right${i}` }),
          ] as const,
      ),
    );
    const answers = await Promise.all(
      pairs.flatMap(([left, right]) => [
        call(replicas[0]!, left, 'POST', '/api/friend-requests', { friendId: right.id }),
        call(replicas[1]!, right, 'POST', '/api/friend-requests', { friendId: left.id }),
      ]),
    );
    for (let i = 0; i < pairs.length; i++) {
      // One of the two stored the request, the other found it and accepted: never two requests.
      expect([answers[2 * i]!.status, answers[2 * i + 1]!.status].sort()).toEqual([200, 201]);
    }
    for (const [left, right] of pairs) {
      const friends = (await (await call(replicas[1]!, left, 'GET', '/api/friends')).json()) as Friend[];
      expect(friends.map((friend) => friend.id)).toEqual([right.id]);
      expect(await kit.ctx.models.FriendRequest.countDocuments({ senderId: left.id, pending: true })).toBe(0);
      expect(await kit.ctx.models.FriendRequest.countDocuments({ senderId: right.id, pending: true })).toBe(
        0,
      );
    }
  });

  test('when one student accepts on one replica while the other blocks on another, then they end up blocked and not friends', async () => {
    for (let round = 0; round < 4; round++) {
      const [asker, blocker] = await Promise.all([
        makeUser(kit, { collegeId: 'college-r', firstName: `Asker${round}` }),
        makeUser(kit, { collegeId: 'college-r', firstName: `Blocker${round}` }),
      ]);
      const sent = (await (
        await call(replicas[0]!, asker, 'POST', '/api/friend-requests', { friendId: blocker.id })
      ).json()) as { id: string };
      const [accepted, blocked] = await Promise.all([
        call(replicas[0]!, blocker, 'POST', `/api/friend-requests/${sent.id}/accept`),
        call(replicas[1]!, blocker, 'POST', '/api/blocks', { userId: asker.id }),
      ]);
      expect([200, 404]).toContain(accepted.status);
      expect(blocked.status).toBe(201);
      expect(await (await call(replicas[1]!, blocker, 'GET', '/api/friends')).json()).toEqual([]);
      expect(await (await call(replicas[0]!, asker, 'GET', '/api/friends')).json()).toEqual([]);
    }
  });
});
