import { type SearchKit, type TestUser, eventually, forumAs, ids, makeUser, startSearchKit } from './search-test-kit';

/** Issue 25: a deleted account's person and posts leave search (from auth's and forum's own announcements). */
describe('a deleted account in search', () => {
  let kit: SearchKit;
  let ada: TestUser;
  let leaving: TestUser;

  beforeAll(async () => {
    kit = await startSearchKit();
    [ada, leaving] = await Promise.all([
      makeUser(kit, { collegeId: 'college-q', firstName: 'Ada' }),
      makeUser(kit, { collegeId: 'college-q', firstName: 'Zephyrine', lastName: 'Vanishing' }),
    ]);
  }, 60_000);
  afterAll(() => kit.stop());

  test('when the account is deleted, then nobody finds the person or their posts any more', async () => {
    await forumAs(kit, leaving).post({ title: 'Quokka sighting', content: 'By the lake' });
    await eventually(kit, ada, 'Zephyrine Vanishing', (hits) => ids(hits).includes(leaving.id), { type: 'people' });
    await eventually(kit, ada, 'Quokka sighting', (hits) => hits.length === 1, { type: 'posts' });

    const { publisher } = kit.forum.runtime;
    await publisher.publish('auth.user.updated', {
      userId: leaving.id, version: 1, firstName: 'Deleted', lastName: 'user', email: null, profileColor: '#10B981', profileImageUrl: null,
      collegeId: 'college-q', collegeName: 'College college-q', collegeInitials: 'TC', major: '', graduationYear: null, isAdmin: false,
      emailConfirmed: false, isVerified: false, deleted: true,
    });
    await publisher.publish('auth.user.deleted', { userId: leaving.id, version: 1, deletedAt: new Date().toISOString() });

    await eventually(kit, ada, 'Deleted user', (hits) => !ids(hits).includes(leaving.id), { type: 'people' });
    await eventually(kit, ada, 'Zephyrine Vanishing', (hits) => hits.length === 0, { type: 'people' });
    const after = await eventually(kit, ada, 'Quokka sighting', (hits) => hits.length === 0, { type: 'posts' }, 15_000);
    expect(after).toEqual([]);
  });
});
