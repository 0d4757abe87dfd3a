import { type BlockedUser, type Person, SOCIAL_MESSAGES } from '@quad/contracts';
import {
  type SocialKit,
  type TestUser,
  as,
  befriend,
  makeUser,
  publishedEvent,
  startSocialKit,
} from './social-test-kit';

// Colleges of this file alone: every test file's users reach every social consumer on the shared NATS.
const COLLEGE_B = `college-b-${Date.now().toString(36)}`;
const COLLEGE_C = `college-c-${Date.now().toString(36)}`;

describe('blocking', () => {
  let kit: SocialKit;
  let ada: TestUser;
  let grace: TestUser;
  let linus: TestUser;
  let bea: TestUser;

  beforeAll(async () => {
    kit = await startSocialKit();
    [ada, grace, linus, bea] = await Promise.all([
      makeUser(kit, { collegeId: COLLEGE_B, firstName: 'Ada', lastName: 'Block' }),
      makeUser(kit, { collegeId: COLLEGE_B, firstName: 'Grace', lastName: 'Block' }),
      makeUser(kit, { collegeId: COLLEGE_B, firstName: 'Linus', lastName: 'Block' }),
      makeUser(kit, { collegeId: COLLEGE_C, firstName: 'Bea', lastName: 'Block' }),
    ]);
  });

  afterAll(() => kit.stop());

  test('when a student blocks a friend, then the friendship ends, both events are published and the block is listed', async () => {
    await befriend(kit, ada, grace);
    const blocked = await as(kit, ada).post('/api/blocks', { userId: grace.id });
    expect(blocked.status).toBe(201);
    expect(blocked.body).toEqual({
      id: grace.id,
      firstName: 'Grace',
      lastName: 'Block',
      college: `College ${COLLEGE_B}`,
      profileColor: '#10B981',
      profileImageUrl: null,
      blockedAt: expect.any(String),
    });
    expect((await as(kit, ada).get('/api/friends')).body).toEqual([]);
    expect((await as(kit, grace).get('/api/friends')).body).toEqual([]);
    expect(((await as(kit, ada).get('/api/blocks')).body as BlockedUser[]).map((b) => b.id)).toEqual([
      grace.id,
    ]);
    // Blocks are one-way: Grace's own list is empty.
    expect((await as(kit, grace).get('/api/blocks')).body).toEqual([]);
    await publishedEvent(
      kit,
      'social.block.created',
      (data) => data.blockerId === ada.id && data.blockedId === grace.id,
    );
    await publishedEvent(kit, 'social.friendship.removed', (data) => data.userIds.includes(grace.id));
  });

  test('when either of two students blocked the other, then neither can send a request and neither finds the other', async () => {
    const fromBlocked = await as(kit, grace).post('/api/friend-requests', { friendId: ada.id });
    expect(fromBlocked.status).toBe(403);
    expect(fromBlocked.body).toEqual({ message: SOCIAL_MESSAGES.blocked });
    const fromBlocker = await as(kit, ada).post('/api/friend-requests', { friendId: grace.id });
    expect(fromBlocker.status).toBe(403);
    expect(fromBlocker.body).toEqual({ message: SOCIAL_MESSAGES.blockedByYou });

    const names = async (user: TestUser, path: string) =>
      ((await as(kit, user).get(path)).body as Person[]).map((p) => p.firstName);
    expect(await names(ada, '/api/search/users?q=block')).toEqual(['Linus']);
    expect(await names(grace, '/api/search/users?q=block')).toEqual(['Linus']);
    expect(await names(ada, '/api/users/search?q=grace')).toEqual([]);
    expect(await names(ada, '/api/friends/suggestions')).toEqual(['Linus']);
    expect(await names(grace, '/api/friends/suggestions')).toEqual(['Linus']);
  });

  test('when a student blocks someone with a request pending either way, then the request is cancelled', async () => {
    const sent = await as(kit, linus).post('/api/friend-requests', { friendId: ada.id });
    expect(sent.status).toBe(201);
    expect((await as(kit, ada).post('/api/blocks', { userId: linus.id })).status).toBe(201);
    expect((await as(kit, ada).get('/api/friend-requests')).body).toEqual({ incoming: [], sent: [] });
    expect((await as(kit, linus).get('/api/friend-requests')).body).toEqual({ incoming: [], sent: [] });
    expect((await as(kit, ada).post(`/api/friend-requests/${sent.body.id}/accept`)).status).toBe(404);
  });

  test('when a student unblocks, then social.block.removed is published, the list drops them and requests are possible again', async () => {
    const unblocked = await as(kit, ada).delete(`/api/blocks/${linus.id}`);
    expect(unblocked.status).toBe(200);
    expect(unblocked.body).toEqual({ message: 'User unblocked' });
    await publishedEvent(
      kit,
      'social.block.removed',
      (data) => data.blockerId === ada.id && data.blockedId === linus.id,
    );
    expect(((await as(kit, ada).get('/api/blocks')).body as BlockedUser[]).map((b) => b.id)).toEqual([
      grace.id,
    ]);
    expect((await as(kit, linus).post('/api/friend-requests', { friendId: ada.id })).status).toBe(201);

    // Blocking again works and publishes a new event.
    expect((await as(kit, ada).post('/api/blocks', { userId: linus.id })).status).toBe(201);
    const { waitFor } = await import('@quad/common/src/testing');
    await waitFor(
      () =>
        kit.published.filter(
          (e) =>
            e.subject === 'social.block.created' && (e.data as { blockedId: string }).blockedId === linus.id,
        ).length === 2,
    );
  });

  test.each([
    ['yourself', () => ({ userId: ada.id }), 400, SOCIAL_MESSAGES.blockSelf],
    ['nobody', () => ({}), 400, 'userId is required.'],
    ['an unknown user', () => ({ userId: '000000000000000000000000' }), 404, SOCIAL_MESSAGES.userNotFound],
    ['someone already blocked', () => ({ userId: grace.id }), 409, SOCIAL_MESSAGES.alreadyBlocked],
  ])('when a student blocks %s, then it is refused', async (_case, body, status, message) => {
    const response = await as(kit, ada).post('/api/blocks', body());
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ message });
  });

  test('when a student unblocks someone not blocked, then 404', async () => {
    const response = await as(kit, ada).delete(`/api/blocks/${bea.id}`);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: SOCIAL_MESSAGES.notBlocked });
  });

  test('when a student of another college is blocked, then it works (blocking only takes away)', async () => {
    expect((await as(kit, bea).post('/api/blocks', { userId: ada.id })).status).toBe(201);
  });

  test('when a student without a subscription manages blocks, then it still works (a safety feature)', async () => {
    const lapsed = await makeUser(kit, { collegeId: COLLEGE_B, subscribed: false });
    expect((await as(kit, lapsed).post('/api/blocks', { userId: ada.id })).status).toBe(201);
    expect(((await as(kit, lapsed).get('/api/blocks')).body as BlockedUser[]).map((b) => b.id)).toEqual([
      ada.id,
    ]);
    expect((await as(kit, lapsed).delete(`/api/blocks/${ada.id}`)).status).toBe(200);
  });
});
