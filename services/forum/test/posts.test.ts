import { LIMITS, NEXT_CURSOR_HEADER, type Post, type Topic } from '@quad/contracts';
import { waitFor } from '@quad/common/src/testing';
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

describe('forum posts', () => {
  let kit: ForumKit;
  let ada: TestUser;
  let grace: TestUser;
  let otherCollege: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    kit = await startForumKit();
    [ada, grace, otherCollege, admin] = await Promise.all([
      makeUser(kit, { collegeId: 'college-a', firstName: 'Ada' }),
      makeUser(kit, { collegeId: 'college-a', firstName: 'Grace' }),
      makeUser(kit, { collegeId: 'college-b', firstName: 'Bea' }),
      makeUser(kit, { collegeId: null, isAdmin: true, subscribed: false, firstName: 'Admin' }),
    ]);
  });

  afterAll(() => kit.stop());

  describe('access', () => {
    test('when a request has no token, then it is refused with 401', async () => {
      const response = await request(kit.app).get('/api/posts?topicId=1');
      expect(response.status).toBe(401);
    });

    test('when a student has no active subscription, then boards answer 402 with a JSON message', async () => {
      const lapsed = await makeUser(kit, { collegeId: 'college-a', subscribed: false });
      for (const path of [
        '/api/topics',
        '/api/posts?topicId=1',
        '/api/comments?postId=x',
        '/api/user/stats',
      ]) {
        const response = await request(kit.app).get(path).set(bearer(lapsed.token));
        expect(response.status).toBe(402);
        expect(response.body.message).toMatch(/subscription/i);
      }
      const create = await request(kit.app)
        .post('/api/posts')
        .set(bearer(lapsed.token))
        .send({ title: 't', content: 'c', topicId: 1 });
      expect(create.status).toBe(402);
    });

    test('when an admin without a subscription calls, then the boards answer', async () => {
      const response = await request(kit.app).get('/api/topics').set(bearer(admin.token));
      expect(response.status).toBe(200);
    });
  });

  describe('topics', () => {
    test('when topics are listed, then at least 8 seeded topics come with id, name, icon, colour and count', async () => {
      const response = await request(kit.app).get('/api/topics').set(bearer(ada.token));
      expect(response.status).toBe(200);
      const topics = response.body as Topic[];
      expect(topics.length).toBeGreaterThanOrEqual(8);
      expect(topics.map((t) => t.id)).toEqual(topics.map((_, i) => i + 1));
      for (const topic of topics) {
        expect(topic).toEqual({
          id: expect.any(Number),
          name: expect.any(String),
          icon: expect.any(String),
          color: expect.stringMatching(/^#[0-9A-Fa-f]{6}$/),
          postCount: expect.any(Number),
        });
      }
    });

    test('when posts are created in one college, then only that college and admins see them in topic counts', async () => {
      const countIn = async (user: TestUser, topicId: number) => {
        const response = await request(kit.app).get('/api/topics').set(bearer(user.token));
        return (response.body as Topic[]).find((t) => t.id === topicId)!.postCount;
      };
      const [adaBefore, beaBefore, adminBefore] = await Promise.all([
        countIn(ada, 4),
        countIn(otherCollege, 4),
        countIn(admin, 4),
      ]);
      await createPost(kit, ada, { topicId: 4 });
      const deleted = await createPost(kit, grace, { topicId: 4 });
      await createPost(kit, grace, { topicId: 4 });
      await request(kit.app).delete(`/api/posts/${deleted.id}`).set(bearer(grace.token)).expect(200);

      expect(await countIn(ada, 4)).toBe(adaBefore + 2);
      expect(await countIn(otherCollege, 4)).toBe(beaBefore);
      expect(await countIn(admin, 4)).toBe(adminBefore + 2);
    });
  });

  describe('create', () => {
    test('when a student creates a post, then it is stored in their college, returned, and forum.post.created is published', async () => {
      const response = await request(kit.app)
        .post('/api/posts')
        .set(bearer(ada.token))
        .field('title', '  Study group for Algorithms  ')
        .field('content', 'Thursdays in the library.')
        .field('topicId', '2')
        .field('isAnonymous', 'false');
      expect(response.status).toBe(201);
      const post = response.body as Post;
      expect(post).toEqual({
        id: expect.any(String),
        title: 'Study group for Algorithms',
        content: 'Thursdays in the library.',
        imageUrl: null,
        isAnonymous: false,
        authorId: ada.id,
        author: { firstName: 'Ada', lastName: 'Tester', profileColor: '#10B981', profileImageUrl: null },
        topicId: 2,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        viewCount: 0,
        commentCount: 0,
        canEdit: true,
        authorBlocked: false,
      });
      const stored = await kit.ctx.models.Post.findById(post.id).lean();
      expect(stored).toMatchObject({ collegeId: 'college-a', authorId: ada.id, topicId: 2 });

      const event = await publishedEvent(kit, 'forum.post.created', (data) => data.postId === post.id);
      // With its text and version, for read models such as search.
      expect(event.data).toEqual({
        postId: post.id,
        authorId: ada.id,
        collegeId: 'college-a',
        topicId: 2,
        title: 'Study group for Algorithms',
        content: 'Thursdays in the library.',
        isAnonymous: false,
        createdAt: post.createdAt,
        version: 0,
      });
    });

    test('when a browser sends the content with CRLF line breaks, then it is stored with LF and its length counted as typed', async () => {
      // A textarea counts a line break as one character (its maxLength too); a form sends it as CRLF.
      const typed = 'line\n'.repeat(LIMITS.postContent / 5 - 1) + 'last.';
      expect(typed).toHaveLength(LIMITS.postContent);
      const response = await request(kit.app)
        .post('/api/posts')
        .set(bearer(ada.token))
        .field('title', 'Many lines')
        .field('content', typed.replace(/\n/g, '\r\n'))
        .field('topicId', '1');
      expect(response.status).toBe(201);
      expect((response.body as Post).content).toBe(typed);
      expect(await kit.ctx.models.Post.findById((response.body as Post).id).lean()).toMatchObject({ content: typed });
    });

    test.each([
      ['a blank title', { title: '   ', content: 'c', topicId: '1' }, 'Please fill in all required fields.'],
      ['invisible content', { title: 't', content: '\u200B\u2060\u202E', topicId: '1' }, 'Please fill in all required fields.'],
      ['no content', { title: 't', topicId: '1' }, 'Please fill in all required fields.'],
      [
        'a title too long',
        { title: 'x'.repeat(LIMITS.postTitle + 1), content: 'c', topicId: '1' },
        'Title must be at most 200 characters.',
      ],
      [
        'content too long',
        { title: 't', content: 'x'.repeat(LIMITS.postContent + 1), topicId: '1' },
        'Content must be at most 10000 characters.',
      ],
      ['no topic', { title: 't', content: 'c' }, 'Please choose a topic.'],
      ['an unknown topic', { title: 't', content: 'c', topicId: '999' }, 'Please choose a topic.'],
      [
        'a topic that is not a number',
        { title: 't', content: 'c', topicId: 'general' },
        'Please choose a topic.',
      ],
    ])(
      'when a post is created with %s, then 400 says so and nothing is stored',
      async (_case, fields, message) => {
        const before = await kit.ctx.models.Post.countDocuments();
        let call = request(kit.app).post('/api/posts').set(bearer(ada.token));
        for (const [name, value] of Object.entries(fields)) call = call.field(name, value);
        const response = await call;
        expect(response.status).toBe(400);
        expect(response.body).toEqual({ message });
        expect(await kit.ctx.models.Post.countDocuments()).toBe(before);
      },
    );
  });

  describe('edit and delete', () => {
    test('when a post is opened by id, then it is the feed’s post, and another college’s student finds none', async () => {
      const post = await createPost(kit, ada, { title: 'Opened by id' });
      const opened = await request(kit.app).get(`/api/posts/${post.id}`).set(bearer(grace.token));
      expect(opened.status).toBe(200);
      expect(opened.body).toEqual(await seenPost(kit, grace, post.id));
      expect((await request(kit.app).get(`/api/posts/${post.id}`).set(bearer(otherCollege.token))).status).toBe(404);
      expect((await request(kit.app).get('/api/posts/not-an-id').set(bearer(grace.token))).status).toBe(404);
    });

    test('when the author edits a post, then the title and content change, in the feed too', async () => {
      const post = await createPost(kit, ada, { content: 'Before "the" edit\n\u2713' });
      // Read in the feed first, so the post's JSON is made before the edit.
      expect(await seenPost(kit, ada, post.id)).toEqual(post);
      const response = await request(kit.app)
        .put(`/api/posts/${post.id}`)
        .set(bearer(ada.token))
        .send({ title: 'Edited title', content: 'Edited content' });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        id: post.id,
        title: 'Edited title',
        content: 'Edited content',
        canEdit: true,
      });
      expect(await kit.ctx.models.Post.findById(post.id).lean()).toMatchObject({ title: 'Edited title' });
      // The feed presents the edited version exactly as the edit's answer does.
      expect(await seenPost(kit, ada, post.id)).toEqual(response.body);
    });

    test('when a feed page is read, then each post is what its own answers say, to the author, another student and an admin', async () => {
      const open = await createPost(kit, grace, { title: 'Open', content: 'Quotes " and \\ and \u00e9' });
      const anonymous = await createPost(kit, grace, { title: 'Anonymous', isAnonymous: true });
      // The author sees their own authorship of both.
      expect(await seenPost(kit, grace, open.id)).toEqual(open);
      expect(await seenPost(kit, grace, anonymous.id)).toEqual(anonymous);
      // Another student: the anonymous post names nobody and neither is theirs to edit.
      expect(await seenPost(kit, ada, open.id)).toEqual({ ...open, canEdit: false });
      expect(await seenPost(kit, ada, anonymous.id)).toEqual({ ...anonymous, authorId: null, author: null, canEdit: false });
      // An admin sees who wrote it and may edit both.
      expect(await seenPost(kit, admin, anonymous.id)).toEqual(anonymous);
    });

    test('when an edit leaves the title or content blank, then 400 asks for both', async () => {
      const post = await createPost(kit, ada);
      const response = await request(kit.app)
        .put(`/api/posts/${post.id}`)
        .set(bearer(ada.token))
        .send({ title: 'Still here', content: '  ' });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('Both title and content are required.');
    });

    test('when another student edits or deletes a post, then 403 and the post is unchanged', async () => {
      const post = await createPost(kit, ada, { title: 'Mine' });
      const edit = await request(kit.app)
        .put(`/api/posts/${post.id}`)
        .set(bearer(grace.token))
        .send({ title: 'Hijacked', content: 'x' });
      expect(edit.status).toBe(403);
      const remove = await request(kit.app).delete(`/api/posts/${post.id}`).set(bearer(grace.token));
      expect(remove.status).toBe(403);
      expect(await kit.ctx.models.Post.findById(post.id).lean()).toMatchObject({ title: 'Mine' });
    });

    test('when a student of another college edits or deletes a post, then it is not found for them', async () => {
      const post = await createPost(kit, ada);
      const edit = await request(kit.app)
        .put(`/api/posts/${post.id}`)
        .set(bearer(otherCollege.token))
        .send({ title: 't', content: 'c' });
      expect(edit.status).toBe(404);
      const remove = await request(kit.app).delete(`/api/posts/${post.id}`).set(bearer(otherCollege.token));
      expect(remove.status).toBe(404);
    });

    test('when an admin edits and then deletes a student post, then both succeed', async () => {
      const post = await createPost(kit, ada);
      const edit = await request(kit.app)
        .put(`/api/posts/${post.id}`)
        .set(bearer(admin.token))
        .send({ title: 'Moderated', content: 'Edited by an admin' });
      expect(edit.status).toBe(200);
      expect(edit.body.canEdit).toBe(true);
      const remove = await request(kit.app).delete(`/api/posts/${post.id}`).set(bearer(admin.token));
      expect(remove.status).toBe(200);
      expect(await kit.ctx.models.Post.findById(post.id).lean()).toBeNull();
    });

    test('when the author deletes a post, then its comments and views go with it and deletion events are published', async () => {
      const post = await createPost(kit, ada);
      const comment = await request(kit.app)
        .post('/api/comments')
        .set(bearer(grace.token))
        .send({ postId: post.id, content: 'Nice' });
      expect(comment.status).toBe(201);
      await request(kit.app).post(`/api/posts/${post.id}/view`).set(bearer(grace.token)).expect(200);

      const response = await request(kit.app).delete(`/api/posts/${post.id}`).set(bearer(ada.token));
      expect(response.status).toBe(200);
      expect(await kit.ctx.models.Post.findById(post.id).lean()).toBeNull();
      expect(await kit.ctx.models.Comment.countDocuments({ postId: post.id })).toBe(0);
      expect(await kit.ctx.models.PostView.countDocuments({ postId: post.id })).toBe(0);
      await publishedEvent(kit, 'forum.post.deleted', (data) => data.postId === post.id);
      await publishedEvent(kit, 'forum.comment.deleted', (data) => data.commentId === comment.body.id);
    });

    test('when an id is malformed, then post routes answer 404', async () => {
      for (const call of [
        request(kit.app).put('/api/posts/not-an-id').send({ title: 't', content: 'c' }),
        request(kit.app).delete('/api/posts/not-an-id'),
        request(kit.app).post('/api/posts/not-an-id/view'),
        request(kit.app).get('/api/comments?postId=not-an-id'),
      ]) {
        const response = await call.set(bearer(ada.token));
        expect(response.status).toBe(404);
      }
    });
  });

  describe('feed', () => {
    test('when a board has more posts than a page, then pages follow the X-Next-Cursor header newest first without gaps or repeats', async () => {
      const topicId = 7;
      const created: Post[] = [];
      for (let i = 0; i < 7; i += 1)
        created.push(await createPost(kit, ada, { topicId, title: `Item ${i}` }));
      const seen: Post[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const response = await request(kit.app)
          .get('/api/posts')
          .query({ topicId, limit: 3, ...(cursor ? { cursor } : {}) })
          .set(bearer(grace.token));
        expect(response.status).toBe(200);
        expect(Array.isArray(response.body)).toBe(true);
        seen.push(...(response.body as Post[]));
        cursor = response.headers[NEXT_CURSOR_HEADER.toLowerCase()];
        pages += 1;
      } while (cursor && pages < 10);
      expect(pages).toBe(3);
      expect(seen.map((p) => p.id)).toEqual(created.map((p) => p.id).reverse());
      expect(seen.every((p) => p.topicId === topicId && p.canEdit === false)).toBe(true);
    });

    test('when the cursor is not one the server issued, then 400', async () => {
      const response = await request(kit.app)
        .get('/api/posts?topicId=1&cursor=garbage')
        .set(bearer(ada.token));
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('Invalid cursor.');
    });

    test("when a student of another college reads a board, then they never see the first college's posts", async () => {
      const post = await createPost(kit, ada, { topicId: 8, title: 'College A only' });
      const theirs = await request(kit.app).get('/api/posts?topicId=8').set(bearer(otherCollege.token));
      expect(theirs.status).toBe(200);
      expect((theirs.body as Post[]).some((p) => p.id === post.id)).toBe(false);
      const allTopics = await request(kit.app).get('/api/posts').set(bearer(otherCollege.token));
      expect((allTopics.body as Post[]).some((p) => p.id === post.id)).toBe(false);
      const view = await request(kit.app).post(`/api/posts/${post.id}/view`).set(bearer(otherCollege.token));
      expect(view.status).toBe(404);

      const sameCollege = await request(kit.app).get('/api/posts?topicId=8').set(bearer(grace.token));
      expect((sameCollege.body as Post[]).some((p) => p.id === post.id)).toBe(true);
      const adminView = await request(kit.app).get('/api/posts?topicId=8').set(bearer(admin.token));
      expect((adminView.body as Post[]).some((p) => p.id === post.id)).toBe(true);
    });

    test("when an admin moves a student to another college, then the student's boards follow the directory copy", async () => {
      const mover = await makeUser(kit, { collegeId: 'college-a' });
      const post = await createPost(kit, ada, { topicId: 9 });
      await kit.runtime.publisher.publish('auth.user.updated', {
        userId: mover.id,
        version: 1,
        firstName: mover.firstName,
        lastName: mover.lastName,
        email: null,
        profileColor: '#10B981',
        profileImageUrl: null,
        collegeId: 'college-b',
        collegeName: 'College B',
        collegeInitials: 'CB',
        major: '',
        graduationYear: null,
        isAdmin: false,
      });
      // The token still claims college-a; the directory copy wins.
      const feed = await waitFor(async () => {
        const response = await request(kit.app).get('/api/posts?topicId=9').set(bearer(mover.token));
        return (response.body as Post[]).some((p) => p.id === post.id) ? null : (response.body as Post[]);
      });
      expect(feed.map((p) => p.id)).not.toContain(post.id);
      const view = await request(kit.app).post(`/api/posts/${post.id}/view`).set(bearer(mover.token));
      expect(view.status).toBe(404);
    });
  });

  describe('views', () => {
    test('when students view a post repeatedly, then each counts once and the author never', async () => {
      const post = await createPost(kit, ada);
      const view = (user: TestUser) =>
        request(kit.app).post(`/api/posts/${post.id}/view`).set(bearer(user.token));

      expect((await view(ada)).body).toEqual({ viewCount: 0 });
      expect((await view(grace)).body).toEqual({ viewCount: 1 });
      expect((await view(grace)).body).toEqual({ viewCount: 1 });
      const concurrent = await Promise.all([view(admin), view(admin), view(admin)]);
      expect(concurrent.every((r) => r.status === 200)).toBe(true);
      expect((await view(ada)).body).toEqual({ viewCount: 2 });
      expect(await kit.ctx.models.PostView.countDocuments({ postId: post.id })).toBe(2);
    });
  });

  describe('counters under concurrency', () => {
    test('when many students view and comment on a post at once, then every view and comment is counted', async () => {
      const post = await createPost(kit, ada);
      const crowd = await Promise.all(
        Array.from({ length: 6 }, () => makeUser(kit, { collegeId: 'college-a' })),
      );
      await Promise.all(
        crowd.flatMap((student) => [
          request(kit.app).post(`/api/posts/${post.id}/view`).set(bearer(student.token)).expect(200),
          request(kit.app)
            .post('/api/comments')
            .set(bearer(student.token))
            .send({ postId: post.id, content: 'Same here' })
            .expect(201),
        ]),
      );
      expect(await seenPost(kit, ada, post.id)).toMatchObject({ viewCount: 6, commentCount: 6 });
    });
  });

  describe('stats and profile', () => {
    test('when a student asks for stats and profile posts, then they get their own posts, anonymous ones included', async () => {
      const writer = await makeUser(kit, { collegeId: 'college-a' });
      await createPost(kit, writer, { title: 'Open', topicId: 3 });
      await createPost(kit, writer, { title: 'Secret', topicId: 9, isAnonymous: true });
      await createPost(kit, ada, { title: 'Not mine' });

      const stats = await request(kit.app).get('/api/user/stats').set(bearer(writer.token));
      expect(stats.body).toEqual({ totalPosts: 2 });

      const posts = await request(kit.app).get('/api/profile/posts').set(bearer(writer.token));
      expect(posts.status).toBe(200);
      expect(posts.body).toEqual([
        {
          id: expect.any(String),
          title: 'Secret',
          content: 'Some content',
          topic: 'Advice',
          createdAt: expect.any(String),
        },
        {
          id: expect.any(String),
          title: 'Open',
          content: 'Some content',
          topic: 'Campus Life',
          createdAt: expect.any(String),
        },
      ]);
    });

    test('when a student whose subscription lapsed opens their profile, then their own lists still load', async () => {
      const lapsed = await makeUser(kit, { collegeId: 'college-a', subscribed: false });
      expect((await request(kit.app).get('/api/profile/posts').set(bearer(lapsed.token))).status).toBe(200);
      expect((await request(kit.app).get('/api/profile/comments').set(bearer(lapsed.token))).status).toBe(
        200,
      );
    });
  });
});
