import mongoose from 'mongoose';
import { type ConsumerOptions, applyBlockEvent, blockIdOf } from '@quad/common';
import { type EventData, conversationPath, sliceWhole } from '@quad/contracts';
import type { NotificationsContext } from './context';
import { type NotificationRequest, notify, notifyConversation } from './notify';

/*
 * What notifies whom: each source event becomes notifications of its recipients, each with an id
 * derived from the event (see notify.ts). Names are looked up in the user directory when the event
 * is handled; an anonymous comment's author is "Someone", and no notification carries anyone's id.
 */

/** How an anonymous author appears. */
export const ANONYMOUS_NAME = 'Someone';
const SOMEONE_UNKNOWN = 'A student';

type Handlers = NonNullable<ConsumerOptions['handlers']>;

async function nameOf(ctx: NotificationsContext, userId: string): Promise<string> {
  const person = await ctx.directory.get(userId);
  const name = person ? `${person.firstName} ${person.lastName}`.trim() : '';
  return name || SOMEONE_UNKNOWN;
}

const quoted = (title: string) => {
  const short = title.length > 60 ? `${sliceWhole(title, 0, 57)}…` : title;
  return short ? ` “${short}”` : '';
};

/** A moment to the minute, in UTC ('January 2, 2031 at 3:30 PM UTC'): a ban may last an hour. */
const momentText = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' });

/** `@First Last` mentions in a comment's text (two words after the @). */
export function mentionedNames(text: string): Array<{ first: string; last: string }> {
  const found = new Map<string, { first: string; last: string }>();
  for (const match of text.matchAll(/@([\p{L}][\p{L}'’-]*)\s+([\p{L}][\p{L}'’-]*)/gu)) {
    const first = match[1]!;
    const last = match[2]!;
    found.set(`${first} ${last}`.toLowerCase(), { first, last });
  }
  return [...found.values()];
}

/** Students of `collegeId` whose names are mentioned in `text` (case-insensitive). */
async function mentionedStudents(ctx: NotificationsContext, collegeId: string | null, text: string): Promise<string[]> {
  const names = mentionedNames(text);
  if (names.length === 0 || !collegeId) return [];
  const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
  const firsts = [...new Set(names.flatMap(({ first }) => [first, capital(first), first.toLowerCase()]))];
  const candidates = await ctx.people.find({ collegeId, firstName: mongoose.trusted({ $in: firsts }) }, { firstName: 1, lastName: 1 }).lean().exec();
  const wanted = new Set(names.map(({ first, last }) => `${first} ${last}`.toLowerCase()));
  return candidates.filter((person) => wanted.has(`${person.firstName} ${person.lastName}`.toLowerCase())).map((person) => person._id);
}

export function notificationHandlers(ctx: NotificationsContext): Handlers {
  const maxAgeMs = ctx.config.NOTIFY_MAX_AGE_HOURS * 3600 * 1000;
  /** Old news (a new deployment replaying the streams) notifies nobody. */
  const fresh = (occurredAt: string) => ctx.now().getTime() - Date.parse(occurredAt) <= maxAgeMs;
  /** Whether either of two students blocks the other. */
  async function blocked(a: string, b: string): Promise<boolean> {
    const [one, two] = await ctx.blocks.findMany([blockIdOf(a, b), blockIdOf(b, a)]);
    return Boolean(one?.live || two?.live);
  }
  /**
   * One notification of the event: none when the recipient and the student who caused it block
   * one another (`actorId`, never stored; anonymous authors are checked too, silently).
   */
  const send = async (eventId: string, request: Omit<NotificationRequest, 'id'>, actorId?: string) => {
    if (actorId && (await blocked(request.userId, actorId))) return;
    await notify(ctx, { ...request, id: `${request.kind}:${eventId}:${request.userId}` });
  };

  async function onComment(event: { id: string; occurredAt: string; sequence: number; data: EventData<'forum.comment.created'> }) {
    const { data } = event;
    const Participant = ctx.models.Participant;
    const post = await ctx.models.PostCopy.findById(data.postId).lean().exec();
    if (fresh(event.occurredAt) && post) {
      const at = new Date(event.occurredAt);
      const actorName = data.isAnonymous ? ANONYMOUS_NAME : await nameOf(ctx, data.authorId);
      const link = `/posts/${data.postId}`;
      const notified = new Set<string>([data.authorId]);
      if (!notified.has(post.authorId)) {
        notified.add(post.authorId);
        await send(event.id, { userId: post.authorId, kind: 'post_comment', actorName, at, link, text: `${actorName} commented on your post${quoted(post.title)}` }, data.authorId);
      }
      for (const userId of await mentionedStudents(ctx, data.collegeId, data.content ?? '')) {
        if (notified.has(userId)) continue;
        notified.add(userId);
        await send(event.id, { userId, kind: 'mention', actorName, at, link, text: `${actorName} mentioned you in a comment on${quoted(post.title) || ' a post'}` }, data.authorId);
      }
      // Those who commented before this comment (by stream order, so a replay asks the same people).
      const earlier = await Participant.find({ postId: data.postId, sequence: mongoose.trusted({ $lt: event.sequence }) }).lean().exec();
      for (const { userId } of earlier) {
        if (notified.has(userId)) continue;
        notified.add(userId);
        await send(event.id, { userId, kind: 'comment_reply', actorName, at, link, text: `${actorName} replied in a discussion you joined:${quoted(post.title)}` }, data.authorId);
      }
    }
    await Participant.updateOne(
      { _id: `${data.postId}:${data.authorId}` },
      { $setOnInsert: { postId: data.postId, userId: data.authorId, sequence: event.sequence } },
      { upsert: true },
    ).exec().catch((err: unknown) => {
      if ((err as { code?: number }).code !== 11000) throw err;
    });
  }

  const keepPost = async ({ data }: { data: EventData<'forum.post.created'> }) => {
    await ctx.models.PostCopy.updateOne(
      { _id: data.postId },
      { $set: { authorId: data.authorId, collegeId: data.collegeId, ...(data.title !== undefined ? { title: data.title } : {}) } },
      { upsert: true },
    ).exec();
  };

  const setBlock = (data: EventData<'social.block.created'>, live: boolean, sequence: number) => applyBlockEvent(ctx.blocks, data, live, sequence);

  return {
    'social.block.created': async ({ data, sequence }) => setBlock(data, true, sequence),
    'social.block.removed': async ({ data, sequence }) => setBlock(data, false, sequence),
    'social.friend-request.sent': async ({ id, occurredAt, data }) => {
      if (!fresh(occurredAt)) return;
      const actorName = await nameOf(ctx, data.senderId);
      await send(id, { userId: data.receiverId, kind: 'friend_request', actorName, at: new Date(occurredAt), link: '/friends', text: `${actorName} sent you a friend request` }, data.senderId);
    },
    'social.friend-request.accepted': async ({ id, occurredAt, data }) => {
      if (!fresh(occurredAt)) return;
      const actorName = await nameOf(ctx, data.receiverId);
      await send(id, { userId: data.senderId, kind: 'friend_accepted', actorName, at: new Date(occurredAt), link: '/friends', text: `${actorName} accepted your friend request` }, data.receiverId);
    },
    'forum.post.created': keepPost,
    'forum.post.updated': keepPost,
    'forum.comment.created': onComment,
    'commerce.payment.approved': async ({ id, occurredAt, data }) => {
      if (!fresh(occurredAt)) return;
      await send(id, { userId: data.userId, kind: 'payment_approved', actorName: null, at: new Date(occurredAt), link: '/subscription-settings', text: 'Your payment was approved: your subscription is active.' });
    },
    'commerce.payment.rejected': async ({ id, occurredAt, data }) => {
      if (!fresh(occurredAt)) return;
      await send(id, { userId: data.userId, kind: 'payment_rejected', actorName: null, at: new Date(occurredAt), link: '/subscription-settings', text: 'Your payment could not be confirmed, so your payment request was rejected.' });
    },
    'moderation.report.resolved': async ({ id, occurredAt, data }) => {
      if (!fresh(occurredAt)) return;
      const what = data.type;
      const text =
        data.status === 'dismissed'
          ? `Your report of a ${what} was reviewed: no action was needed.`
          : data.contentRemoved
            ? `Your report of a ${what} was reviewed and the ${what} was removed. Thank you.`
            : `Your report of a ${what} was reviewed and resolved. Thank you.`;
      await send(id, { userId: data.reporterId, kind: 'report_resolved', actorName: null, at: new Date(occurredAt), link: '/', text });
    },
    'moderation.user.banned': async ({ id, occurredAt, data }) => {
      if (!fresh(occurredAt)) return;
      await send(id, { userId: data.userId, kind: 'banned', actorName: null, at: new Date(occurredAt), link: '/', text: `Your account was suspended until ${momentText(data.banUntil)}. Reason: ${data.reason || 'not given'}. You can appeal from the sign-in page.` });
    },
    'moderation.user.unbanned': async ({ id, occurredAt, data }) => {
      if (!fresh(occurredAt)) return;
      await send(id, { userId: data.userId, kind: 'unbanned', actorName: null, at: new Date(occurredAt), link: '/', text: 'Your suspension was lifted: welcome back.' });
    },
    'moderation.appeal.answered': async ({ id, occurredAt, data }) => {
      if (!fresh(occurredAt)) return;
      const outcome = data.decision === 'accepted' ? 'Your appeal was accepted.' : 'Your appeal was declined.';
      await send(id, { userId: data.userId, kind: 'appeal_answered', actorName: null, at: new Date(occurredAt), link: '/', text: data.response ? `${outcome} ${data.response}` : outcome });
    },
    'chat.message.missed': async ({ occurredAt, sequence, data }) => {
      if (!fresh(occurredAt) || (await blocked(data.receiverId, data.senderId))) return;
      const actorName = await nameOf(ctx, data.senderId);
      await notifyConversation(
        ctx,
        {
          id: `message:${data.chatId}:${data.receiverId}`,
          userId: data.receiverId,
          kind: 'message',
          actorName,
          at: new Date(occurredAt),
          link: conversationPath({ userId: data.senderId }),
          text: `${actorName} sent you a message`,
        },
        sequence,
      );
    },
    'chat.group.member.added': async ({ id, occurredAt, data }) => {
      if (!fresh(occurredAt)) return;
      const actorName = await nameOf(ctx, data.addedBy);
      for (const userId of new Set(data.memberIds)) {
        if (userId === data.addedBy) continue;
        await send(id, { userId, kind: 'group_added', actorName, at: new Date(occurredAt), link: conversationPath({ groupId: data.chatId }), text: `${actorName} added you to the group${quoted(data.name)}` }, data.addedBy);
      }
    },
  };
}
