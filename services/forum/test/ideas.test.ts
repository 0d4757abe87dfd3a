import { IDEA_LIMITS, NEXT_CURSOR_HEADER, type Idea, type IdeaComment, type InterestedStudent } from '@quad/contracts';
import { ideasPollsContext } from '../src/domain/ideas-polls-context';
import { type ForumKit, type TestUser, bearer, flushListIndexes, makeUser, request, startForumKit } from './forum-test-kit';

describe('ideas hub', () => {
  let kit: ForumKit;
  let ada: TestUser;
  let grace: TestUser;
  let bea: TestUser;
  let admin: TestUser;
  let lapsed: TestUser;

  const idea = {
    title: 'Campus rideshare',
    description: 'Split rides to the airport with students flying the same day.',
    category: 'Transportation',
    stage: 'MVP',
    skillsNeeded: ['Mobile Development', 'Sales'],
  };

  const as = (user: TestUser) => ({
    get: (path: string) => request(kit.app).get(path).set(bearer(user.token)),
    post: (path: string, body?: object) => request(kit.app).post(path).set(bearer(user.token)).send(body),
    delete: (path: string) => request(kit.app).delete(path).set(bearer(user.token)),
  });

  async function share(user: TestUser, fields: Partial<typeof idea> = {}): Promise<Idea> {
    const response = await as(user).post('/api/ideas', { ...idea, ...fields });
    if (response.status !== 201) throw new Error(`share idea: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body as Idea;
  }

  const titles = (response: { body: unknown }) => (response.body as Idea[]).map((found) => found.title);

  beforeAll(async () => {
    kit = await startForumKit();
    [ada, grace, bea, admin, lapsed] = await Promise.all([
      makeUser(kit, { collegeId: 'college-a', firstName: 'Ada' }),
      makeUser(kit, { collegeId: 'college-a', firstName: 'Grace' }),
      makeUser(kit, { collegeId: 'college-b', firstName: 'Bea' }),
      makeUser(kit, { collegeId: null, isAdmin: true, firstName: 'Admin' }),
      makeUser(kit, { collegeId: 'college-a', subscribed: false, firstName: 'Lapsed' }),
    ]);
  });

  afterAll(() => kit.stop());

  // Each test reads a hub it shaped itself: start from no ideas.
  beforeEach(async () => {
    for (const name of ['ideas', 'idea_comments', 'idea_interests']) await kit.runtime.db.collection(name).deleteMany({});
    await flushListIndexes(kit);
  });

  test('when a student shares an idea, then 201 returns it with the author’s name and college, and students of another college see it', async () => {
    const response = await as(ada).post('/api/ideas', { ...idea, title: '  Campus rideshare  ', skillsNeeded: ['Sales', 'Sales'] });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      title: 'Campus rideshare',
      description: idea.description,
      category: 'Transportation',
      stage: 'MVP',
      skillsNeeded: ['Sales'],
      authorId: ada.id,
      authorName: 'Ada Tester',
      authorCollege: 'College college-a',
      authorProfileColor: '#10B981',
      createdAt: expect.any(String),
      commentsCount: 0,
      interestedCount: 0,
      isInterested: false,
      canDelete: true,
    });
    const stored = await ideasPollsContext(kit.runtime).ideas.find(response.body.id);
    expect(stored).toMatchObject({ title: 'Campus rideshare', authorId: ada.id, version: 0 });

    const seenByBea = await as(bea).get(`/api/ideas/${response.body.id}`);
    expect(seenByBea.status).toBe(200);
    expect(seenByBea.body).toMatchObject({ title: 'Campus rideshare', authorName: 'Ada Tester', authorCollege: 'College college-a', canDelete: false });
    expect(titles(await as(bea).get('/api/ideas'))).toEqual(['Campus rideshare']);
  });

  test.each([
    ['no title', { title: '  ' }, 'Please fill in all required fields'],
    ['an invisible title', { title: '\u200B\u200B' }, 'Please fill in all required fields'],
    ['no description', { description: undefined }, 'Please fill in all required fields'],
    ['no category', { category: '' }, 'Please fill in all required fields'],
    ['no stage', { stage: undefined }, 'Please fill in all required fields'],
    ['an unknown category', { category: 'Crypto' }, expect.stringContaining('Category must be one of: Technology')],
    ['an unknown stage', { stage: 'Scaling' }, expect.stringContaining('Stage must be one of: Just an Idea')],
    ['a skill not in the list', { skillsNeeded: ['Juggling'] }, 'Skills must be chosen from the list.'],
    ['a title too long', { title: 'x'.repeat(IDEA_LIMITS.title + 1) }, `Title must be at most ${IDEA_LIMITS.title} characters.`],
  ])('when an idea has %s, then 400 says so and nothing is stored', async (_case, fields, message) => {
    const response = await as(ada).post('/api/ideas', { ...idea, ...fields });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
    expect(await kit.runtime.db.collection('ideas').countDocuments({})).toBe(0);
  });

  test('when a caller is not signed in or has no subscription, then 401 and 402', async () => {
    expect((await request(kit.app).get('/api/ideas')).status).toBe(401);
    expect((await request(kit.app).post('/api/ideas').send(idea)).status).toBe(401);
    expect((await as(lapsed).get('/api/ideas')).status).toBe(402);
    expect((await as(lapsed).post('/api/ideas', idea)).status).toBe(402);
  });

  test('when the hub is searched and filtered, then title and description match and every filter holds', async () => {
    await share(ada, { title: 'Note swap', description: 'Trade lecture notes for coffee.', category: 'Education', stage: 'Prototype', skillsNeeded: ['Marketing'] });
    await share(grace, { title: 'Compost pickup', description: 'Weekly dorm pickup of food scraps.', category: 'Environment', stage: 'Planning', skillsNeeded: [] });
    await share(bea, { title: 'Airport rides', description: 'Share rides, split NOTES too.', category: 'Transportation', stage: 'Launch Ready', skillsNeeded: ['Marketing', 'Sales'] });

    expect(titles(await as(ada).get('/api/ideas?search=notes'))).toEqual(['Airport rides', 'Note swap']);
    expect(titles(await as(ada).get('/api/ideas?search=COFFEE%20trade'))).toEqual(['Note swap']);
    expect(titles(await as(ada).get('/api/ideas?search=nothing-like-this'))).toEqual([]);
    expect(titles(await as(ada).get('/api/ideas?category=Environment'))).toEqual(['Compost pickup']);
    expect(titles(await as(ada).get('/api/ideas?stage=Launch%20Ready'))).toEqual(['Airport rides']);
    expect(titles(await as(ada).get('/api/ideas?skill=Marketing'))).toEqual(['Airport rides', 'Note swap']);
    expect(titles(await as(ada).get('/api/ideas?skill=Marketing&stage=Prototype'))).toEqual(['Note swap']);
    expect(titles(await as(ada).get('/api/ideas?skill=Marketing&search=rides&category='))).toEqual(['Airport rides']);

    const bad = await as(ada).get('/api/ideas?category=Crypto');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Category must be one of');
    expect((await as(ada).get('/api/ideas?sort=oldest')).body).toEqual({ message: 'Sort must be one of: recent, popular, discussed.' });

    expect((await as(ada).get('/api/ideas/stats')).body).toEqual({ totalIdeas: 3, launchReady: 1, seekingCollaborators: 2 });
  });

  test('when sorted, then recent is newest first and popular and discussed follow the real comment counts', async () => {
    const quiet = await share(ada, { title: 'Quiet' });
    const busy = await share(ada, { title: 'Busy' });
    const liked = await share(ada, { title: 'Liked' });
    const newest = await share(ada, { title: 'Newest' });
    for (const content of ['one', 'two', 'three']) expect((await as(grace).post(`/api/ideas/${busy.id}/comments`, { content })).status).toBe(201);
    await as(bea).post(`/api/ideas/${liked.id}/comments`, { content: 'nice' });
    await as(bea).post(`/api/ideas/${quiet.id}/comments`, { content: 'hmm' });
    // Liked and Quiet tie on comments; interest breaks the tie for popular, recency for discussed.
    await as(grace).post(`/api/ideas/${quiet.id}/interest`);
    await as(bea).post(`/api/ideas/${quiet.id}/interest`);
    expect(newest.id).toBeDefined();

    expect(titles(await as(ada).get('/api/ideas?sort=recent'))).toEqual(['Newest', 'Liked', 'Busy', 'Quiet']);
    expect(titles(await as(ada).get('/api/ideas?sort=discussed'))).toEqual(['Busy', 'Liked', 'Quiet', 'Newest']);
    expect(titles(await as(ada).get('/api/ideas?sort=popular'))).toEqual(['Busy', 'Quiet', 'Liked', 'Newest']);
    const listed = (await as(grace).get('/api/ideas?sort=discussed')).body as Idea[];
    expect(listed.map((found) => [found.commentsCount, found.interestedCount])).toEqual([[3, 0], [1, 0], [1, 2], [0, 0]]);
    expect(listed.find((found) => found.title === 'Quiet')?.isInterested).toBe(true);
  });

  test('when the hub is paged, then pages follow by cursor with no repeats or gaps, in both list and ranked orders', async () => {
    for (let i = 1; i <= 5; i++) await share(i % 2 ? ada : bea, { title: `Idea ${i}`, category: 'Education' });
    for (const query of ['', '&category=Education', '&sort=discussed', '&search=idea']) {
      const seen: string[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 5; page++) {
        const response = await as(grace).get(`/api/ideas?limit=2${query}${cursor ? `&cursor=${cursor}` : ''}`);
        expect(response.status).toBe(200);
        seen.push(...titles(response));
        cursor = response.headers[NEXT_CURSOR_HEADER.toLowerCase()];
        if (!cursor) break;
      }
      expect(seen).toEqual(['Idea 5', 'Idea 4', 'Idea 3', 'Idea 2', 'Idea 1']);
    }
    expect((await as(grace).get('/api/ideas?cursor=garbage')).status).toBe(400);
    expect((await as(grace).get('/api/ideas?sort=popular&cursor=garbage')).body).toEqual({ message: 'Invalid cursor.' });
  });

  test('when an idea does not exist, then 404 Idea not found', async () => {
    expect((await as(ada).get('/api/ideas/000000000000000000000000')).body).toEqual({ message: 'Idea not found' });
    expect((await as(ada).get('/api/ideas/not-an-id')).status).toBe(404);
    expect((await as(ada).delete('/api/ideas/000000000000000000000000')).status).toBe(404);
    expect((await as(ada).post('/api/ideas/000000000000000000000000/comments', { content: 'hi' })).status).toBe(404);
  });

  test('when students of any college comment, then comments list oldest first with names and colleges, and the count is real', async () => {
    const shared = await share(ada);
    const first = await as(bea).post(`/api/ideas/${shared.id}/comments`, { content: '  Love it  ' });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: expect.any(String),
      ideaId: shared.id,
      content: 'Love it',
      authorId: bea.id,
      authorName: 'Bea Tester',
      authorCollege: 'College college-b',
      authorProfileColor: '#10B981',
      createdAt: expect.any(String),
      canDelete: true,
    });
    await as(grace).post(`/api/ideas/${shared.id}/comments`, { content: 'Count me in' });
    const list = await as(ada).get(`/api/ideas/${shared.id}/comments`);
    expect((list.body as IdeaComment[]).map((comment) => [comment.content, comment.canDelete])).toEqual([
      ['Love it', false],
      ['Count me in', false],
    ]);
    expect((await as(ada).get(`/api/ideas/${shared.id}`)).body.commentsCount).toBe(2);

    expect((await as(ada).post(`/api/ideas/${shared.id}/comments`, { content: '   ' })).body).toEqual({ message: 'Comment cannot be empty.' });
    // Only the comment's author or an admin deletes it.
    expect((await as(ada).delete(`/api/ideas/${shared.id}/comments/${first.body.id}`)).status).toBe(403);
    expect((await as(bea).delete(`/api/ideas/${shared.id}/comments/${first.body.id}`)).status).toBe(200);
    const second = (list.body as IdeaComment[])[1]!;
    expect((await as(admin).delete(`/api/ideas/${shared.id}/comments/${second.id}`)).status).toBe(200);
    expect((await as(admin).delete(`/api/ideas/${shared.id}/comments/${second.id}`)).status).toBe(404);
    expect((await as(ada).get(`/api/ideas/${shared.id}`)).body.commentsCount).toBe(0);
  });

  test('when students say I’m interested, then it counts once each, the author sees who with their college, and others may not', async () => {
    const shared = await share(ada);
    const once = await as(bea).post(`/api/ideas/${shared.id}/interest`);
    expect(once.body).toEqual({ isInterested: true, interestedCount: 1 });
    expect((await as(bea).post(`/api/ideas/${shared.id}/interest`)).body).toEqual({ isInterested: true, interestedCount: 1 });
    await as(grace).post(`/api/ideas/${shared.id}/interest`);
    expect(await ideasPollsContext(kit.runtime).ideaInterests.find(`${shared.id}:${bea.id}`)).toMatchObject({ ideaId: shared.id, userId: bea.id });

    const own = await as(ada).post(`/api/ideas/${shared.id}/interest`);
    expect(own.status).toBe(400);
    expect(own.body).toEqual({ message: 'You cannot be interested in your own idea.' });

    const interested = await as(ada).get(`/api/ideas/${shared.id}/interested`);
    expect(interested.status).toBe(200);
    expect((interested.body as InterestedStudent[]).map((student) => [student.userId, student.firstName, student.college])).toEqual([
      [grace.id, 'Grace', 'College college-a'],
      [bea.id, 'Bea', 'College college-b'],
    ]);
    expect((await as(admin).get(`/api/ideas/${shared.id}/interested`)).status).toBe(200);
    const forbidden = await as(bea).get(`/api/ideas/${shared.id}/interested`);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ message: 'Only the author of this idea can see who is interested.' });

    expect((await as(bea).get(`/api/ideas/${shared.id}`)).body).toMatchObject({ interestedCount: 2, isInterested: true });
    expect((await as(bea).delete(`/api/ideas/${shared.id}/interest`)).body).toEqual({ isInterested: false, interestedCount: 1 });
    expect((await as(bea).get(`/api/ideas/${shared.id}`)).body).toMatchObject({ interestedCount: 1, isInterested: false });
  });

  test('when an idea is deleted, then only its author or an admin may, and its comments and interest go with it', async () => {
    const mine = await share(ada, { title: 'Mine' });
    await as(bea).post(`/api/ideas/${mine.id}/comments`, { content: 'Nice' });
    await as(bea).post(`/api/ideas/${mine.id}/interest`);

    const denied = await as(grace).delete(`/api/ideas/${mine.id}`);
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ message: 'You can only delete your own ideas.' });
    const deleted = await as(ada).delete(`/api/ideas/${mine.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Idea deleted successfully' });
    expect((await as(ada).get(`/api/ideas/${mine.id}`)).status).toBe(404);
    expect(titles(await as(ada).get('/api/ideas'))).toEqual([]);
    const { db } = kit.runtime;
    expect(await db.collection('ideas').countDocuments({})).toBe(0);
    expect(await db.collection('idea_comments').countDocuments({})).toBe(0);
    expect(await db.collection('idea_interests').countDocuments({})).toBe(0);

    const theirs = await share(bea, { title: 'Theirs' });
    expect((await as(admin).delete(`/api/ideas/${theirs.id}`)).status).toBe(200);
    expect((await as(ada).get('/api/ideas/stats')).body).toEqual({ totalIdeas: 0, launchReady: 0, seekingCollaborators: 0 });
  });

  test('when Redis loses the lists, then the hub and its counts rebuild from the stored ideas, comments and interest', async () => {
    const shared = await share(ada, { stage: 'Launch Ready' });
    await as(bea).post(`/api/ideas/${shared.id}/comments`, { content: 'One' });
    await as(grace).post(`/api/ideas/${shared.id}/interest`);
    await flushListIndexes(kit);
    expect((await as(bea).get('/api/ideas?sort=popular')).body).toMatchObject([{ id: shared.id, commentsCount: 1, interestedCount: 1 }]);
    expect((await as(bea).get('/api/ideas/stats')).body).toEqual({ totalIdeas: 1, launchReady: 1, seekingCollaborators: 1 });
  });
});
