import { randomBytes } from 'node:crypto';
import { announceTestUser, bearer } from '@quad/common/src/testing';
import {
  type SearchKit,
  type TestUser,
  eventually,
  forumAs,
  ids,
  makeUser,
  request,
  searchAs,
  startSearchKit,
} from './search-test-kit';

/** A college id of this test only, so tests of one file never see each other's content. */
const college = (name: string) => `${name}-${randomBytes(3).toString('hex')}`;

describe('search', () => {
  let kit: SearchKit;

  beforeAll(async () => {
    kit = await startSearchKit();
  }, 60_000);

  afterAll(async () => {
    await kit.stop();
  });

  describe('relevance and typos', () => {
    test('when a student misspells a word or types its beginning, then the post with the word is found, with the matched word to highlight', async () => {
      const mit = college('mit');
      const [seller, buyer] = await Promise.all([
        makeUser(kit, { collegeId: mit }),
        makeUser(kit, { collegeId: mit }),
      ]);
      const post = await forumAs(kit, seller).post({
        title: 'Selling my graphing calculator',
        content: 'TI-84, barely used, $40.',
      });
      await forumAs(kit, seller).post({ title: 'Lost umbrella', content: 'Blue, left in the library.' });

      const typo = await eventually(kit, buyer, 'calculater', (hits) => hits.length > 0);
      expect(ids(typo)).toEqual([post.id]);
      expect(typo[0]).toMatchObject({
        kind: 'post',
        title: 'Selling my graphing calculator',
        isAnonymous: false,
      });
      expect(typo[0]!.terms).toContain('calculator');
      expect(typo[0]!.author).toMatchObject({ id: seller.id, firstName: seller.firstName });
      // As you type: the last word is a prefix.
      expect(ids(await searchAs(kit, buyer, 'graphing calc'))).toEqual([post.id]);
      // Every word must match: a word no post has finds nothing.
      expect(await searchAs(kit, buyer, 'calculator zebra')).toEqual([]);
    });

    test('when two posts match, then the one matching in its title ranks first, and a tab keeps only its kind', async () => {
      const stanford = college('stanford');
      const [author, reader] = await Promise.all([
        makeUser(kit, { collegeId: stanford }),
        makeUser(kit, { collegeId: stanford }),
      ]);
      const inBody = await forumAs(kit, author).post({
        title: 'Weekend plans',
        content: 'Anyone up for a rideshare to the airport?',
      });
      const inTitle = await forumAs(kit, author).post({
        title: 'Rideshare to SFO on Friday',
        content: 'Leaving at 5.',
      });
      const poll = await forumAs(kit, author).poll('Best rideshare app?', ['Lyft', 'Uber']);
      const comment = await forumAs(kit, reader).comment(inBody.id, 'I can join the rideshare!');

      const all = await eventually(kit, reader, 'rideshare', (hits) => hits.length === 4);
      expect(ids(all).indexOf(inTitle.id)).toBeLessThan(ids(all).indexOf(inBody.id));
      expect(ids(await searchAs(kit, reader, 'rideshare', { type: 'polls' }))).toEqual([poll.id]);
      const comments = await searchAs(kit, reader, 'rideshare', { type: 'comments' });
      expect(comments).toEqual([
        expect.objectContaining({
          id: comment.id,
          kind: 'comment',
          postId: inBody.id,
          title: 'Weekend plans',
        }),
      ]);
      expect(ids(await searchAs(kit, reader, 'rideshare', { type: 'posts' })).sort()).toEqual(
        [inBody.id, inTitle.id].sort(),
      );
      // Topic and date filters: everything here is in topic 1 and from today.
      expect(await searchAs(kit, reader, 'rideshare', { type: 'posts', topicId: 2 })).toEqual([]);
      expect(await searchAs(kit, reader, 'rideshare', { type: 'posts', since: 'day' })).toHaveLength(2);
    });
  });

  describe('scope', () => {
    test('when students of two colleges search, then each finds only their college’s posts, comments, polls and people, and every college’s ideas', async () => {
      const [a, b] = [college('a'), college('b')];
      const [alice, anna] = await Promise.all([
        makeUser(kit, { collegeId: a, firstName: 'Quillon', lastName: 'Aardvark' }),
        makeUser(kit, { collegeId: a }),
      ]);
      const bob = await makeUser(kit, { collegeId: b });
      const post = await forumAs(kit, alice).post({
        title: 'Marimba ensemble auditions',
        content: 'Thursday.',
      });
      const poll = await forumAs(kit, alice).poll('Marimba or xylophone?', ['Marimba', 'Xylophone']);
      const idea = await forumAs(kit, alice).idea(
        'Marimba lessons marketplace',
        'Match students with marimba teachers.',
      );

      const sameCollege = await eventually(kit, anna, 'marimba', (hits) => hits.length === 3);
      expect(ids(sameCollege).sort()).toEqual([post.id, poll.id, idea.id].sort());
      expect(ids(await searchAs(kit, anna, 'Quillon Aardvark', { type: 'people' }))).toEqual([alice.id]);

      const otherCollege = await eventually(kit, bob, 'marimba', (hits) => hits.length > 0);
      expect(ids(otherCollege)).toEqual([idea.id]);
      expect(await searchAs(kit, bob, 'Quillon Aardvark')).toEqual([]);
    });

    test('when an admin searches, then every college’s content is found', async () => {
      const [a, b] = [college('a'), college('b')];
      const [inA, inB] = await Promise.all([
        makeUser(kit, { collegeId: a }),
        makeUser(kit, { collegeId: b }),
      ]);
      const admin = await makeUser(kit, { collegeId: null, isAdmin: true });
      const postA = await forumAs(kit, inA).post({ title: 'Ocarina club', content: 'Join us.' });
      const postB = await forumAs(kit, inB).post({ title: 'Ocarina for sale', content: 'Cheap.' });
      const hits = await eventually(kit, admin, 'ocarina', (found) => found.length === 2);
      expect(ids(hits).sort()).toEqual([postA.id, postB.id].sort());
    });
  });

  describe('blocks, removals and bans', () => {
    test('when one student blocks another, then neither finds the other’s posts or the other in People, either way, until unblocked; anonymous posts stay, without author', async () => {
      const c = college('blocks');
      const [blocker, blocked, bystander] = await Promise.all([
        makeUser(kit, { collegeId: c, firstName: 'Blockera', lastName: 'Zed' }),
        makeUser(kit, { collegeId: c, firstName: 'Blockeda', lastName: 'Zed' }),
        makeUser(kit, { collegeId: c }),
      ]);
      const byBlocked = await forumAs(kit, blocked).post({
        title: 'Kayak trip sign-up',
        content: 'Saturday.',
      });
      const anonymousByBlocked = await forumAs(kit, blocked).post({
        title: 'Kayak confession',
        content: 'I capsized.',
        isAnonymous: true,
      });
      const byBlocker = await forumAs(kit, blocker).post({ title: 'Kayak paddles wanted', content: 'Two.' });
      await eventually(kit, bystander, 'kayak', (hits) => hits.length === 3);

      await kit.forum.runtime.publisher.publish('social.block.created', {
        blockerId: blocker.id,
        blockedId: blocked.id,
      });
      const blockerSees = await eventually(
        kit,
        blocker,
        'kayak',
        (hits) => !ids(hits).includes(byBlocked.id),
      );
      expect(ids(blockerSees).sort()).toEqual([anonymousByBlocked.id, byBlocker.id].sort());
      expect(blockerSees.find((hit) => hit.id === anonymousByBlocked.id)).not.toHaveProperty('author');
      expect(ids(await searchAs(kit, blocked, 'kayak'))).not.toContain(byBlocker.id);
      expect(await searchAs(kit, blocker, 'Blockeda Zed', { type: 'people' })).toEqual([]);
      expect(await searchAs(kit, blocked, 'Blockera Zed', { type: 'people' })).toEqual([]);
      expect(await searchAs(kit, bystander, 'kayak')).toHaveLength(3);

      await kit.forum.runtime.publisher.publish('social.block.removed', {
        blockerId: blocker.id,
        blockedId: blocked.id,
      });
      await eventually(kit, blocker, 'kayak', (hits) => hits.length === 3);
      expect(ids(await searchAs(kit, blocker, 'Blockeda Zed', { type: 'people' }))).toEqual([blocked.id]);
    });

    test('when moderation removes a post, then it and its comments are gone from search within a second', async () => {
      const c = college('removal');
      const [author, reader] = await Promise.all([
        makeUser(kit, { collegeId: c }),
        makeUser(kit, { collegeId: c }),
      ]);
      const post = await forumAs(kit, author).post({
        title: 'Pyramid scheme opportunity',
        content: 'Earn fast.',
      });
      const comment = await forumAs(kit, reader).comment(post.id, 'This pyramid thing is a scam.');
      await eventually(kit, reader, 'pyramid', (hits) => hits.length === 2);

      const removedAt = Date.now();
      await kit.forum.runtime.publisher.publish('moderation.content.removed', {
        type: 'post',
        contentId: post.id,
        removedBy: 'admin',
      });
      const after = await eventually(kit, reader, 'pyramid', (hits) => hits.length === 0);
      expect(Date.now() - removedAt).toBeLessThan(1000);
      expect(after).toEqual([]);
      expect(ids(await searchAs(kit, reader, 'pyramid', { type: 'comments' }))).not.toContain(comment.id);
    });

    test('when a student is banned, then their posts and their People entry are gone until the ban is lifted', async () => {
      const c = college('ban');
      const [troll, reader] = await Promise.all([
        makeUser(kit, { collegeId: c, firstName: 'Trollus', lastName: 'Maximus' }),
        makeUser(kit, { collegeId: c }),
      ]);
      const post = await forumAs(kit, troll).post({
        title: 'Flamewar about tabs',
        content: 'Spaces are wrong.',
      });
      await eventually(kit, reader, 'flamewar', (hits) => hits.length === 1);

      const until = new Date(Date.now() + 3600_000).toISOString();
      await kit.forum.runtime.publisher.publish('moderation.user.banned', {
        userId: troll.id,
        version: 1,
        reason: 'spam',
        banUntil: until,
        bannedBy: 'admin',
      });
      await eventually(kit, reader, 'flamewar', (hits) => hits.length === 0);
      expect(await searchAs(kit, reader, 'Trollus Maximus')).toEqual([]);

      await kit.forum.runtime.publisher.publish('moderation.user.unbanned', { userId: troll.id, version: 2 });
      expect(ids(await eventually(kit, reader, 'flamewar', (hits) => hits.length === 1))).toEqual([post.id]);
    });
  });

  describe('anonymity', () => {
    test('when a student posts anonymously, then their name finds only their People entry, the text finds the post, and no result carries their id or name', async () => {
      const c = college('anon');
      const [author, reader] = await Promise.all([
        makeUser(kit, { collegeId: c, firstName: 'Secretia', lastName: 'Hiddenfield' }),
        makeUser(kit, { collegeId: c }),
      ]);
      const anonymous = await forumAs(kit, author).post({
        title: 'Struggling with organic chemistry',
        content: 'Does anyone else feel lost?',
        isAnonymous: true,
      });
      const anonymousComment = await forumAs(kit, author).comment(
        anonymous.id,
        'Thanks, organic chemistry tutoring helped.',
        true,
      );

      const byText = await eventually(kit, reader, 'organic chemistry', (hits) => hits.length === 2);
      expect(ids(byText).sort()).toEqual([anonymous.id, anonymousComment.id].sort());
      for (const hit of byText) {
        expect(hit.isAnonymous).toBe(true);
        expect(hit).not.toHaveProperty('author');
      }
      const raw = (
        await request(kit.app).get('/api/search').query({ q: 'organic chemistry' }).set(bearer(reader.token))
      ).text;
      expect(raw).not.toContain(author.id);
      expect(raw).not.toContain('Secretia');
      expect(raw).not.toContain('Hiddenfield');

      for (const q of ['Secretia Hiddenfield', 'Secretia', 'Hiddenfield', 'Secretia organic']) {
        const hits = await searchAs(kit, reader, q);
        expect(hits.filter((hit) => hit.kind !== 'person')).toEqual([]);
      }
      expect(ids(await searchAs(kit, reader, 'Secretia Hiddenfield'))).toEqual([author.id]);
      // The author's own search is no different: anonymity is in the index, not in who asks.
      const own = await searchAs(kit, author, 'organic chemistry');
      for (const hit of own) expect(hit).not.toHaveProperty('author');
    });
  });

  describe('freshness', () => {
    test('when a post is edited or deleted through forum, then search reflects it within a second', async () => {
      const c = college('fresh');
      const [author, reader] = await Promise.all([
        makeUser(kit, { collegeId: c }),
        makeUser(kit, { collegeId: c }),
      ]);
      const post = await forumAs(kit, author).post({ title: 'Bicycle for sale', content: 'Red, 21 gears.' });
      await eventually(kit, reader, 'bicycle', (hits) => hits.length === 1);

      // From the moment forum answers (the write is made) to search showing it.
      await forumAs(kit, author).editPost(post.id, {
        title: 'Skateboard for sale',
        content: 'Red, barely used.',
      });
      const editedAt = Date.now();
      await eventually(kit, reader, 'skateboard', (hits) => ids(hits).includes(post.id), {}, 1000);
      expect(Date.now() - editedAt).toBeLessThan(1000);
      expect(await searchAs(kit, reader, 'bicycle')).toEqual([]);

      await forumAs(kit, author).deletePost(post.id);
      const deletedAt = Date.now();
      await eventually(kit, reader, 'skateboard', (hits) => hits.length === 0, {}, 1000);
      expect(Date.now() - deletedAt).toBeLessThan(1000);
    });
  });

  describe('access and input', () => {
    let student: TestUser;
    beforeAll(async () => {
      student = await makeUser(kit, { collegeId: college('access') });
    });

    test('when the query is blank, too long, of an unknown type or with a bad cursor, then 400 with a clear message', async () => {
      const ask = (query: Record<string, string>) =>
        request(kit.app).get('/api/search').query(query).set(bearer(student.token));
      expect((await ask({ q: '   ' })).body).toEqual({ message: 'Type something to search.' });
      expect((await ask({ q: 'x'.repeat(101) })).status).toBe(400);
      expect((await ask({ q: 'x', type: 'messages' })).status).toBe(400);
      expect((await ask({ q: 'x', since: 'decade' })).status).toBe(400);
      expect((await ask({ q: 'x', cursor: 'abc' })).body).toEqual({ message: 'Invalid cursor.' });
    });

    test('when nobody is signed in, then 401; when the subscription lapsed, then 402', async () => {
      expect((await request(kit.app).get('/api/search').query({ q: 'x' })).status).toBe(401);
      const lapsed = await announceTestUser(kit.runtime, { collegeId: college('lapsed'), subscribed: false });
      const response = await request(kit.app).get('/api/search').query({ q: 'x' }).set(bearer(lapsed.token));
      expect(response.status).toBe(402);
    });

    test('when there are more matches than a page, then X-Next-Cursor leads to the rest, without repeats', async () => {
      const c = college('pages');
      const [author, reader] = await Promise.all([
        makeUser(kit, { collegeId: c }),
        makeUser(kit, { collegeId: c }),
      ]);
      for (let i = 0; i < 5; i++)
        await forumAs(kit, author).post({ title: `Tutoring offer ${i}`, content: 'Calculus.' });
      await eventually(kit, reader, 'tutoring', (hits) => hits.length === 5);
      const first = await request(kit.app)
        .get('/api/search')
        .query({ q: 'tutoring', limit: 3 })
        .set(bearer(reader.token));
      expect(first.body).toHaveLength(3);
      const cursor = first.headers['x-next-cursor'];
      expect(cursor).toBeDefined();
      const second = await request(kit.app)
        .get('/api/search')
        .query({ q: 'tutoring', limit: 3, cursor })
        .set(bearer(reader.token));
      expect(second.body).toHaveLength(2);
      expect(second.headers['x-next-cursor']).toBeUndefined();
      expect(new Set([...ids(first.body), ...ids(second.body)]).size).toBe(5);
    });
  });
});
