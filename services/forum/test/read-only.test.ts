import { VERIFY_MESSAGES, WRITE_REFUSAL_CODES } from '@quad/contracts';
import { waitFor } from '@quad/common/src/testing';
import { type ForumKit, type TestUser, bearer, createPost, makeUser, request, startForumKit } from './forum-test-kit';

/** Issue 25: until a student's address is confirmed, they read the boards but write nothing. */
describe('a student whose address is not confirmed yet', () => {
  let kit: ForumKit;
  let ada: TestUser;
  let newcomer: TestUser;
  let outsider: TestUser;

  beforeAll(async () => {
    kit = await startForumKit();
    [ada, newcomer, outsider] = await Promise.all([
      makeUser(kit, { collegeId: 'college-a', firstName: 'Ada' }),
      makeUser(kit, { collegeId: 'college-a', firstName: 'Newcomer', confirmed: false }),
      makeUser(kit, { collegeId: 'college-a', firstName: 'Outsider' }),
    ]);
  });
  afterAll(() => kit.stop());

  const as = (user: TestUser) => ({
    get: (path: string) => request(kit.app).get(path).set(bearer(user.token)),
    post: (path: string, body?: object) => request(kit.app).post(path).set(bearer(user.token)).send(body),
  });

  test('when they read, then the boards, posts, comments, ideas and polls answer; a view counts', async () => {
    const post = await createPost(kit, ada, { title: 'Welcome week' });
    expect((await as(newcomer).get('/api/posts?topicId=1')).status).toBe(200);
    expect((await as(newcomer).get(`/api/comments?postId=${post.id}`)).status).toBe(200);
    expect((await as(newcomer).get('/api/ideas')).status).toBe(200);
    expect((await as(newcomer).get('/api/polls/all')).status).toBe(200);
    expect((await as(newcomer).post(`/api/posts/${post.id}/view`)).status).toBe(200);
  });

  test('when they post, comment, vote, share an idea or ask a poll, then each is 403 with the confirmation message, and nothing is stored', async () => {
    const post = await createPost(kit, ada);
    const poll = (await as(ada).post('/api/polls', { question: 'Lunch?', options: ['Pizza', 'Salad'], topicId: 1 })).body as { id: string };
    const attempts = [
      request(kit.app).post('/api/posts').set(bearer(newcomer.token)).field('title', 'Hi').field('content', 'Hello').field('topicId', '1'),
      as(newcomer).post('/api/comments', { content: 'Nice', postId: post.id, isAnonymous: false }),
      as(newcomer).post(`/api/polls/${poll.id}/vote`, { optionIndex: 0 }),
      as(newcomer).post('/api/polls', { question: 'Mine?', options: ['A', 'B'], topicId: 1 }),
      as(newcomer).post('/api/ideas', { title: 'An app', description: 'It does things for students', category: 'Technology', stage: 'Idea', skillsNeeded: [] }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ message: VERIFY_MESSAGES.confirmEmailFirst, code: WRITE_REFUSAL_CODES.unconfirmed });
    }
    const comments = (await as(ada).get(`/api/comments?postId=${post.id}`)).body as unknown[];
    expect(comments).toHaveLength(0);
    const polls = (await as(ada).get('/api/polls/all')).body as Array<{ id: string; totalVotes: number }>;
    expect(polls.find((p) => p.id === poll.id)!.totalVotes).toBe(0);
  });

  test('when auth announces the confirmation, then the same student may post at once', async () => {
    await kit.runtime.publisher.publish('auth.user.updated', {
      userId: newcomer.id, version: 1, firstName: newcomer.firstName, lastName: newcomer.lastName, email: newcomer.email,
      profileColor: '#10B981', profileImageUrl: null, collegeId: 'college-a', collegeName: 'College college-a', collegeInitials: 'TC',
      major: 'Testing', graduationYear: 2027, isAdmin: false, emailConfirmed: true, isVerified: true,
    });
    await waitFor(async () => (await kit.runtime.directory.get(newcomer.id))?.emailConfirmed === true);

    const post = await createPost(kit, newcomer, { title: 'Finally here' });
    expect(post.title).toBe('Finally here');
  });

  test('when a confirmed address is not at the college (no Verified badge), then writes are refused with the college message', async () => {
    await kit.runtime.publisher.publish('auth.user.updated', {
      userId: outsider.id, version: 1, firstName: outsider.firstName, lastName: outsider.lastName, email: 'outsider@gmail.com',
      profileColor: '#10B981', profileImageUrl: null, collegeId: 'college-a', collegeName: 'College college-a', collegeInitials: 'TC',
      major: 'Testing', graduationYear: 2027, isAdmin: false, emailConfirmed: true, isVerified: false,
    });
    await waitFor(async () => (await kit.runtime.directory.get(outsider.id))?.isVerified === false);

    const response = await request(kit.app).post('/api/posts').set(bearer(outsider.token)).field('title', 'Hi').field('content', 'Hello').field('topicId', '1');
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: VERIFY_MESSAGES.collegeAddressRequired, code: WRITE_REFUSAL_CODES.notCollegeAddress });
  });
});
