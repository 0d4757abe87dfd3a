import { LIMITS, type Comment } from '@quad/contracts';
import {
  type ForumKit,
  type TestUser,
  bearer,
  createPost,
  makeUser,
  publishedEvent,
  request,
  seenPost,
  startForumKit,
} from './forum-test-kit';

describe('forum comments', () => {
  let kit: ForumKit;
  let ada: TestUser;
  let grace: TestUser;
  let bea: TestUser;
  let admin: TestUser;

  const comment = (user: TestUser, body: Record<string, unknown>) =>
    request(kit.app).post('/api/comments').set(bearer(user.token)).send(body);

  beforeAll(async () => {
    kit = await startForumKit();
    [ada, grace, bea, admin] = await Promise.all([
      makeUser(kit, { collegeId: 'college-a', firstName: 'Ada' }),
      makeUser(kit, { collegeId: 'college-a', firstName: 'Grace' }),
      makeUser(kit, { collegeId: 'college-b', firstName: 'Bea' }),
      makeUser(kit, { collegeId: null, isAdmin: true }),
    ]);
  });

  afterAll(() => kit.stop());

  test('when students comment on a post, then comments list oldest first, the post counts them and events are published', async () => {
    const post = await createPost(kit, ada);
    const first = await comment(grace, { postId: post.id, content: '  First!  ', isAnonymous: false });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: expect.any(String),
      content: 'First!',
      postId: post.id,
      isAnonymous: false,
      authorId: grace.id,
      author: { firstName: 'Grace', lastName: 'Tester', profileColor: '#10B981', profileImageUrl: null },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      canEdit: true,
      authorBlocked: false,
    });
    const second = await comment(ada, { postId: post.id, content: 'Second' });
    expect(second.status).toBe(201);

    const list = await request(kit.app).get(`/api/comments?postId=${post.id}`).set(bearer(grace.token));
    expect(list.status).toBe(200);
    expect((list.body as Comment[]).map((c) => [c.content, c.canEdit])).toEqual([
      ['First!', true],
      ['Second', false],
    ]);
    expect(await seenPost(kit, ada, post.id)).toMatchObject({ commentCount: 2 });
    const event = await publishedEvent(
      kit,
      'forum.comment.created',
      (data) => data.commentId === first.body.id,
    );
    expect(event.data).toEqual({
      commentId: first.body.id,
      postId: post.id,
      authorId: grace.id,
      collegeId: 'college-a',
      // With its text and version, for read models such as search.
      content: 'First!',
      isAnonymous: false,
      createdAt: first.body.createdAt,
      version: 0,
    });
  });

  test.each([
    ['blank', { content: '   ' }, 'Comment cannot be empty.'],
    ['only zero-width spaces', { content: '\u200B \u200B' }, 'Comment cannot be empty.'],
    ['missing', {}, 'Comment cannot be empty.'],
    ['too long', { content: 'x'.repeat(LIMITS.comment + 1) }, 'Comment must be at most 2000 characters.'],
  ])('when a comment is %s, then 400 says so', async (_case, fields, message) => {
    const post = await createPost(kit, ada);
    const response = await comment(grace, { postId: post.id, ...fields });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
    expect(await kit.ctx.models.Comment.countDocuments({ postId: post.id })).toBe(0);
  });

  test('when a comment edit is blank, then 400 says the comment cannot be empty', async () => {
    const post = await createPost(kit, ada);
    const created = await comment(grace, { postId: post.id, content: 'Hello' });
    const response = await request(kit.app)
      .put(`/api/comments/${created.body.id}`)
      .set(bearer(grace.token))
      .send({ content: '' });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Comment cannot be empty.');
  });

  test('when a student of another college comments on or reads comments of a post, then the post is not found', async () => {
    const post = await createPost(kit, ada);
    await comment(grace, { postId: post.id, content: 'Only for college A' });
    const create = await comment(bea, { postId: post.id, content: 'Sneaking in' });
    expect(create.status).toBe(404);
    const list = await request(kit.app).get(`/api/comments?postId=${post.id}`).set(bearer(bea.token));
    expect(list.status).toBe(404);
    expect(list.text).not.toContain('Only for college A');
    expect(await kit.ctx.models.Comment.countDocuments({ postId: post.id })).toBe(1);
  });

  test('when a student of another college edits or deletes a comment, then it is not found for them', async () => {
    const post = await createPost(kit, ada);
    const created = await comment(grace, { postId: post.id, content: 'Mine' });
    expect(
      (
        await request(kit.app)
          .put(`/api/comments/${created.body.id}`)
          .set(bearer(bea.token))
          .send({ content: 'x' })
      ).status,
    ).toBe(404);
    expect(
      (await request(kit.app).delete(`/api/comments/${created.body.id}`).set(bearer(bea.token))).status,
    ).toBe(404);
  });

  test('when the author edits a comment, then it changes; another student gets 403', async () => {
    const post = await createPost(kit, ada);
    const created = await comment(grace, { postId: post.id, content: 'Original' });
    const byOther = await request(kit.app)
      .put(`/api/comments/${created.body.id}`)
      .set(bearer(ada.token))
      .send({ content: 'Hijack' });
    expect(byOther.status).toBe(403);
    const byAuthor = await request(kit.app)
      .put(`/api/comments/${created.body.id}`)
      .set(bearer(grace.token))
      .send({ content: 'Edited' });
    expect(byAuthor.status).toBe(200);
    expect(byAuthor.body).toMatchObject({ id: created.body.id, content: 'Edited', canEdit: true });
    expect(await kit.ctx.models.Comment.findById(created.body.id).lean()).toMatchObject({
      content: 'Edited',
    });
  });

  test('when the author, another student and an admin delete comments, then only author and admin succeed', async () => {
    const post = await createPost(kit, ada);
    const mine = await comment(grace, { postId: post.id, content: 'Mine' });
    const moderated = await comment(grace, { postId: post.id, content: 'Rude' });

    expect(
      (await request(kit.app).delete(`/api/comments/${mine.body.id}`).set(bearer(ada.token))).status,
    ).toBe(403);
    expect(
      (await request(kit.app).delete(`/api/comments/${mine.body.id}`).set(bearer(grace.token))).status,
    ).toBe(200);
    expect(
      (await request(kit.app).delete(`/api/comments/${moderated.body.id}`).set(bearer(admin.token))).status,
    ).toBe(200);

    expect(await kit.ctx.models.Comment.countDocuments({ postId: post.id })).toBe(0);
    expect(await seenPost(kit, ada, post.id)).toMatchObject({ commentCount: 0 });
    await publishedEvent(kit, 'forum.comment.deleted', (data) => data.commentId === mine.body.id);
  });

  test('when a comment id or post id is malformed, then 404', async () => {
    expect((await comment(ada, { postId: 'nope', content: 'Hi' })).status).toBe(404);
    expect(
      (await request(kit.app).put('/api/comments/nope').set(bearer(ada.token)).send({ content: 'x' })).status,
    ).toBe(404);
    expect((await request(kit.app).delete('/api/comments/nope').set(bearer(ada.token))).status).toBe(404);
  });

  test('when comments are listed without a post id, then 400', async () => {
    const response = await request(kit.app).get('/api/comments').set(bearer(ada.token));
    expect(response.status).toBe(400);
  });

  test('when a student opens their profile comments, then each shows its post title, newest first', async () => {
    const writer = await makeUser(kit, { collegeId: 'college-a' });
    const post = await createPost(kit, ada, { title: 'Where to eat?' });
    await comment(writer, { postId: post.id, content: 'Try the dining hall' });
    await comment(writer, { postId: post.id, content: 'Or the food trucks', isAnonymous: true });
    const response = await request(kit.app).get('/api/profile/comments').set(bearer(writer.token));
    expect(response.body).toEqual([
      {
        id: expect.any(String),
        content: 'Or the food trucks',
        postTitle: 'Where to eat?',
        createdAt: expect.any(String),
      },
      {
        id: expect.any(String),
        content: 'Try the dining hall',
        postTitle: 'Where to eat?',
        createdAt: expect.any(String),
      },
    ]);
  });
});
