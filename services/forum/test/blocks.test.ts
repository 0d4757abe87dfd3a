import type { Comment, Post } from '@quad/contracts';
import { waitFor } from '@quad/common/src/testing';
import { prepareForum } from '../src/setup';
import { type ForumKit, type TestUser, bearer, createPost, makeUser, request, startForumKit } from './forum-test-kit';

/** Social's blocks reach forum as events; a blocked author's content is collapsed for the blocker only. */
describe('forum and blocks', () => {
  let kit: ForumKit;
  let ada: TestUser;
  let grace: TestUser;
  let linus: TestUser;

  beforeAll(async () => {
    kit = await startForumKit();
    [ada, grace, linus] = await Promise.all([
      makeUser(kit, { collegeId: 'college-a', firstName: 'Ada' }),
      makeUser(kit, { collegeId: 'college-a', firstName: 'Grace' }),
      makeUser(kit, { collegeId: 'college-a', firstName: 'Linus' }),
    ]);
  });
  afterAll(() => kit.stop());

  const feed = async (user: TestUser) =>
    (await request(kit.app).get('/api/posts').query({ topicId: 7 }).set(bearer(user.token))).body as Post[];
  const flag = (posts: Post[], id: string) => posts.find((post) => post.id === id)?.authorBlocked;

  test('when a student blocks an author, then that author’s posts and comments are marked for the blocker alone, anonymous ones never, until unblocked', async () => {
    const named = await createPost(kit, grace, { topicId: 7, title: 'Signed' });
    const anonymous = await createPost(kit, grace, { topicId: 7, title: 'Unsigned', isAnonymous: true });
    await request(kit.app).post('/api/comments').set(bearer(grace.token)).send({ postId: named.id, content: 'Hi' }).expect(201);
    expect(flag(await feed(ada), named.id)).toBe(false);

    await kit.runtime.publisher.publish('social.block.created', { blockerId: ada.id, blockedId: grace.id });
    await waitFor(async () => flag(await feed(ada), named.id) === true);
    expect(flag(await feed(ada), anonymous.id)).toBe(false);
    expect(flag(await feed(linus), named.id)).toBe(false);
    const comments = (await request(kit.app).get(`/api/comments?postId=${named.id}`).set(bearer(ada.token))).body as Comment[];
    expect(comments.map((comment) => comment.authorBlocked)).toEqual([true]);

    await kit.runtime.publisher.publish('social.block.removed', { blockerId: ada.id, blockedId: grace.id });
    await waitFor(async () => flag(await feed(ada), named.id) === false);
  });

  test('when blocks were stored under forum\'s old ids, then the start moves them onto the shared ids: they still hold, and a later removal ends them', async () => {
    const post = await createPost(kit, linus, { topicId: 7, title: 'From before the move' });
    // As a forum before the shared block copy stored them: `<blockerId>:<blockedId>`, one live, one ended.
    await kit.ctx.models.Block.collection.insertMany([
      { _id: `${grace.id}:${linus.id}` as never, blockerId: grace.id, blockedId: linus.id, live: true, sequence: 1, version: 1 },
      { _id: `${ada.id}:${linus.id}` as never, blockerId: ada.id, blockedId: linus.id, live: false, sequence: 1, version: 2 },
    ]);

    await prepareForum(kit.runtime);

    const stored = await kit.ctx.models.Block.find({ blockedId: linus.id }).lean();
    expect(stored.map((block) => block._id).sort()).toEqual([`${ada.id}>${linus.id}`, `${grace.id}>${linus.id}`].sort());
    expect(flag(await feed(grace), post.id)).toBe(true);
    expect(flag(await feed(ada), post.id)).toBe(false);
    // A later event (any published now comes after the moved ones' sequences here) ends the block.
    await kit.runtime.publisher.publish('social.block.removed', { blockerId: grace.id, blockedId: linus.id });
    await waitFor(async () => flag(await feed(grace), post.id) === false);
    // A second start finds nothing left to move.
    await prepareForum(kit.runtime);
    expect(await kit.ctx.models.Block.countDocuments({ blockedId: linus.id })).toBe(2);
  });
});
