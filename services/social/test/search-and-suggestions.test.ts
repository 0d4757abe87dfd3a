import { type Person, SOCIAL_MESSAGES } from '@quad/contracts';
import { type SocialKit, type TestUser, as, befriend, makeUser, startSocialKit } from './social-test-kit';

describe('user search and friend suggestions', () => {
  let kit: SocialKit;
  let me: TestUser;
  let f1: TestUser;
  let f2: TestUser;
  let twoMutual: TestUser;
  let oneMutual: TestUser;
  let asked: TestUser;
  let asker: TestUser;
  let otherCollege: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    kit = await startSocialKit();
    const c = 'college-s';
    [me, f1, f2, twoMutual, oneMutual, , asked, asker, otherCollege, admin] = await Promise.all([
      makeUser(kit, { collegeId: c, firstName: 'Maya', lastName: 'Chen' }),
      makeUser(kit, { collegeId: c, firstName: 'Frank', lastName: 'One' }),
      makeUser(kit, { collegeId: c, firstName: 'Fiona', lastName: 'Two' }),
      makeUser(kit, { collegeId: c, firstName: 'Tom', lastName: 'Mutual' }),
      makeUser(kit, { collegeId: c, firstName: 'Olga', lastName: 'Mutual' }),
      makeUser(kit, { collegeId: c, firstName: 'Sara', lastName: 'Stranger' }),
      makeUser(kit, { collegeId: c, firstName: 'Asked', lastName: 'Person' }),
      makeUser(kit, { collegeId: c, firstName: 'Asker', lastName: 'Person' }),
      makeUser(kit, { collegeId: 'college-t', firstName: 'Otto', lastName: 'Mutual' }),
      makeUser(kit, { collegeId: null, isAdmin: true, firstName: 'Admin', lastName: 'Person' }),
    ]);
    await befriend(kit, me, f1);
    await befriend(kit, me, f2);
    await befriend(kit, f1, twoMutual);
    await befriend(kit, f2, twoMutual);
    await befriend(kit, f1, oneMutual);
    // A friend of a friend at another college (an admin moved them): never suggested.
    await befriend(kit, admin, otherCollege);
    for (const [sender, receiver] of [
      [me, asked],
      [asker, me],
    ] as const) {
      const sent = await as(kit, sender).post('/api/friend-requests', { friendId: receiver.id });
      if (sent.status !== 201) throw new Error(`request: ${sent.status} ${sent.text}`);
    }
  });

  afterAll(() => kit.stop());

  test('when a student asks for suggestions, then same-college strangers come ranked by mutual friends, without friends, pending requests or themselves', async () => {
    const response = await as(kit, me).get('/api/friends/suggestions');
    expect(response.status).toBe(200);
    const people = response.body as Person[];
    expect(people.map((p) => [p.firstName, p.mutualFriends])).toEqual([
      ['Tom', 2],
      ['Olga', 1],
      ['Sara', 0],
    ]);
    expect(people[0]).toEqual({
      id: twoMutual.id,
      firstName: 'Tom',
      lastName: 'Mutual',
      college: 'College college-s',
      collegeInitials: 'TC',
      major: 'Testing',
      graduationYear: 2027,
      profileColor: '#10B981',
      profileImageUrl: null,
      isOnline: false,
      mutualFriends: 2,
      friendStatus: 'none',
    });
  });

  test('when a student searches with 3 or more characters, then matching students of their college come with how they stand', async () => {
    const response = await as(kit, me).get('/api/search/users?q=per');
    expect(response.status).toBe(200);
    expect((response.body as Person[]).map((p) => [p.firstName, p.friendStatus])).toEqual([
      ['Asked', 'request_sent'],
      ['Asker', 'request_received'],
    ]);
    // The other college's Otto Mutual is not found; friends are, marked as friends; full names match.
    const mutual = await as(kit, me).get('/api/search/users?term=MUTUAL');
    expect((mutual.body as Person[]).map((p) => [p.firstName, p.mutualFriends])).toEqual([
      ['Olga', 1],
      ['Tom', 2],
    ]);
    const full = await as(kit, me).get('/api/search/users').query({ q: 'frank one' });
    expect((full.body as Person[]).map((p) => [p.id, p.friendStatus])).toEqual([[f1.id, 'friends']]);
    expect((await as(kit, me).get('/api/search/users?q=maya')).body).toEqual([]);
  });

  test.each(['', 'ab', '  ab  '])(
    'when the Search tab sends %p (under 3 characters), then 400 asks for 3',
    async (q) => {
      const response = await as(kit, me).get('/api/search/users').query({ q });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message: SOCIAL_MESSAGES.searchTooShort });
    },
  );

  test('when the Add Friend dialog searches any non-blank text, then it finds by name; blank is 400', async () => {
    const response = await as(kit, me).get('/api/users/search?q=s');
    expect(response.status).toBe(200);
    expect((response.body as Person[]).map((p) => p.firstName)).toEqual(['Asked', 'Asker', 'Sara']);
    expect((response.body as Person[])[0]).toMatchObject({
      id: asked.id,
      firstName: 'Asked',
      lastName: 'Person',
      college: 'College college-s',
    });
    const blank = await as(kit, me).get('/api/users/search?q=%20');
    expect(blank.status).toBe(400);
    expect(blank.body).toEqual({ message: SOCIAL_MESSAGES.searchBlank });
  });

  test('when an admin searches, then students of every college are found', async () => {
    const response = await as(kit, admin).get('/api/search/users?q=mutual');
    expect((response.body as Person[]).map((p) => p.firstName)).toEqual(['Olga', 'Otto', 'Tom']);
  });

  test('when a student moves college, then they leave the old college search and join the new one', async () => {
    const mover = await makeUser(kit, { collegeId: 'college-s', firstName: 'Mover', lastName: 'Zed' });
    expect((await as(kit, me).get('/api/search/users?q=mover')).body).toHaveLength(1);
    await kit.runtime.publisher.publish('auth.user.updated', {
      userId: mover.id,
      version: 1,
      firstName: 'Mover',
      lastName: 'Zed',
      email: null,
      profileColor: '#10B981',
      profileImageUrl: null,
      collegeId: 'college-t',
      collegeName: 'College college-t',
      collegeInitials: 'CT',
      major: '',
      graduationYear: null,
      isAdmin: false,
    });
    const { waitFor } = await import('@quad/common/src/testing');
    await waitFor(
      async () => ((await as(kit, me).get('/api/search/users?q=mover')).body as Person[]).length === 0,
    );
    expect(
      ((await as(kit, otherCollege).get('/api/search/users?q=mover')).body as Person[]).map((p) => p.id),
    ).toEqual([mover.id]);

    // A late or repeated older event (version 0, the old college) changes nothing.
    await kit.runtime.publisher.publish(
      'auth.user.registered',
      {
        userId: mover.id,
        version: 0,
        firstName: 'Mover',
        lastName: 'Zed',
        email: null,
        profileColor: '#10B981',
        profileImageUrl: null,
        collegeId: 'college-s',
        collegeName: 'College college-s',
        collegeInitials: 'TC',
        major: '',
        graduationYear: null,
        isAdmin: false,
      },
      `replayed-registration-${mover.id}`,
    );
    const marker = await makeUser(kit, { collegeId: 'college-s', firstName: 'Marker' });
    // The marker was registered after the replay on the same stream, so the replay has been handled.
    expect((await kit.ctx.members.find(marker.id))?.collegeId).toBe('college-s');
    expect((await kit.ctx.members.find(mover.id))?.collegeId).toBe('college-t');
    expect((await as(kit, me).get('/api/search/users?q=mover')).body).toEqual([]);
  });
});
