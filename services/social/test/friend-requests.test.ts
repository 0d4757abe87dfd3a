import mongoose from 'mongoose';
import { type Friend, type FriendRequestList, SOCIAL_MESSAGES } from '@quad/contracts';
import { waitFor } from '@quad/common/src/testing';
import {
  type SocialKit,
  type TestUser,
  as,
  befriend,
  makeUser,
  publishedEvent,
  request,
  startSocialKit,
} from './social-test-kit';

describe('friend requests and friends', () => {
  let kit: SocialKit;
  let ada: TestUser;
  let grace: TestUser;
  let linus: TestUser;
  let bea: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    kit = await startSocialKit();
    [ada, grace, linus, bea, admin] = await Promise.all([
      makeUser(kit, { collegeId: 'college-a', firstName: 'Ada', lastName: 'Lovelace' }),
      makeUser(kit, { collegeId: 'college-a', firstName: 'Grace', lastName: 'Hopper' }),
      makeUser(kit, { collegeId: 'college-a', firstName: 'Linus', lastName: 'Torvalds' }),
      makeUser(kit, { collegeId: 'college-b', firstName: 'Bea' }),
      makeUser(kit, { collegeId: null, isAdmin: true, firstName: 'Admin' }),
    ]);
  });

  afterAll(() => kit.stop());

  test('when a student sends a request, then both see it pending, with both parties described', async () => {
    const sent = await as(kit, ada).post('/api/friend-requests', { friendId: grace.id });
    expect(sent.status).toBe(201);
    expect(sent.body).toEqual({
      id: expect.any(String),
      status: 'pending',
      senderId: ada.id,
      receiverId: grace.id,
      createdAt: expect.any(String),
      sender: expect.objectContaining({
        id: ada.id,
        firstName: 'Ada',
        lastName: 'Lovelace',
        college: 'College college-a',
        friendStatus: 'none',
      }),
      receiver: expect.objectContaining({
        id: grace.id,
        firstName: 'Grace',
        college: 'College college-a',
        major: 'Testing',
        graduationYear: 2027,
        profileColor: '#10B981',
        isOnline: false,
        mutualFriends: 0,
        friendStatus: 'request_sent',
      }),
    });

    const mine = (await as(kit, ada).get('/api/friend-requests')).body as FriendRequestList;
    expect(mine.sent.map((r) => r.receiverId)).toEqual([grace.id]);
    expect(mine.incoming).toEqual([]);
    const theirs = (await as(kit, grace).get('/api/friend-requests')).body as FriendRequestList;
    expect(theirs.incoming.map((r) => [r.id, r.senderId])).toEqual([[sent.body.id, ada.id]]);
    expect(theirs.sent).toEqual([]);

    // Tidy up for the next tests.
    expect((await as(kit, grace).post(`/api/friend-requests/${sent.body.id}/reject`)).status).toBe(200);
  });

  test('when the receiver accepts, then both are friends at once, the request is gone and social.friendship.created is published', async () => {
    const sent = await as(kit, ada).post('/api/friend-requests', { friendId: linus.id });
    const accepted = await as(kit, linus).post(`/api/friend-requests/${sent.body.id}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({
      id: sent.body.id,
      status: 'accepted',
      senderId: ada.id,
      receiverId: linus.id,
    });

    const adaFriends = (await as(kit, ada).get('/api/friends')).body as Friend[];
    expect(adaFriends).toEqual([
      expect.objectContaining({
        id: linus.id,
        firstName: 'Linus',
        lastName: 'Torvalds',
        college: 'College college-a',
        friendStatus: 'friends',
        friendsSince: expect.any(String),
        friend: {
          id: linus.id,
          firstName: 'Linus',
          lastName: 'Torvalds',
          profileColor: '#10B981',
          profileImageUrl: null,
        },
      }),
    ]);
    expect(((await as(kit, linus).get('/api/friends')).body as Friend[]).map((f) => f.id)).toEqual([ada.id]);
    expect((await as(kit, linus).get('/api/friend-requests')).body).toEqual({ incoming: [], sent: [] });
    expect((await as(kit, ada).get('/api/friend-requests')).body).toEqual({ incoming: [], sent: [] });

    const event = await publishedEvent(kit, 'social.friendship.created', (data) =>
      data.userIds.includes(linus.id),
    );
    expect([...event.data.userIds].sort()).toEqual([ada.id, linus.id].sort());
    expect(await kit.ctx.models.Friendship.countDocuments({ userIds: linus.id, live: true })).toBe(1);
    // What notifications tells each of them: Linus was asked, Ada was accepted.
    const asked = await publishedEvent(kit, 'social.friend-request.sent', (data) => data.requestId === sent.body.id);
    expect(asked.data).toMatchObject({ senderId: ada.id, receiverId: linus.id });
    const yes = await publishedEvent(kit, 'social.friend-request.accepted', (data) => data.requestId === sent.body.id);
    expect(yes.data).toMatchObject({ senderId: ada.id, receiverId: linus.id });
  });

  test('when a request is rejected, then neither are friends, it is gone, and the sender may ask again', async () => {
    const sent = await as(kit, grace).post('/api/friend-requests', { friendId: linus.id });
    const rejected = await as(kit, linus).post(`/api/friend-requests/${sent.body.id}/reject`);
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ status: 'rejected', senderId: grace.id });
    expect((await as(kit, linus).get('/api/friend-requests')).body.incoming).toEqual([]);
    expect(((await as(kit, grace).get('/api/friends')).body as Friend[]).map((f) => f.id)).not.toContain(
      linus.id,
    );

    const again = await as(kit, grace).post('/api/friend-requests', { friendId: linus.id });
    expect(again.status).toBe(201);
    await as(kit, linus).post(`/api/friend-requests/${again.body.id}/reject`);
  });

  test.each([
    ['to yourself', () => ({ friendId: ada.id }), 400, SOCIAL_MESSAGES.self],
    ['without friendId', () => ({}), 400, 'friendId is required.'],
    [
      'to an unknown user',
      () => ({ friendId: '000000000000000000000000' }),
      404,
      SOCIAL_MESSAGES.userNotFound,
    ],
    ['across colleges', () => ({ friendId: bea.id }), 403, SOCIAL_MESSAGES.otherCollege],
  ])('when a student sends a request %s, then it is refused', async (_case, body, status, message) => {
    const response = await as(kit, ada).post('/api/friend-requests', body());
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ message });
  });

  test('when a student asks twice, or asks a friend, then 409 says so and nothing is stored twice', async () => {
    const first = await as(kit, grace).post('/api/friend-requests', { friendId: ada.id });
    expect(first.status).toBe(201);
    const twice = await as(kit, grace).post('/api/friend-requests', { friendId: ada.id });
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({ message: SOCIAL_MESSAGES.alreadySent });
    expect(
      await kit.ctx.models.FriendRequest.countDocuments({ senderId: grace.id, receiverId: ada.id }),
    ).toBe(1);

    const toFriend = await as(kit, ada).post('/api/friend-requests', { friendId: linus.id });
    expect(toFriend.status).toBe(409);
    expect(toFriend.body).toEqual({ message: SOCIAL_MESSAGES.alreadyFriends });
    await as(kit, ada).post(`/api/friend-requests/${first.body.id}/reject`);
  });

  test('when two students ask each other, then the crossing request makes them friends instead of a second request', async () => {
    const [x, y] = await Promise.all([
      makeUser(kit, { collegeId: 'college-a', firstName: 'Xena' }),
      makeUser(kit, { collegeId: 'college-a', firstName: 'Yuri' }),
    ]);
    expect((await as(kit, x).post('/api/friend-requests', { friendId: y.id })).status).toBe(201);
    const crossing = await as(kit, y).post('/api/friend-requests', { friendId: x.id });
    expect(crossing.status).toBe(200);
    expect(crossing.body).toMatchObject({ status: 'accepted', senderId: x.id, receiverId: y.id });
    // Xena asked first: she hears that Yuri accepted.
    const accepted = await publishedEvent(kit, 'social.friend-request.accepted', (data) => data.senderId === x.id);
    expect(accepted.data.receiverId).toBe(y.id);
    expect(((await as(kit, y).get('/api/friends')).body as Friend[]).map((f) => f.id)).toEqual([x.id]);
    expect(
      await kit.ctx.models.FriendRequest.countDocuments({
        senderId: mongooseIn([x.id, y.id]),
        pending: true,
      }),
    ).toBe(0);
  });

  test('when two students ask each other at the same moment, then exactly one friendship results', async () => {
    const [x, y] = await Promise.all([
      makeUser(kit, { collegeId: 'college-a', firstName: 'Quinn' }),
      makeUser(kit, { collegeId: 'college-a', firstName: 'Rosa' }),
    ]);
    const answers = await Promise.all([
      as(kit, x).post('/api/friend-requests', { friendId: y.id }),
      as(kit, y).post('/api/friend-requests', { friendId: x.id }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 201]);
    expect(await kit.ctx.models.Friendship.countDocuments({ userIds: x.id, live: true })).toBe(1);
    expect(
      await kit.ctx.models.FriendRequest.countDocuments({
        receiverId: mongooseIn([x.id, y.id]),
        pending: true,
      }),
    ).toBe(0);
  });

  test('when someone other than the receiver answers, then 403; an unknown request is 404', async () => {
    const sent = await as(kit, grace).post('/api/friend-requests', { friendId: linus.id });
    for (const answer of ['accept', 'reject']) {
      const bySender = await as(kit, grace).post(`/api/friend-requests/${sent.body.id}/${answer}`);
      expect(bySender.status).toBe(403);
      expect(bySender.body).toEqual({ message: SOCIAL_MESSAGES.receiverOnly });
      expect((await as(kit, ada).post(`/api/friend-requests/${sent.body.id}/${answer}`)).status).toBe(403);
    }
    const unknown = await as(kit, linus).post('/api/friend-requests/nope:nope/accept');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: SOCIAL_MESSAGES.requestNotFound });
    await as(kit, linus).post(`/api/friend-requests/${sent.body.id}/reject`);
    // Answered already: gone.
    expect((await as(kit, linus).post(`/api/friend-requests/${sent.body.id}/accept`)).status).toBe(404);
  });

  test('when a friend is removed, then neither lists the other and social.friendship.removed is published; removing again is 404', async () => {
    const [x, y] = await Promise.all([
      makeUser(kit, { collegeId: 'college-a', firstName: 'Sam' }),
      makeUser(kit, { collegeId: 'college-a', firstName: 'Tess' }),
    ]);
    await befriend(kit, x, y);
    const removed = await as(kit, y).delete(`/api/friends/${x.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ message: 'Friend removed' });
    expect((await as(kit, x).get('/api/friends')).body).toEqual([]);
    expect((await as(kit, y).get('/api/friends')).body).toEqual([]);
    await publishedEvent(kit, 'social.friendship.removed', (data) => data.userIds.includes(x.id));

    const again = await as(kit, y).delete(`/api/friends/${x.id}`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: SOCIAL_MESSAGES.notFriends });

    // Friends again later: a new created event (not swallowed as a duplicate of the first).
    await befriend(kit, x, y);
    await waitForCount(kit, 'social.friendship.created', x.id, 2);
  });

  test('when an admin (no college) sends a request to a student, then the college rule does not stop it', async () => {
    const sent = await as(kit, admin).post('/api/friend-requests', { friendId: bea.id });
    expect(sent.status).toBe(201);
  });

  test('when the caller has no subscription, then 402; without a token, 401', async () => {
    const lapsed = await makeUser(kit, { collegeId: 'college-a', subscribed: false });
    for (const path of [
      '/api/friends',
      '/api/friend-requests',
      '/api/friends/suggestions',
      '/api/search/users?q=ada',
    ]) {
      expect((await as(kit, lapsed).get(path)).status).toBe(402);
      expect((await request(kit.app).get(path)).status).toBe(401);
    }
    expect((await as(kit, lapsed).post('/api/friend-requests', { friendId: ada.id })).status).toBe(402);
  });
});

function mongooseIn(ids: string[]) {
  return mongoose.trusted({ $in: ids });
}

async function waitForCount(
  kit: SocialKit,
  subject: 'social.friendship.created',
  userId: string,
  count: number,
) {
  await waitFor(
    () =>
      kit.published.filter(
        (e) => e.subject === subject && (e.data as { userIds: string[] }).userIds.includes(userId),
      ).length >= count,
  );
}
