import type { Comment, Post } from '@quad/contracts';
import {
  type ForumKit,
  type TestUser,
  bearer,
  createPost,
  makeUser,
  request,
  startForumKit,
} from './forum-test-kit';

/**
 * Anonymity is a security requirement (ARCHITECTURE.md, where Quad departs from the spec): no
 * response may let another student learn who wrote anonymous content.
 */
describe('forum anonymity', () => {
  let kit: ForumKit;
  let author: TestUser;
  let reader: TestUser;
  let admin: TestUser;
  let post: Post;
  let comment: Comment;

  /** Every way a student can come across the post or comment, as raw response bodies. */
  async function everyResponseSeenBy(user: TestUser): Promise<string[]> {
    const calls = [
      request(kit.app).get('/api/posts?topicId=5'),
      request(kit.app).get('/api/posts'),
      request(kit.app).get(`/api/comments?postId=${post.id}`),
      request(kit.app).get('/api/profile/posts'),
      request(kit.app).get('/api/profile/comments'),
    ];
    const responses = await Promise.all(calls.map((call) => call.set(bearer(user.token))));
    for (const response of responses) expect(response.status).toBe(200);
    return responses.map((response) => response.text);
  }

  beforeAll(async () => {
    kit = await startForumKit();
    [author, reader, admin] = await Promise.all([
      makeUser(kit, { collegeId: 'college-a', firstName: 'Secretive' }),
      makeUser(kit, { collegeId: 'college-a', firstName: 'Curious' }),
      makeUser(kit, { collegeId: 'college-z', isAdmin: true, firstName: 'Moderator' }),
    ]);
    post = await createPost(kit, author, { title: 'Confession', topicId: 5, isAnonymous: true });
    const created = await request(kit.app)
      .post('/api/comments')
      .set(bearer(author.token))
      .send({ postId: post.id, content: 'Anonymous reply', isAnonymous: true });
    if (created.status !== 201) throw new Error(`create comment: ${created.status} ${created.text}`);
    comment = created.body as Comment;
  });

  afterAll(() => kit.stop());

  test('when the author creates anonymous content, then the create responses show them their own authorship', () => {
    expect(post).toMatchObject({ isAnonymous: true, authorId: author.id, canEdit: true });
    expect(post.author?.firstName).toBe('Secretive');
    expect(comment).toMatchObject({ isAnonymous: true, authorId: author.id, canEdit: true });
  });

  test('when another student reads anonymous content anywhere, then no response carries the author id or name', async () => {
    const bodies = await everyResponseSeenBy(reader);
    for (const body of bodies) {
      expect(body).not.toContain(author.id);
      expect(body).not.toContain('Secretive');
    }
    const feed = JSON.parse(bodies[0]!) as Post[];
    expect(feed.find((p) => p.id === post.id)).toMatchObject({
      isAnonymous: true,
      authorId: null,
      author: null,
      canEdit: false,
    });
    const comments = JSON.parse(bodies[2]!) as Comment[];
    expect(comments).toEqual([
      expect.objectContaining({ id: comment.id, authorId: null, author: null, canEdit: false }),
    ]);
  });

  test("when another student comments anonymously on it, then the create response shows them as author but other readers don't", async () => {
    const created = await request(kit.app)
      .post('/api/comments')
      .set(bearer(reader.token))
      .send({ postId: post.id, content: 'Me too', isAnonymous: true });
    expect(created.body).toMatchObject({ authorId: reader.id, canEdit: true });
    const seenByAuthor = await request(kit.app)
      .get(`/api/comments?postId=${post.id}`)
      .set(bearer(author.token));
    expect(seenByAuthor.text).not.toContain(reader.id);
    expect((seenByAuthor.body as Comment[]).find((c) => c.id === created.body.id)).toMatchObject({
      authorId: null,
      author: null,
    });
  });

  test('when another student edits the feed item they can see, then the edit response reveals nothing either', async () => {
    // Not allowed to edit, and the refusal must not name the author.
    const edit = await request(kit.app)
      .put(`/api/posts/${post.id}`)
      .set(bearer(reader.token))
      .send({ title: 'x', content: 'y' });
    expect(edit.status).toBe(403);
    expect(edit.text).not.toContain(author.id);
  });

  test('when the author reads the feed and comments, then they see their own ids', async () => {
    const feed = await request(kit.app).get('/api/posts?topicId=5').set(bearer(author.token));
    expect((feed.body as Post[]).find((p) => p.id === post.id)).toMatchObject({
      authorId: author.id,
      canEdit: true,
    });
    const comments = await request(kit.app).get(`/api/comments?postId=${post.id}`).set(bearer(author.token));
    expect((comments.body as Comment[]).find((c) => c.id === comment.id)).toMatchObject({
      authorId: author.id,
    });
  });

  test('when the author opens their profile lists, then their anonymous post and comment are there', async () => {
    const posts = await request(kit.app).get('/api/profile/posts').set(bearer(author.token));
    expect(posts.body).toEqual([
      expect.objectContaining({ id: post.id, title: 'Confession', topic: 'Events' }),
    ]);
    const comments = await request(kit.app).get('/api/profile/comments').set(bearer(author.token));
    expect(comments.body).toEqual([
      { id: comment.id, content: 'Anonymous reply', postTitle: 'Confession', createdAt: expect.any(String) },
    ]);
  });

  test('when an admin reads anonymous content, then they see who wrote it', async () => {
    const feed = await request(kit.app).get('/api/posts?topicId=5').set(bearer(admin.token));
    expect((feed.body as Post[]).find((p) => p.id === post.id)).toMatchObject({
      authorId: author.id,
      author: expect.objectContaining({ firstName: 'Secretive' }),
      canEdit: true,
    });
    const comments = await request(kit.app).get(`/api/comments?postId=${post.id}`).set(bearer(admin.token));
    expect((comments.body as Comment[]).find((c) => c.id === comment.id)).toMatchObject({
      authorId: author.id,
    });
  });

  test('when an anonymous post is edited by its author, then it stays anonymous to others', async () => {
    const edit = await request(kit.app)
      .put(`/api/posts/${post.id}`)
      .set(bearer(author.token))
      .send({ title: 'Confession', content: 'Edited' });
    expect(edit.status).toBe(200);
    const feed = await request(kit.app).get('/api/posts?topicId=5').set(bearer(reader.token));
    expect((feed.body as Post[]).find((p) => p.id === post.id)).toMatchObject({
      isAnonymous: true,
      authorId: null,
      author: null,
    });
  });
});
