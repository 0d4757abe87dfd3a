import { publishedSince, settledCount, waitFor } from '@quad/common/src/testing';
import { type SocialKit, type TestUser, as, befriend, makeUser, publishedEvent, startSocialKit } from './social-test-kit';

/** Issue 25: auth.user.deleted makes social forget the student's friendships, requests, blocks and membership. */
describe('a deleted account in social', () => {
  let kit: SocialKit;
  let ada: TestUser;
  let grace: TestUser;
  let linus: TestUser;
  let leaving: TestUser;

  beforeAll(async () => {
    kit = await startSocialKit();
    [ada, grace, linus, leaving] = await Promise.all([
      makeUser(kit, { collegeId: 'college-s', firstName: 'Ada' }),
      makeUser(kit, { collegeId: 'college-s', firstName: 'Grace' }),
      makeUser(kit, { collegeId: 'college-s', firstName: 'Linus' }),
      makeUser(kit, { collegeId: 'college-s', firstName: 'Leaving' }),
    ]);
  });
  afterAll(() => kit.stop());

  async function storedOf(userId: string) {
    const { Friendship, FriendRequest, Block } = kit.ctx.models;
    const counts = await Promise.all([
      Friendship.countDocuments({ userIds: userId }),
      FriendRequest.countDocuments({ senderId: userId }),
      FriendRequest.countDocuments({ receiverId: userId }),
      Block.countDocuments({ blockerId: userId }),
      Block.countDocuments({ blockedId: userId }),
      kit.runtime.db.collection('members').countDocuments({ _id: userId } as never),
    ]);
    return counts.reduce((sum, count) => sum + count, 0);
  }

  test('when the student downloads their data, then social’s part holds their friends, requests both ways and blocks', async () => {
    const [exporter, friend, asked, asker, blocked] = await Promise.all(
      ['Exporter', 'Friend', 'Asked', 'Asker', 'Blocked'].map((firstName) => makeUser(kit, { collegeId: 'college-s', firstName })),
    );
    await befriend(kit, exporter!, friend!);
    await as(kit, exporter!).post('/api/friend-requests', { friendId: asked!.id }).expect(201);
    await as(kit, asker!).post('/api/friend-requests', { friendId: exporter!.id }).expect(201);
    await as(kit, exporter!).post('/api/blocks', { userId: blocked!.id }).expect(201);

    const response = await as(kit, exporter!).get('/internal/account-export');

    expect(response.status).toBe(200);
    const { records } = response.body as { records: Record<string, Array<Record<string, unknown>>> };
    expect(records.friends!.map((f) => f.userIds)).toEqual([expect.arrayContaining([exporter!.id, friend!.id])]);
    expect(records.friendRequestsSent!.some((r) => r.receiverId === asked!.id && r.pending === true)).toBe(true);
    expect(records.friendRequestsReceived!.map((r) => r.senderId)).toEqual([asker!.id]);
    expect(records.blocks!.map((b) => b.blockedId)).toEqual([blocked!.id]);
  });

  test('when auth announces the deletion, then friendships end (announced), requests and blocks go, and a replay announces nothing more', async () => {
    await befriend(kit, ada, leaving);
    await as(kit, leaving).post('/api/friend-requests', { friendId: grace.id }).expect(201);
    await as(kit, leaving).post('/api/blocks', { userId: linus.id }).expect(201);
    expect(await storedOf(leaving.id)).toBeGreaterThanOrEqual(4);

    await kit.runtime.publisher.publish('auth.user.deleted', { userId: leaving.id, version: 1, deletedAt: new Date().toISOString() });
    await waitFor(async () => (await storedOf(leaving.id)) === 0, { timeoutMs: 15_000 });

    await publishedEvent(kit, 'social.friendship.removed', (data) => data.userIds.includes(leaving.id));
    await publishedEvent(kit, 'social.block.removed', (data) => data.blockerId === leaving.id);
    expect(((await as(kit, ada).get('/api/friends')).body as Array<{ id: string }>).map((f) => f.id)).not.toContain(leaving.id);
    expect(JSON.stringify((await as(kit, grace).get('/api/friend-requests')).body)).not.toContain(leaving.id);

    const replayedAt = new Date();
    await kit.runtime.publisher.publish('auth.user.deleted', { userId: leaving.id, version: 1, deletedAt: new Date().toISOString() });
    await settledCount(kit.published);
    expect(await storedOf(leaving.id)).toBe(0);
    expect(publishedSince(kit.published, replayedAt, [leaving, ada, grace, linus].map((user) => user.id)).map((event) => event.subject)).toEqual([]);
  });
});
