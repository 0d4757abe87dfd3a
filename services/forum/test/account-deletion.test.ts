import sharp from 'sharp';
import type { Idea, Poll, Post } from '@quad/contracts';
import { publishedSince, settledCount, waitFor } from '@quad/common/src/testing';
import { ideaCommentModel } from '../src/models/idea-comment-model';
import { ideaInterestModel } from '../src/models/idea-interest-model';
import { ideaModel } from '../src/models/idea-model';
import { pollModel } from '../src/models/poll-model';
import { pollVoteModel } from '../src/models/poll-vote-model';
import { type ForumKit, type TestUser, bearer, createPost, makeUser, publishedEvent, request, seenPost, startForumKit } from './forum-test-kit';

/** Issue 25: auth.user.deleted makes forum forget everything the student made, counts kept right, and a replay changes nothing. */
describe('a deleted account in forum', () => {
  let kit: ForumKit;
  let ada: TestUser;
  let leaving: TestUser;

  beforeAll(async () => {
    kit = await startForumKit();
    [ada, leaving] = await Promise.all([
      makeUser(kit, { collegeId: 'college-d', firstName: 'Ada' }),
      makeUser(kit, { collegeId: 'college-d', firstName: 'Leaving' }),
    ]);
  });
  afterAll(() => kit.stop());

  const as = (user: TestUser) => ({
    get: (path: string) => request(kit.app).get(path).set(bearer(user.token)),
    post: (path: string, body?: object) => request(kit.app).post(path).set(bearer(user.token)).send(body),
  });

  /** Everything forum's own store holds that names the student. */
  async function storedOf(userId: string) {
    const { db } = kit.runtime;
    const { Post: Posts, Comment, PostView } = kit.ctx.models;
    const counts = await Promise.all([
      Posts.countDocuments({ authorId: userId }),
      Comment.countDocuments({ authorId: userId }),
      PostView.countDocuments({ viewerId: userId }),
      ideaModel(db).countDocuments({ authorId: userId }),
      ideaCommentModel(db).countDocuments({ authorId: userId }),
      ideaInterestModel(db).countDocuments({ userId }),
      pollModel(db).countDocuments({ authorId: userId }),
      pollVoteModel(db).countDocuments({ userId }),
    ]);
    return counts.reduce((sum, count) => sum + count, 0);
  }

  test('when the student downloads their data, then forum’s part holds every kind of record they made, and their images, and nobody else’s', async () => {
    const exporter = await makeUser(kit, { collegeId: 'college-d', firstName: 'Exporter' });
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#3B82F6' } }).png().toBuffer();
    const post = await request(kit.app).post('/api/posts').set(bearer(exporter.token))
      .field('title', 'Exported').field('content', 'Mine').field('topicId', '1').attach('image', png, 'x.png');
    const adasPost = await createPost(kit, ada, { title: 'Not theirs' });
    await as(exporter).post('/api/comments', { content: 'A comment of mine', postId: adasPost.id, isAnonymous: false }).expect(201);
    const poll = (await as(exporter).post('/api/polls', { question: 'Exported poll?', options: ['Yes', 'No'], topicId: 1 })).body as Poll;
    await as(exporter).post(`/api/polls/${poll.id}/vote`, { optionIndex: 0 }).expect(200);
    const idea = (await as(exporter).post('/api/ideas', { title: 'Exported idea', description: 'An idea worth keeping a copy of', category: 'Transportation', stage: 'MVP', skillsNeeded: ['Sales'] })).body as Idea;
    const adasIdea = (await as(ada).post('/api/ideas', { title: 'Ada’s idea', description: 'Something Ada thought of today', category: 'Transportation', stage: 'MVP', skillsNeeded: ['Sales'] })).body as Idea;
    await as(exporter).post(`/api/ideas/${adasIdea.id}/interest`).expect(200);
    await as(exporter).post(`/api/ideas/${adasIdea.id}/comments`, { content: 'Idea comment of mine' }).expect(201);

    const response = await request(kit.app).get('/internal/account-export').set(bearer(exporter.token));

    expect(response.status).toBe(200);
    const { records, images } = response.body as { records: Record<string, Array<Record<string, unknown>>>; images: string[] };
    expect(records.posts!.map((p) => p.title)).toEqual(['Exported']);
    expect(records.comments!.map((c) => c.content)).toEqual(['A comment of mine']);
    expect(records.polls!.map((p) => p.question)).toEqual(['Exported poll?']);
    expect(records.pollVotes).toHaveLength(1);
    expect(records.ideas!.map((i) => i.id)).toEqual([idea.id]);
    expect(records.ideaInterest).toHaveLength(1);
    expect(records.ideaComments!.map((c) => c.content)).toEqual(['Idea comment of mine']);
    expect(images).toEqual([(post.body as Post).imageUrl!.replace('/media/', '')]);
    expect(JSON.stringify(records)).not.toContain('Not theirs');
    expect((await request(kit.app).get('/internal/account-export')).status).toBe(401);
  });

  const deleted = (version: number) => ({ userId: leaving.id, version, deletedAt: new Date().toISOString() });

  test('when auth announces the deletion, then their posts, images, comments, views, ideas, interest, polls and votes are gone, others’ counts follow, and a replay changes nothing', async () => {
    // What the student made, and what they did to Ada's things.
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#10B981' } }).png().toBuffer();
    const withImage = await request(kit.app).post('/api/posts').set(bearer(leaving.token))
      .field('title', 'My photo').field('content', 'Look').field('topicId', '1').attach('image', png, 'me.png');
    expect(withImage.status).toBe(201);
    const imageKey = (withImage.body as Post).imageUrl!.replace('/media/', '');
    await createPost(kit, leaving, { title: 'Second post' });
    const adasPost = await createPost(kit, ada, { title: 'Ada asks' });
    await as(leaving).post('/api/comments', { content: 'My answer', postId: adasPost.id, isAnonymous: false }).expect(201);
    await as(ada).post('/api/comments', { content: 'Ada’s own', postId: adasPost.id, isAnonymous: false }).expect(201);
    await as(leaving).post(`/api/posts/${adasPost.id}/view`).expect(200);
    const adasPoll = (await as(ada).post('/api/polls', { question: 'Tea or coffee?', options: ['Tea', 'Coffee'], topicId: 1 })).body as Poll;
    await as(leaving).post(`/api/polls/${adasPoll.id}/vote`, { optionIndex: 1 }).expect(200);
    await as(leaving).post('/api/polls', { question: 'Mine?', options: ['A', 'B'], topicId: 1 }).expect(201);
    const adasIdea = (await as(ada).post('/api/ideas', { title: 'Study buddy app', description: 'Match students who study the same course', category: 'Transportation', stage: 'MVP', skillsNeeded: ['Sales'] })).body as Idea;
    await as(leaving).post(`/api/ideas/${adasIdea.id}/interest`).expect(200);
    await as(leaving).post(`/api/ideas/${adasIdea.id}/comments`, { content: 'Count me in' }).expect(201);
    await as(leaving).post('/api/ideas', { title: 'Mine too', description: 'Another idea of my own here', category: 'Transportation', stage: 'MVP', skillsNeeded: ['Sales'] }).expect(201);
    expect(await storedOf(leaving.id)).toBeGreaterThanOrEqual(9);
    const before = (await seenPost(kit, ada, adasPost.id))!;
    expect(before).toMatchObject({ commentCount: 2, viewCount: 1 });

    await kit.runtime.publisher.publish('auth.user.deleted', deleted(3));
    await waitFor(async () => (await storedOf(leaving.id)) === 0, { timeoutMs: 15_000 });

    await expect(kit.ctx.media.get(imageKey)).rejects.toMatchObject({ code: expect.stringMatching(/NotFound|NoSuchKey/) });
    const after = (await seenPost(kit, ada, adasPost.id))!;
    expect(after).toMatchObject({ commentCount: 1, viewCount: 0 });
    const poll = ((await as(ada).get('/api/polls/all')).body as Poll[]).find((p) => p.id === adasPoll.id)!;
    expect(poll.totalVotes).toBe(0);
    const idea = (await as(ada).get(`/api/ideas/${adasIdea.id}`)).body as Idea & { interestedCount?: number };
    expect(idea.interestedCount ?? 0).toBe(0);
    expect(((await as(ada).get(`/api/ideas/${adasIdea.id}/comments`)).body as unknown[]).length).toBe(0);
    // Search and the profile stats follow forum's own announcements.
    await publishedEvent(kit, 'forum.post.deleted', (data) => data.postId === (withImage.body as Post).id);
    await publishedEvent(kit, 'forum.comment.deleted', (data) => data.authorId === leaving.id);

    // A replay (a new delivery of the same news) finds nothing left: Ada's things stay as they are.
    const replayedAt = new Date();
    await kit.runtime.publisher.publish('auth.user.deleted', deleted(3));
    await settledCount(kit.published);
    expect(await storedOf(leaving.id)).toBe(0);
    expect(await seenPost(kit, ada, adasPost.id)).toMatchObject({ commentCount: 1, viewCount: 0 });
    expect(publishedSince(kit.published, replayedAt, [leaving.id, ada.id, adasPost.id, adasPoll.id, adasIdea.id]).map((event) => event.subject)).toEqual([]);
  });
});
