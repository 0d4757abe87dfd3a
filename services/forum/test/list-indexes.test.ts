import { Types } from 'mongoose';
import {
  type Comment,
  NEXT_CURSOR_HEADER,
  type Post,
  type ProfileComment,
  type ProfilePost,
} from '@quad/contracts';
import { type ListDef, readyKey, rebuildLockKey } from '@quad/common';
import { board, commentsOf, listsOfPost } from '../src/domain/lists';
import type { PostDoc } from '../src/models/post-model';
import {
  type ForumKit,
  type TestUser,
  bearer,
  createPost,
  listIndexKeys,
  flushListIndexes,
  makeUser,
  publishedEvent,
  request,
  startForumKit,
} from './forum-test-kit';

/**
 * The feed, comment lists and profile lists are served from sorted sets of ids in Redis
 * (kept by the repositories of @quad/common; the lists are in src/domain/lists.ts). These tests hold them to what the database says:
 * the same order and pages as the sorted queries they replaced, deletions mirrored, and a missing
 * or flushed index rebuilt by its first reader.
 */
describe('forum list indexes', () => {
  let kit: ForumKit;
  let ada: TestUser;
  let grace: TestUser;
  let bea: TestUser;
  let admin: TestUser;
  let collegeAdmin: TestUser;

  /** The Redis key the forum's repository keeps a list under (`repo:<database>:<repository>:list:<name>`). */
  const listKey = (repository: string, list: ListDef<never>) => `repo:${kit.runtime.namespace}:${repository}:list:${list.name}`;
  /** A college's board of one topic, with its key, as the posts repository keeps it. */
  const boardOf = (collegeId: string, topicId: number) => {
    const list = board(collegeId, topicId);
    return { ...list, key: listKey('posts', list as ListDef<never>) };
  };

  const feedPage = (user: TestUser, query: { topicId?: number; limit?: number; cursor?: string }) =>
    request(kit.app)
      .get('/api/posts')
      .query(query)
      .set(bearer(user.token))
      .then((response) => {
        if (response.status !== 200) throw new Error(`feed: ${response.status} ${response.text}`);
        return {
          ids: (response.body as Post[]).map((post) => post.id),
          posts: response.body as Post[],
          cursor: response.headers[NEXT_CURSOR_HEADER.toLowerCase()] as string | undefined,
        };
      });

  /** Every page of a feed, following X-Next-Cursor. */
  async function wholeFeed(user: TestUser, query: { topicId?: number; limit: number }) {
    const ids: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await feedPage(user, { ...query, ...(cursor ? { cursor } : {}) });
      ids.push(...page.ids);
      cursor = page.cursor;
      pages += 1;
    } while (cursor && pages < 100);
    return { ids, pages };
  }

  /** The order the feed had before the index: the database's sorted query. */
  async function databaseOrder(filter: Record<string, unknown>): Promise<string[]> {
    const posts = await kit.ctx.models.Post.find(filter, { _id: 1 }).sort({ createdAt: -1, _id: -1 }).lean();
    return posts.map((post) => String(post._id));
  }

  /** The score of a post in every index set it belongs to (null where it is absent). */
  async function scoresOf(post: Post, collegeId: string | null, authorId = post.authorId!) {
    const lists = listsOfPost({ authorId, collegeId, topicId: post.topicId });
    return Promise.all(lists.map((list) => kit.runtime.redis.zscore(listKey('posts', list as ListDef<never>), post.id)));
  }

  beforeAll(async () => {
    kit = await startForumKit();
    [ada, grace, bea, admin, collegeAdmin] = await Promise.all([
      makeUser(kit, { collegeId: 'college-a', firstName: 'Ada' }),
      makeUser(kit, { collegeId: 'college-a', firstName: 'Grace' }),
      makeUser(kit, { collegeId: 'college-b', firstName: 'Bea' }),
      makeUser(kit, { collegeId: null, isAdmin: true, subscribed: false, firstName: 'Admin' }),
      makeUser(kit, { collegeId: 'college-z', isAdmin: true, subscribed: false, firstName: 'Zed' }),
    ]);
  });

  afterAll(() => kit.stop());

  test('when posts share a creation time, then pages run newest first with ties broken by id, exactly as the database sorts them', async () => {
    const topicId = 3;
    await createPost(kit, ada, { topicId, title: 'Through the API' });
    // Written straight to the database (as an import would), in groups of three with one createdAt.
    const base = Date.now() - 3_600_000;
    await kit.ctx.models.Post.collection.insertMany(
      Array.from({ length: 12 }, (_, i) => {
        const createdAt = new Date(base - Math.floor(i / 3) * 1000);
        return {
          _id: new Types.ObjectId(),
          title: `Tied ${i}`,
          content: 'c',
          imageUrl: null,
          isAnonymous: false,
          authorId: grace.id,
          collegeId: 'college-a',
          topicId,
          version: 0,
          createdAt,
          updatedAt: createdAt,
        };
      }),
    );
    // Writes behind the forum's back are not mirrored: the index has to be rebuilt to see them.
    await flushListIndexes(kit);

    const expected = await databaseOrder({ collegeId: 'college-a', topicId });
    expect(expected).toHaveLength(13);
    for (const limit of [2, 4, 5, 50]) {
      const feed = await wholeFeed(ada, { topicId, limit });
      expect(feed.ids).toEqual(expected);
      expect(feed.pages).toBe(Math.ceil(13 / limit));
    }
    expect((await wholeFeed(ada, { limit: 3 })).ids).toEqual(await databaseOrder({ collegeId: 'college-a' }));
  });

  test('when posts are added and removed while a board is paged, then no id comes twice and none that stayed is skipped', async () => {
    const topicId = 9;
    const original: Post[] = [];
    for (let i = 0; i < 24; i += 1) original.push(await createPost(kit, i % 2 ? ada : grace, { topicId, title: `Stays ${i}` }));
    const removable = new Set(original.filter((_, i) => i % 5 === 2).map((post) => post.id));
    const seen: string[] = [];
    let cursor: string | undefined;
    let round = 0;
    do {
      const page = await feedPage(grace, { topicId, limit: 4, ...(cursor ? { cursor } : {}) });
      seen.push(...page.ids);
      cursor = page.cursor;
      // Between two pages: a new post on top, and one of the older ones deleted.
      await createPost(kit, ada, { topicId, title: `Added ${round}` });
      const victim = original.find((post, i) => i % 5 === 2 && Math.floor(i / 5) === round);
      if (victim) await request(kit.app).delete(`/api/posts/${victim.id}`).set(bearer(victim.authorId === ada.id ? ada.token : grace.token)).expect(200);
      round += 1;
    } while (cursor && round < 50);
    expect(new Set(seen).size).toBe(seen.length);
    for (const post of original.filter((p) => !removable.has(p.id))) expect(seen).toContain(post.id);
  });

  test('when a post is deleted, then it leaves the feed and every index set, and a cursor pointing at it still pages on', async () => {
    const topicId = 2;
    const created: Post[] = [];
    for (let i = 0; i < 5; i += 1) created.push(await createPost(kit, ada, { topicId, title: `Post ${i}` }));
    const newestFirst = created.map((post) => post.id).reverse();

    const first = await feedPage(grace, { topicId, limit: 2 });
    expect(first.ids).toEqual(newestFirst.slice(0, 2));
    // The cursor points just past the second post; delete that very post.
    const deleted = created.find((post) => post.id === first.ids[1])!;
    await request(kit.app).delete(`/api/posts/${deleted.id}`).set(bearer(ada.token)).expect(200);

    expect(await scoresOf(deleted, 'college-a')).toEqual([null, null, null, null, null]);
    const second = await feedPage(grace, { topicId, limit: 2, cursor: first.cursor });
    expect(second.ids).toEqual(newestFirst.slice(2, 4));
    const all = await wholeFeed(grace, { topicId, limit: 10 });
    expect(all.ids).toEqual(newestFirst.filter((id) => id !== deleted.id));
  });

  test('when moderation removes a post, then it leaves every index set', async () => {
    const post = await createPost(kit, ada, { topicId: 2, title: 'Reported' });
    expect((await scoresOf(post, 'college-a')).every((score) => score !== null)).toBe(true);

    await kit.runtime.publisher.publish('moderation.content.removed', {
      type: 'post',
      contentId: post.id,
      removedBy: admin.id,
    });
    await publishedEvent(kit, 'forum.post.deleted', (data) => data.postId === post.id);

    expect(await scoresOf(post, 'college-a')).toEqual([null, null, null, null, null]);
    expect((await feedPage(grace, { topicId: 2 })).ids).not.toContain(post.id);
  });

  test('when an index still holds a deleted post, then readers skip it, still fill the page and drop its id', async () => {
    const topicId = 6;
    const created: Post[] = [];
    for (let i = 0; i < 5; i += 1)
      created.push(await createPost(kit, grace, { topicId, title: `Post ${i}` }));
    const list = boardOf('college-a', topicId);
    // Deleted through the API, then put back in the set, as a rebuild that scanned just before the
    // delete would; and one deleted straight in the database with no cached copy left.
    const [deleted, vanished] = [created[3]!, created[1]!];
    await request(kit.app).delete(`/api/posts/${deleted.id}`).set(bearer(grace.token)).expect(200);
    await kit.runtime.redis.zadd(list.key, Date.parse(deleted.createdAt), deleted.id);
    await kit.ctx.models.Post.deleteOne({ _id: vanished.id });
    await kit.runtime.redis.del(`repo:${kit.runtime.namespace}:posts:doc:${vanished.id}`);

    const page = await feedPage(ada, { topicId, limit: 3 });
    expect(page.ids).toEqual([created[4]!.id, created[2]!.id, created[0]!.id]);
    expect(page.cursor).toBeUndefined();
    expect(await kit.runtime.redis.zscore(list.key, deleted.id)).toBeNull();
    expect(await kit.runtime.redis.zscore(list.key, vanished.id)).toBeNull();
  });

  test('when posts are edited, viewed and commented on, then the feed shows what the database holds, cached or not', async () => {
    const topicId = 1;
    const post = await createPost(kit, ada, { topicId, title: 'Before' });
    const first = await feedPage(grace, { topicId, limit: 1 });
    expect(first.posts[0]).toMatchObject({ id: post.id, title: 'Before', viewCount: 0, commentCount: 0 });

    await request(kit.app)
      .put(`/api/posts/${post.id}`)
      .set(bearer(ada.token))
      .send({ title: 'After', content: 'Edited' })
      .expect(200);
    await request(kit.app).post(`/api/posts/${post.id}/view`).set(bearer(grace.token)).expect(200);
    const reply = await request(kit.app)
      .post('/api/comments')
      .set(bearer(grace.token))
      .send({ postId: post.id, content: 'Two' });
    await request(kit.app)
      .post('/api/comments')
      .set(bearer(grace.token))
      .send({ postId: post.id, content: 'One' })
      .expect(201);
    await request(kit.app).delete(`/api/comments/${reply.body.id}`).set(bearer(grace.token)).expect(200);

    const expected = { id: post.id, title: 'After', content: 'Edited', viewCount: 1, commentCount: 1 };
    expect(await kit.ctx.models.Post.findById(post.id).lean()).toMatchObject({ title: 'After', content: 'Edited' });
    expect((await feedPage(grace, { topicId, limit: 1 })).posts[0]).toMatchObject(expected);
    await flushListIndexes(kit);
    expect((await feedPage(grace, { topicId, limit: 1 })).posts[0]).toMatchObject(expected);
  });

  test('when a reader caches a version older than a write, or a deleted post, then the newer version stays', async () => {
    const post = await createPost(kit, ada, { topicId: 1, title: 'Versioned' });
    const stored = (await kit.ctx.models.Post.findById(post.id).lean<PostDoc>())!;
    const cachedTitle = async () => (await kit.ctx.posts.find(stored._id))?.title ?? null;

    // Versions are counters: the newer one wins whatever the clocks say (here its updatedAt is older).
    const newer = { ...stored, title: 'Newer', version: stored.version + 1, updatedAt: new Date(0) };
    await kit.ctx.posts.cache.put(newer);
    // A reader that loaded the post before that write puts what it loaded.
    await kit.ctx.posts.cache.put(stored);
    expect(await cachedTitle()).toBe('Newer');

    await request(kit.app).delete(`/api/posts/${post.id}`).set(bearer(ada.token)).expect(200);
    await kit.ctx.posts.cache.put(newer);
    expect(await kit.ctx.posts.find(stored._id)).toBeNull();
  });

  test('when the index is flushed, then the next readers rebuild it once and get the same pages', async () => {
    const topicId = 4;
    for (let i = 0; i < 5; i += 1) await createPost(kit, i % 2 ? ada : bea, { topicId, title: `Post ${i}` });
    const before = {
      ada: await wholeFeed(ada, { topicId, limit: 2 }),
      adaAll: await wholeFeed(ada, { limit: 4 }),
      admin: await wholeFeed(admin, { topicId, limit: 2 }),
      adminAll: await wholeFeed(admin, { limit: 4 }),
    };
    expect(before.ada.ids).toEqual(await databaseOrder({ collegeId: 'college-a', topicId }));
    expect(before.adminAll.ids).toEqual(await databaseOrder({}));

    await flushListIndexes(kit);
    // The repositories' keys are gone. (The directory's consumer may cache a user meanwhile: the test
    // NATS is shared, and another test file's users are announced on it too.)
    expect((await listIndexKeys(kit)).filter((key) => key.startsWith('repo:'))).toEqual([]);

    // Many first readers at once, on every kind of list: all wait for the one rebuild of their list.
    const firstPages = await Promise.all([
      ...Array.from({ length: 5 }, () => feedPage(ada, { topicId, limit: 2 })),
      ...Array.from({ length: 3 }, () => feedPage(admin, { limit: 4 })),
    ]);
    for (const page of firstPages.slice(0, 5)) expect(page.ids).toEqual(before.ada.ids.slice(0, 2));
    for (const page of firstPages.slice(5)) expect(page.ids).toEqual(before.adminAll.ids.slice(0, 4));

    expect(await wholeFeed(ada, { topicId, limit: 2 })).toEqual(before.ada);
    expect(await wholeFeed(ada, { limit: 4 })).toEqual(before.adaAll);
    expect(await wholeFeed(admin, { topicId, limit: 2 })).toEqual(before.admin);
    expect(await wholeFeed(admin, { limit: 4 })).toEqual(before.adminAll);
    const list = boardOf('college-a', topicId);
    expect(await kit.runtime.redis.exists(readyKey(list.key), rebuildLockKey(list.key))).toBe(1);
  });

  test('when posts are created while another replica rebuilds a list, then they are in the feed once it is ready', async () => {
    const topicId = 5;
    const earlier = [await createPost(kit, ada, { topicId }), await createPost(kit, grace, { topicId })];
    await flushListIndexes(kit);
    const { redis } = kit.runtime;
    const list = boardOf('college-a', topicId);

    // Another replica takes the rebuild lock and scans the database...
    await redis.set(rebuildLockKey(list.key), 'other-replica', 'PX', 30_000, 'NX');
    const scanned = await kit.ctx.models.Post.find(list.filter as never, { createdAt: 1 }).lean();
    // ...a reader here arrives meanwhile and waits for that rebuild...
    const waitingReader = feedPage(grace, { topicId });
    // ...and a post is written after the scan, before the rebuild completes.
    const during = await createPost(kit, ada, { topicId, title: 'Written during the rebuild' });
    for (const post of scanned) await redis.zadd(list.key, post.createdAt.getTime(), String(post._id));
    await redis.set(readyKey(list.key), '1');
    await redis.del(rebuildLockKey(list.key));

    const expected = [during.id, ...earlier.map((post) => post.id).reverse()];
    expect((await waitingReader).ids).toEqual(expected);
    expect((await feedPage(ada, { topicId })).ids).toEqual(expected);
  });

  test('when colleges and admins read the same topic, then each student sees their college only and admins see every post', async () => {
    const topicId = 8;
    const fromA = await createPost(kit, ada, { topicId, title: 'College A' });
    const anonymousFromA = await createPost(kit, grace, { topicId, title: 'Anonymous A', isAnonymous: true });
    const fromB = await createPost(kit, bea, { topicId, title: 'College B' });
    const fromAdmin = await createPost(kit, admin, { topicId, title: 'Admin without a college' });
    const fromCollegeAdmin = await createPost(kit, collegeAdmin, { topicId, title: 'Admin of college Z' });

    const adaFeed = await feedPage(ada, { topicId });
    expect(adaFeed.ids).toEqual([anonymousFromA.id, fromA.id]);
    expect(adaFeed.posts[0]).toMatchObject({
      isAnonymous: true,
      authorId: null,
      author: null,
      canEdit: false,
    });
    expect((await feedPage(bea, { topicId })).ids).toEqual([fromB.id]);
    for (const user of [ada, bea]) {
      const allTopics = (await wholeFeed(user, { limit: 50 })).ids;
      expect(allTopics).not.toContain(fromAdmin.id);
      expect(allTopics).not.toContain(fromCollegeAdmin.id);
    }
    // The admin of college Z posted into college Z's board, which no student here reads.
    expect(await scoresOf(fromCollegeAdmin, 'college-z')).not.toContain(null);
    // A post without a college is only in the admins' sets.
    expect(await scoresOf(fromAdmin, null)).not.toContain(null);

    const everyPost = [fromCollegeAdmin, fromAdmin, fromB, anonymousFromA, fromA].map((post) => post.id);
    for (const reader of [admin, collegeAdmin]) {
      const adminFeed = await feedPage(reader, { topicId });
      expect(adminFeed.ids).toEqual(everyPost);
      // Admins see who wrote anonymous posts.
      expect(adminFeed.posts[3]).toMatchObject({ isAnonymous: true, authorId: grace.id });
      expect((await wholeFeed(reader, { limit: 7 })).ids).toEqual(await databaseOrder({}));
    }
  });

  describe('comments and profiles', () => {
    const get = async <T>(user: TestUser, path: string): Promise<T> => {
      const response = await request(kit.app).get(path).set(bearer(user.token));
      if (response.status !== 200) throw new Error(`${path}: ${response.status} ${response.text}`);
      return response.body as T;
    };
    const comment = async (user: TestUser, postId: string, content: string, isAnonymous = false) => {
      const response = await request(kit.app)
        .post('/api/comments')
        .set(bearer(user.token))
        .send({ postId, content, isAnonymous });
      if (response.status !== 201) throw new Error(`comment: ${response.status} ${response.text}`);
      return response.body as Comment;
    };

    test("when comments come and go, then the post's list and the authors' profile lists follow them, and survive a flush", async () => {
      const commenter = await makeUser(kit, { collegeId: 'college-a' });
      const post = await createPost(kit, ada, { topicId: 10, title: 'Discussed' });
      const first = await comment(commenter, post.id, 'First');
      const second = await comment(ada, post.id, 'Second');
      const third = await comment(commenter, post.id, 'Third, anonymously', true);
      await request(kit.app).delete(`/api/comments/${first.id}`).set(bearer(commenter.token)).expect(200);

      const read = async () => ({
        comments: await get<Comment[]>(ada, `/api/comments?postId=${post.id}`),
        commenterProfile: await get<ProfileComment[]>(commenter, '/api/profile/comments'),
      });
      const before = await read();
      const stored = await kit.ctx.models.Comment.find({ postId: post.id })
        .sort({ createdAt: 1, _id: 1 })
        .lean();
      expect(before.comments.map((c) => c.id)).toEqual(stored.map((c) => String(c._id)));
      expect(before.comments.map((c) => c.id)).toEqual([second.id, third.id]);
      // Ada reads Grace's anonymous comment: no author.
      expect(before.comments[1]).toMatchObject({ isAnonymous: true, authorId: null, author: null });
      expect(before.commenterProfile).toEqual([
        {
          id: third.id,
          content: 'Third, anonymously',
          postTitle: 'Discussed',
          createdAt: expect.any(String),
        },
      ]);

      await flushListIndexes(kit);
      expect(await read()).toEqual(before);
    });

    test("when a post with comments is deleted, then its comment list goes and its comments leave their authors' profiles", async () => {
      const post = await createPost(kit, ada, { topicId: 10, title: 'Short-lived' });
      const reply = await comment(grace, post.id, 'Soon gone');
      expect((await get<ProfileComment[]>(grace, '/api/profile/comments')).map((c) => c.id)).toContain(
        reply.id,
      );
      expect((await get<Comment[]>(ada, `/api/comments?postId=${post.id}`)).map((c) => c.id)).toEqual([
        reply.id,
      ]);

      await request(kit.app).delete(`/api/posts/${post.id}`).set(bearer(ada.token)).expect(200);

      expect((await get<ProfileComment[]>(grace, '/api/profile/comments')).map((c) => c.id)).not.toContain(
        reply.id,
      );
      const commentList = { key: listKey('comments', commentsOf(post.id) as ListDef<never>) };
      expect(await kit.runtime.redis.exists(commentList.key, readyKey(commentList.key))).toBe(0);
    });

    test('when a profile is read, fresh or after a flush, then its posts and stats are what the database holds', async () => {
      const writer = await makeUser(kit, { collegeId: 'college-b' });
      const posts: Post[] = [];
      for (let i = 0; i < 4; i += 1)
        posts.push(
          await createPost(kit, writer, { topicId: 1 + i, title: `Mine ${i}`, isAnonymous: i === 1 }),
        );
      await request(kit.app).delete(`/api/posts/${posts[2]!.id}`).set(bearer(writer.token)).expect(200);

      const read = async () => ({
        posts: (await get<ProfilePost[]>(writer, '/api/profile/posts')).map((p) => p.id),
        stats: await get<{ totalPosts: number }>(writer, '/api/user/stats'),
      });
      const stored = await kit.ctx.models.Post.find({ authorId: writer.id })
        .sort({ createdAt: -1, _id: -1 })
        .lean();
      const expected = { posts: stored.map((p) => String(p._id)), stats: { totalPosts: 3 } };
      expect(expected.posts).toEqual([posts[3]!.id, posts[1]!.id, posts[0]!.id]);
      expect(await read()).toEqual(expected);
      await flushListIndexes(kit);
      expect(await read()).toEqual(expected);
    });
  });

  test('when a student has no college, then they see no board rather than the posts of admins without one', async () => {
    await createPost(kit, admin, { topicId: 9, title: 'Admin notice' });
    const stray = await makeUser(kit, { collegeId: null });
    const feed = await feedPage(stray, { topicId: 9 });
    expect(feed.ids).toEqual([]);
    expect(feed.cursor).toBeUndefined();
  });
});
