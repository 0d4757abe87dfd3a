import { randomUUID } from 'node:crypto';
import type { AppNotification } from '@quad/contracts';
import {
  type NotificationsKit,
  type TestUser,
  bearer,
  listOf,
  mailTo,
  makeUser,
  publish,
  publishAt,
  redeliver,
  replay,
  request,
  startNotificationsKit,
  unreadOf,
  waitFor,
  waitForList,
} from './notifications-test-kit';
import { sendDigests } from '../src/domain/digest';

let kit: NotificationsKit;
let ana: TestUser;
let ben: TestUser;
let cleo: TestUser;

beforeAll(async () => {
  kit = await startNotificationsKit();
  [ana, ben, cleo] = await Promise.all([
    makeUser(kit, { firstName: 'Ana', lastName: 'Lopez' }),
    makeUser(kit, { firstName: 'Ben', lastName: 'Okafor' }),
    makeUser(kit, { firstName: 'Cleo', lastName: 'Park' }),
  ]);
});

afterAll(async () => {
  await kit.stop();
});

const byKind = (kind: AppNotification['kind']) => (notification: AppNotification) => notification.kind === kind;

async function postBy(author: TestUser, title: string): Promise<string> {
  const postId = randomUUID().replaceAll('-', '').slice(0, 24);
  await publish(kit, 'forum.post.created', { postId, authorId: author.id, collegeId: 'college-a', topicId: 1, title, content: 'Body', isAnonymous: false, createdAt: new Date().toISOString(), version: 0 }, `forum.post.created:${postId}`);
  return postId;
}

async function commentBy(author: TestUser, postId: string, content: string, isAnonymous = false) {
  const commentId = randomUUID();
  return publish(kit, 'forum.comment.created', { commentId, postId, authorId: author.id, collegeId: 'college-a', content, isAnonymous, createdAt: new Date().toISOString(), version: 0 }, `forum.comment.created:${commentId}`);
}

describe('when a student comments on a post', () => {
  it('then a long title is shortened without cutting an emoji in half', async () => {
    const title = `${'x'.repeat(56)}🎉 party tonight`;
    const postId = await postBy(ana, title);
    await commentBy(ben, postId, 'Count me in');
    const [notification] = await waitForList(kit, ana, (n) => n.kind === 'post_comment' && n.link === `/posts/${postId}`);
    expect(notification!.text).toBe(`Ben Okafor commented on your post “${'x'.repeat(56)}…”`);
  });

  it('then its author is notified with the commenter’s name and a link to the post, pushed with the unread count', async () => {
    const postId = await postBy(ana, 'Exam tips');
    const before = await unreadOf(kit, ana);
    await commentBy(ben, postId, 'Great list');
    const [notification] = await waitForList(kit, ana, (n) => n.kind === 'post_comment' && n.link === `/posts/${postId}`);
    expect(notification).toMatchObject({ actorName: 'Ben Okafor', text: 'Ben Okafor commented on your post “Exam tips”', readAt: null });
    expect(await unreadOf(kit, ana)).toBe(before + 1);
    const push = await waitFor(() =>
      kit.published.find((event) => (event.data as { notification: AppNotification }).notification.id === notification!.id),
    );
    expect(push.data).toMatchObject({ userId: ana.id, unread: before + 1 });
  });

  it('then an anonymous comment notifies as "Someone", with no name or user id of its author anywhere', async () => {
    const postId = await postBy(ana, 'Housing');
    await commentBy(cleo, postId, 'Ask the office', true);
    const [notification] = await waitForList(kit, ana, (n) => n.link === `/posts/${postId}`);
    expect(notification).toMatchObject({ actorName: 'Someone', text: 'Someone commented on your post “Housing”' });
    const push = await waitFor(() =>
      kit.published.find((event) => (event.data as { notification: AppNotification }).notification.id === notification!.id),
    );
    for (const payload of [JSON.stringify(notification), JSON.stringify(push)]) {
      expect(payload).not.toContain(cleo.id);
      expect(payload).not.toContain('Cleo');
    }
  });

  it('then a student mentioned as @First Last is notified, and earlier commenters hear of the reply; the commenter hears nothing', async () => {
    const postId = await postBy(ana, 'Study group');
    await commentBy(ben, postId, 'Count me in');
    await waitForList(kit, ana, (n) => n.link === `/posts/${postId}`);
    await commentBy(cleo, postId, 'Me too, and @ana lopez should lead');
    // Ana is the post's author: one notification (the comment), not a second for the mention.
    const forAna = await waitForList(kit, ana, (n) => n.link === `/posts/${postId}`, 2);
    expect(forAna.map((n) => n.kind).sort()).toEqual(['post_comment', 'post_comment']);
    const [reply] = await waitForList(kit, ben, (n) => n.link === `/posts/${postId}`);
    expect(reply).toMatchObject({ kind: 'comment_reply', text: 'Cleo Park replied in a discussion you joined: “Study group”' });
    const mentionPost = await postBy(ben, 'Club fair');
    await commentBy(cleo, mentionPost, 'Ask @Ana Lopez about it');
    const [mention] = await waitForList(kit, ana, (n) => n.kind === 'mention' && n.link === `/posts/${mentionPost}`);
    expect(mention!.text).toBe('Cleo Park mentioned you in a comment on “Club fair”');
    expect((await listOf(kit, cleo)).filter((n) => n.link.includes(postId) || n.link.includes(mentionPost))).toEqual([]);
  });

  it('then a student of another college with the mentioned name is not notified', async () => {
    const other = await makeUser(kit, { firstName: 'Dana', lastName: 'Reyes', collegeId: 'college-b' });
    const postId = await postBy(ben, 'Parking');
    await commentBy(cleo, postId, 'Hi @Dana Reyes');
    await waitForList(kit, ben, (n) => n.link === `/posts/${postId}`);
    expect(await listOf(kit, other)).toEqual([]);
  });
});

describe('when one student blocks another', () => {
  it('then neither is notified of what the other does, anonymous or not, until the block is lifted', async () => {
    const hana = await makeUser(kit, { firstName: 'Hana', lastName: 'Sato' });
    const ivo = await makeUser(kit, { firstName: 'Ivo', lastName: 'Kral' });
    const blockId = `${hana.id}>${ivo.id}`;
    await publish(kit, 'social.block.created', { blockerId: hana.id, blockedId: ivo.id }, `social.block.created:${hana.id}:${ivo.id}:v0`);
    // Blocks and comments come on different streams: the test lets the block land first.
    await waitFor(async () => (await kit.ctx.blocks.find(blockId))?.live === true);
    const postId = await postBy(hana, 'Quiet please');
    await commentBy(ivo, postId, 'Hello?');
    await commentBy(ivo, postId, 'Anyone?', true);
    // A comment of someone else after them: once it notifies Hana, the two before it were handled.
    await commentBy(cleo, postId, 'Marker');
    await waitForList(kit, hana, (n) => n.link === `/posts/${postId}`);
    await publish(kit, 'social.block.removed', { blockerId: hana.id, blockedId: ivo.id }, `social.block.removed:${hana.id}:${ivo.id}:v1`);
    await waitFor(async () => (await kit.ctx.blocks.find(blockId))?.live === false);
    await commentBy(ivo, postId, 'Friends again');
    const texts = (await waitForList(kit, hana, (n) => n.link === `/posts/${postId}`, 2)).map((n) => n.text);
    expect(texts).toEqual(['Ivo Kral commented on your post “Quiet please”', 'Cleo Park commented on your post “Quiet please”']);
  });
});

describe('when an event is delivered twice', () => {
  it('then the student is notified once', async () => {
    const requestId = `${ana.id}:${ben.id}`;
    const envelope = await publish(kit, 'social.friend-request.sent', { requestId, senderId: ana.id, receiverId: ben.id, version: 0 }, `social.friend-request.sent:${requestId}:v0`);
    await waitForList(kit, ben, byKind('friend_request'));
    await replay(kit, envelope);
    // A later event of the same stream is handled after the replayed one: once it shows, the replay was handled.
    await publish(kit, 'social.friend-request.accepted', { requestId, senderId: ana.id, receiverId: ben.id, version: 1 }, `social.friend-request.accepted:${requestId}:v1`);
    const [accepted] = await waitForList(kit, ana, byKind('friend_accepted'));
    expect(accepted).toMatchObject({ text: 'Ben Okafor accepted your friend request', link: '/friends' });
    const requests = (await listOf(kit, ben)).filter(byKind('friend_request'));
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ text: 'Ana Lopez sent you a friend request', link: '/friends' });
  });
});

describe('when messages reach a student who is away', () => {
  it('then one notification per conversation is kept, raised again by a newer message after it was read, never by a replayed older one', async () => {
    const chatId = [cleo.id, ana.id].sort().join(':');
    const first = await publishAt(kit, 'chat.message.missed', { messageId: 'm1', chatId, senderId: cleo.id, receiverId: ana.id }, `chat.message.missed:m1:${chatId}`);
    await waitForList(kit, ana, byKind('message'));
    await publish(kit, 'chat.message.missed', { messageId: 'm2', chatId, senderId: cleo.id, receiverId: ana.id }, `chat.message.missed:m2:${chatId}`);
    // Ana's own: the event stream is shared, and another test file's missed messages reach this service too.
    const anasMessageEvents = () => kit.published.filter((e) => {
      const { userId, notification } = e.data as { userId: string; notification: AppNotification };
      return userId === ana.id && notification.kind === 'message';
    });
    await waitFor(async () => anasMessageEvents().length >= 2);
    let messages = (await listOf(kit, ana)).filter(byKind('message'));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ text: 'Cleo Park sent you a message', link: `/messages?userId=${cleo.id}`, readAt: null });

    await request(kit.app).post('/api/notifications/read').set(bearer(ana.token)).send({ ids: [messages[0]!.id] }).expect(200);
    await redeliver(kit, first);
    messages = (await listOf(kit, ana)).filter(byKind('message'));
    expect(messages).toHaveLength(1);
    expect(messages[0]!.readAt).not.toBeNull();

    await publish(kit, 'chat.message.missed', { messageId: 'm3', chatId, senderId: cleo.id, receiverId: ana.id }, `chat.message.missed:m3:${chatId}`);
    await waitFor(async () => (await listOf(kit, ana)).find((n) => n.kind === 'message' && n.readAt === null));
    expect((await listOf(kit, ana)).filter(byKind('message'))).toHaveLength(1);
  });
});

describe('when a group chat gains members', () => {
  it('then each new member but the one who added them is notified, with a link that opens the group', async () => {
    await publish(kit, 'chat.group.member.added', { chatId: 'grp_g1', name: 'Chem 101', memberIds: [ben.id, cleo.id, ana.id], addedBy: ana.id }, 'chat.group.member.added:grp_g1');
    const [forBen] = await waitForList(kit, ben, (n) => n.kind === 'group_added');
    // The Messages screen opens a group from ?groupId= (it knows no ?chatId=).
    expect(forBen).toMatchObject({ text: 'Ana Lopez added you to the group “Chem 101”', link: '/messages?groupId=grp_g1' });
    await waitForList(kit, cleo, (n) => n.kind === 'group_added');
    expect((await listOf(kit, ana)).filter((n) => n.link.includes('grp_g1'))).toEqual([]);
  });
});

describe('when a payment, a report, a ban or an appeal is decided', () => {
  it('then the student is notified of each outcome', async () => {
    const dana = await makeUser(kit, { firstName: 'Dana', lastName: 'Ito' });
    await publish(kit, 'commerce.payment.approved', { paymentId: 'p1', userId: dana.id, status: 'approved' }, 'commerce.payment.approved:p1');
    await publish(kit, 'commerce.payment.rejected', { paymentId: 'p2', userId: dana.id, status: 'rejected' }, 'commerce.payment.rejected:p2');
    await publish(kit, 'moderation.report.resolved', { reportId: 'r1', reporterId: dana.id, type: 'post', status: 'resolved', contentRemoved: true }, 'moderation.report.resolved:r1');
    await publish(kit, 'moderation.user.unbanned', { userId: dana.id, version: 3 }, `moderation.user.unbanned:${dana.id}:3`);
    await publish(kit, 'moderation.appeal.answered', { appealId: 'a1', userId: dana.id, decision: 'declined', response: 'The post broke rule 2.' }, 'moderation.appeal.answered:a1');
    const list = await waitFor(async () => {
      const found = await listOf(kit, dana);
      return found.length >= 5 ? found : null;
    });
    expect(Object.fromEntries(list.map((n) => [n.kind, n.text]))).toEqual({
      payment_approved: 'Your payment was approved: your subscription is active.',
      payment_rejected: 'Your payment could not be confirmed, so your payment request was rejected.',
      report_resolved: 'Your report of a post was reviewed and the post was removed. Thank you.',
      unbanned: 'Your suspension was lifted: welcome back.',
      appeal_answered: 'Your appeal was declined. The post broke rule 2.',
    });
    // E-mailed at once by default: the appeal's and the unban's (payment e-mails are commerce's own).
    const mail = await mailTo(dana.email, /Appeal answered/);
    expect(mail.text).toContain('Your appeal was declined. The post broke rule 2.');
    await mailTo(dana.email, /Suspension lifted/);
  });

  it('then a ban is e-mailed with its reason and end, to the minute (a ban may last an hour)', async () => {
    const eli = await makeUser(kit, { firstName: 'Eli', lastName: 'Moss' });
    await publish(kit, 'moderation.user.banned', { userId: eli.id, version: 1, reason: 'Spam', banUntil: '2031-01-02T15:30:00.000Z', bannedBy: 'admin' }, `moderation.user.banned:${eli.id}:1`);
    const mail = await mailTo(eli.email, /Account suspended/);
    expect(mail.text).toContain('Your account was suspended until January 2, 2031 at 3:30 PM UTC. Reason: Spam.');
  });
});

describe('when a student reads their notifications', () => {
  let fay: TestUser;
  beforeAll(async () => {
    fay = await makeUser(kit, { firstName: 'Fay', lastName: 'Ng' });
    for (let i = 0; i < 25; i++) {
      await publish(kit, 'commerce.payment.rejected', { paymentId: `fay-${i}`, userId: fay.id, status: 'rejected' }, `commerce.payment.rejected:fay-${i}`);
    }
    await waitFor(async () => (await unreadOf(kit, fay)) === 25);
  });

  it('then pages come newest first, 20 then the rest, with the next cursor in X-Next-Cursor', async () => {
    const first = await request(kit.app).get('/api/notifications').set(bearer(fay.token)).expect(200);
    expect(first.body).toHaveLength(20);
    const cursor = first.headers['x-next-cursor'];
    expect(cursor).toBeTruthy();
    const second = await request(kit.app).get(`/api/notifications?cursor=${cursor}`).set(bearer(fay.token)).expect(200);
    expect(second.body).toHaveLength(5);
    expect(second.headers['x-next-cursor']).toBeUndefined();
    const all = [...first.body, ...second.body] as AppNotification[];
    expect(new Set(all.map((n) => n.id)).size).toBe(25);
    const times = all.map((n) => Date.parse(n.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    await request(kit.app).get('/api/notifications?cursor=nonsense').set(bearer(fay.token)).expect(400);
  });

  it('then one is marked read, then all, the count following and the other tabs told', async () => {
    const [newest] = await listOf(kit, fay);
    const one = await request(kit.app).post('/api/notifications/read').set(bearer(fay.token)).send({ ids: [newest!.id] }).expect(200);
    expect(one.body).toEqual({ unread: 24 });
    expect((await listOf(kit, fay))[0]!.readAt).not.toBeNull();
    const read = await waitFor(() => kit.published.find((e) => e.subject === 'notifications.notification.read' && (e.data as { userId: string }).userId === fay.id));
    expect(read.data).toEqual({ userId: fay.id, ids: [newest!.id], unread: 24 });
    const all = await request(kit.app).post('/api/notifications/read').set(bearer(fay.token)).send({ all: true }).expect(200);
    expect(all.body).toEqual({ unread: 0 });
    expect(await listOf(kit, fay, '?unread=true')).toEqual([]);
  });

  it('then nobody marks or reads another student’s notifications, and bodies are checked', async () => {
    const [theirs] = await listOf(kit, ana);
    await request(kit.app).post('/api/notifications/read').set(bearer(fay.token)).send({ ids: [theirs!.id] }).expect(200);
    expect((await listOf(kit, ana)).find((n) => n.id === theirs!.id)!.readAt).toBeNull();
    await request(kit.app).get('/api/notifications').expect(401);
    await request(kit.app).post('/api/notifications/read').set(bearer(fay.token)).send({ ids: [] }).expect(400);
    await request(kit.app).post('/api/notifications/read').set(bearer(fay.token)).send({ all: 'yes' }).expect(400);
    await request(kit.app).get('/api/notifications?limit=500').set(bearer(fay.token)).expect(400);
  });
});

describe('when a student sets their preferences', () => {
  it('then the defaults are in-app for everything and e-mail for the outcomes', async () => {
    const res = await request(kit.app).get('/api/notifications/preferences').set(bearer(cleo.token)).expect(200);
    expect(res.body.kinds.friend_request).toEqual({ inApp: true, email: false });
    expect(res.body.kinds.banned).toEqual({ inApp: true, email: true });
    expect(res.body.kinds.payment_approved).toEqual({ inApp: true, email: true });
  });

  it('then a kind turned off in-app is not in the bell, and one with e-mail on goes into one digest a day', async () => {
    const gus = await makeUser(kit, { firstName: 'Gus', lastName: 'Hale' });
    await request(kit.app)
      .put('/api/notifications/preferences')
      .set(bearer(gus.token))
      .send({ kinds: { friend_request: { inApp: false, email: false }, post_comment: { inApp: true, email: true } } })
      .expect(200);
    await request(kit.app).put('/api/notifications/preferences').set(bearer(gus.token)).send({ kinds: { nonsense: { inApp: true, email: true } } }).expect(400);
    await publish(kit, 'social.friend-request.sent', { requestId: `x:${gus.id}`, senderId: ana.id, receiverId: gus.id, version: 0 }, `social.friend-request.sent:x:${gus.id}:v0`);
    const postId = await postBy(gus, 'Lost keys');
    await commentBy(ana, postId, 'Found them at the library');
    await waitForList(kit, gus, byKind('post_comment'));
    expect((await listOf(kit, gus)).filter(byKind('friend_request'))).toEqual([]);

    kit.setClock(new Date(Date.UTC(2031, 0, 5, 6, 0)));
    expect(await sendDigests(kit.ctx)).toBe(0); // before the digest hour (07:00 UTC)
    kit.setClock(new Date(Date.UTC(2031, 0, 5, 8, 0)));
    expect(await sendDigests(kit.ctx)).toBeGreaterThanOrEqual(1);
    const digest = await mailTo(gus.email, /Your Quad day/);
    expect(digest.text).toContain('Ana Lopez commented on your post “Lost keys”');
    expect(digest.text).toContain(`/posts/${postId}`);
    // Once a day: a second run the same day sends nothing new to Gus.
    // The comment's event is checked against the service's clock: back to now for it, then the same day again.
    kit.setClock(null);
    await commentBy(ana, postId, 'And your umbrella');
    await waitForList(kit, gus, byKind('post_comment'), 2);
    kit.setClock(new Date(Date.UTC(2031, 0, 5, 20, 0)));
    expect(await sendDigests(kit.ctx)).toBe(0);
    kit.setClock(null);
  });
});

describe('when a student downloads their data, then deletes their account', () => {
  it('then the download holds their notifications; after deletion their notifications and preferences go, a replay changes nothing more, and others keep theirs', async () => {
    const [erin, finn] = await Promise.all([makeUser(kit, { firstName: 'Erin', lastName: 'Moss' }), makeUser(kit, { firstName: 'Finn', lastName: 'Ray' })]);
    for (const user of [erin, finn]) {
      await publish(kit, 'commerce.payment.approved', { paymentId: `pay-${user.id}`, userId: user.id, status: 'approved' }, `commerce.payment.approved:pay-${user.id}`);
    }
    await waitForList(kit, erin, byKind('payment_approved'));
    await waitForList(kit, finn, byKind('payment_approved'));
    await kit.ctx.models.Preference.updateOne({ _id: erin.id }, { $set: { _id: erin.id } }, { upsert: true });
    const { Notification, Preference } = kit.ctx.models;

    // Their download holds their notifications and preferences, and nobody else's.
    const download = await request(kit.app).get('/internal/account-export').set(bearer(erin.token));
    expect(download.status).toBe(200);
    expect(download.body.records.notifications.map((n: { kind: string; userId: string }) => [n.kind, n.userId])).toEqual([['payment_approved', erin.id]]);
    expect(download.body.records.preferences).toMatchObject({ id: erin.id });

    const deleted = await publish(kit, 'auth.user.deleted', { userId: erin.id, version: 1, deletedAt: new Date().toISOString() }, `auth.user.deleted:${erin.id}`);
    await waitFor(async () => ((await Notification.countDocuments({ userId: erin.id })) === 0 ? true : null));
    expect(await Preference.countDocuments({ _id: erin.id })).toBe(0);

    await replay(kit, deleted);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await Notification.countDocuments({ userId: erin.id })).toBe(0);
    expect(await listOf(kit, finn)).toHaveLength(1);
  });
});
