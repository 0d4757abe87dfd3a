import { Types } from 'mongoose';
import type { Poll } from '@quad/contracts';
import { ideasPollsContext } from '../src/domain/ideas-polls-context';
import { type ForumKit, type TestUser, bearer, flushListIndexes, makeUser, request, startForumKit } from './forum-test-kit';

describe('polls', () => {
  let kit: ForumKit;
  let ada: TestUser;
  let grace: TestUser;
  let alan: TestUser;
  let bea: TestUser;
  let admin: TestUser;
  let lapsed: TestUser;

  const as = (user: TestUser) => ({
    get: (path: string) => request(kit.app).get(path).set(bearer(user.token)),
    post: (path: string, body?: object) => request(kit.app).post(path).set(bearer(user.token)).send(body),
    delete: (path: string) => request(kit.app).delete(path).set(bearer(user.token)),
  });

  async function ask(user: TestUser, fields: Record<string, unknown> = {}): Promise<Poll> {
    const response = await as(user).post('/api/polls', { question: 'Best study spot?', options: ['Library', 'Café', 'Dorm'], topicId: 1, ...fields });
    if (response.status !== 201) throw new Error(`create poll: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body as Poll;
  }

  const vote = (user: TestUser, poll: Poll, optionIndex: unknown) => as(user).post(`/api/polls/${poll.id}/vote`, { optionIndex });
  const listed = async (user: TestUser) => (await as(user).get('/api/polls/all')).body as Poll[];

  beforeAll(async () => {
    kit = await startForumKit();
    [ada, grace, alan, bea, admin, lapsed] = await Promise.all([
      makeUser(kit, { collegeId: 'college-a', firstName: 'Ada' }),
      makeUser(kit, { collegeId: 'college-a', firstName: 'Grace' }),
      makeUser(kit, { collegeId: 'college-a', firstName: 'Alan' }),
      makeUser(kit, { collegeId: 'college-b', firstName: 'Bea' }),
      makeUser(kit, { collegeId: null, isAdmin: true, firstName: 'Admin' }),
      makeUser(kit, { collegeId: 'college-a', subscribed: false, firstName: 'Lapsed' }),
    ]);
  });

  afterAll(() => kit.stop());

  test('when a student creates a poll, then 201 returns it with trimmed options and no votes, for their college only', async () => {
    const response = await as(ada).post('/api/polls', {
      question: '  Pizza or tacos?  ',
      description: '  For Friday  ',
      options: ['  Pizza ', '', '   ', 'Tacos'],
      topicId: 1,
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      title: 'Pizza or tacos?',
      description: 'For Friday',
      question: 'Pizza or tacos?',
      options: ['Pizza', 'Tacos'],
      counts: [0, 0],
      totalVotes: 0,
      myVote: null,
      author: { id: ada.id, firstName: 'Ada', lastName: 'Tester' },
      topicId: 1,
      createdAt: expect.any(String),
      canDelete: true,
    });
    expect(await ideasPollsContext(kit.runtime).polls.find(response.body.id)).toMatchObject({ collegeId: 'college-a', deleting: false, version: 0 });

    expect((await listed(grace)).map((poll) => poll.id)).toContain(response.body.id);
    expect((await listed(grace)).find((poll) => poll.id === response.body.id)?.canDelete).toBe(false);
    expect((await listed(bea)).map((poll) => poll.id)).not.toContain(response.body.id);
    expect((await listed(admin)).map((poll) => poll.id)).toContain(response.body.id);
    // Another college's poll is not there for them at all.
    expect((await vote(bea, response.body, 0)).status).toBe(404);
    expect((await as(bea).delete(`/api/polls/${response.body.id}`)).body).toEqual({ message: 'Poll not found' });
  });

  test.each([
    ['no question', { question: '   ' }, 'Please enter a poll question.'],
    ['a missing question', { question: undefined }, 'Please enter a poll question.'],
    ['one option', { options: ['Only'] }, 'Please provide at least 2 options for your poll.'],
    ['blank options', { options: ['A', ' ', ''] }, 'Please provide at least 2 options for your poll.'],
    ['an invisible question', { question: '\u200B\u2060 ' }, 'Please enter a poll question.'],
    ['invisible options', { options: ['A', '\u200B', '\uFEFF\u200D'] }, 'Please provide at least 2 options for your poll.'],
    ['no options', { options: undefined }, 'Please provide at least 2 options for your poll.'],
    ['six options', { options: ['1', '2', '3', '4', '5', '6'] }, 'A poll can have at most 5 options.'],
    ['the same option twice (letter case aside)', { options: ['Pizza', 'Tacos', ' pizza '] }, 'Each option must be different.'],
    ['another topic', { topicId: 2 }, 'Polls belong to topic 1.'],
  ])('when a poll has %s, then 400 says so', async (_case, fields, message) => {
    const response = await as(ada).post('/api/polls', { question: 'Q?', options: ['A', 'B'], topicId: 1, ...fields });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
  });

  test('when a caller is not signed in or has no subscription, then 401 and 402', async () => {
    expect((await request(kit.app).get('/api/polls/all')).status).toBe(401);
    expect((await as(lapsed).get('/api/polls/all')).status).toBe(402);
    expect((await as(lapsed).post('/api/polls', { question: 'Q?', options: ['A', 'B'], topicId: 1 })).status).toBe(402);
  });

  test('when students vote, then each has one vote document, counts follow, another option moves it and the same option changes nothing', async () => {
    const poll = await ask(ada);
    const first = await vote(grace, poll, 1);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ counts: [0, 1, 0], totalVotes: 1, myVote: 1 });
    await vote(alan, poll, 1);
    expect((await vote(ada, poll, 0)).body).toMatchObject({ counts: [1, 2, 0], totalVotes: 3, myVote: 0 });

    const moved = await vote(grace, poll, 2);
    expect(moved.body).toMatchObject({ counts: [1, 1, 1], totalVotes: 3, myVote: 2 });
    expect((await vote(grace, poll, 2)).body).toMatchObject({ counts: [1, 1, 1], myVote: 2 });

    const stored = await kit.runtime.db.collection('poll_votes').find({ pollId: poll.id }).toArray();
    expect(stored.map((doc) => [doc._id, doc.optionIndex]).sort()).toEqual(
      [[`${poll.id}:${ada.id}`, 0], [`${poll.id}:${alan.id}`, 1], [`${poll.id}:${grace.id}`, 2]].sort(),
    );
    // The poll document is never written by a vote.
    expect(await kit.runtime.db.collection('polls').findOne({ _id: new Types.ObjectId(poll.id) })).toMatchObject({ version: 0 });
    expect((await listed(alan)).find((found) => found.id === poll.id)).toMatchObject({ counts: [1, 1, 1], myVote: 1 });
  });

  test('when a vote is removed, then it is gone and removing again changes nothing', async () => {
    const poll = await ask(ada);
    await vote(grace, poll, 0);
    await vote(alan, poll, 0);
    const removed = await as(grace).delete(`/api/polls/${poll.id}/vote`);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ counts: [1, 0, 0], totalVotes: 1, myVote: null });
    expect((await as(grace).delete(`/api/polls/${poll.id}/vote`)).body).toMatchObject({ counts: [1, 0, 0], myVote: null });
    expect(await kit.runtime.db.collection('poll_votes').countDocuments({ pollId: poll.id })).toBe(1);
  });

  test.each([
    ['an index past the options', 3],
    ['a negative index', -1],
    ['a fraction', 0.5],
    ['text', 'first'],
    ['nothing', undefined],
  ])('when a vote names %s, then 400 asks for one of the options', async (_case, optionIndex) => {
    const poll = await ask(ada);
    const response = await vote(grace, poll, optionIndex);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Please choose one of the poll’s options.' });
  });

  test('when a poll does not exist, then 404 Poll not found', async () => {
    expect((await as(ada).post('/api/polls/000000000000000000000000/vote', { optionIndex: 0 })).body).toEqual({ message: 'Poll not found' });
    expect((await as(ada).delete('/api/polls/not-an-id/vote')).status).toBe(404);
    expect((await as(ada).delete('/api/polls/000000000000000000000000')).status).toBe(404);
  });

  test('when a poll is being deleted, then votes are refused with Poll is being deleted and it leaves the list', async () => {
    const poll = await ask(ada);
    await ideasPollsContext(kit.runtime).polls.update(poll.id, () => ({ deleting: true }));
    const refused = await vote(grace, poll, 0);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: 'Poll is being deleted' });
    expect((await as(grace).delete(`/api/polls/${poll.id}/vote`)).body).toEqual({ message: 'Poll is being deleted' });
    expect((await listed(grace)).map((found) => found.id)).not.toContain(poll.id);
    // Deleting again finishes the job.
    expect((await as(ada).delete(`/api/polls/${poll.id}`)).status).toBe(200);
    expect(await kit.runtime.db.collection('polls').countDocuments({ question: 'Best study spot?', deleting: true })).toBe(0);
  });

  test('when a poll is deleted, then only its author or an admin may, and its votes go with it', async () => {
    const poll = await ask(ada);
    await vote(grace, poll, 0);
    await vote(alan, poll, 1);
    const denied = await as(grace).delete(`/api/polls/${poll.id}`);
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ message: 'You can only delete your own polls.' });
    const deleted = await as(ada).delete(`/api/polls/${poll.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Poll deleted successfully' });
    expect((await listed(grace)).map((found) => found.id)).not.toContain(poll.id);
    expect(await kit.runtime.db.collection('poll_votes').countDocuments({ pollId: poll.id })).toBe(0);
    expect((await vote(grace, poll, 0)).status).toBe(404);

    const other = await ask(grace);
    expect((await as(admin).delete(`/api/polls/${other.id}`)).status).toBe(200);
  });

  test('when Redis loses the lists, then the polls and their counts rebuild from the stored votes', async () => {
    const poll = await ask(alan, { question: 'Rebuild me?' });
    await vote(ada, poll, 2);
    await vote(grace, poll, 2);
    await vote(alan, poll, 0);
    await flushListIndexes(kit);
    expect((await listed(grace)).find((found) => found.id === poll.id)).toMatchObject({ counts: [1, 0, 2], totalVotes: 3, myVote: 2 });
  });

  test('when polls are paged, then the newest come first and the cursor leads to the rest', async () => {
    const asked: string[] = [];
    for (let i = 0; i < 3; i++) asked.push((await ask(bea, { question: `Page ${i}?` })).id);
    const first = await as(bea).get('/api/polls/all?limit=2');
    expect((first.body as Poll[]).map((poll) => poll.id)).toEqual([asked[2], asked[1]]);
    const cursor = first.headers['x-next-cursor'];
    expect(cursor).toEqual(expect.any(String));
    const second = await as(bea).get(`/api/polls/all?limit=2&cursor=${cursor}`);
    expect((second.body as Poll[]).map((poll) => poll.id)).toEqual([asked[0]]);
    expect(second.headers['x-next-cursor']).toBeUndefined();
    expect((await as(bea).get('/api/polls/all?cursor=nope')).status).toBe(400);
  });
});
