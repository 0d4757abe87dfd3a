import { randomUUID } from 'node:crypto';
import {
  type AppNotification,
  EMAIL_SENT_ELSEWHERE_KINDS,
  IMMEDIATE_EMAIL_KINDS,
  NOTIFICATION_KIND_LABELS,
  type NotificationKind,
  PRODUCT_NAME,
} from '@quad/contracts';
import mongoose from 'mongoose';
import type { EmailState, NotificationDoc } from '../models/notification-model';
import type { NotificationsContext } from './context';
import { channelsFor } from './preferences';

/** What a source event asks for: one notification of one recipient. */
export interface NotificationRequest {
  /** The document id: derived from the event (and recipient), so a replay finds it already there. */
  id: string;
  userId: string;
  kind: NotificationKind;
  actorName: string | null;
  text: string;
  link: string;
  /** When it happened (the event's time). */
  at: Date;
}

/** A notification as its recipient sees it. */
export function presentNotification(doc: NotificationDoc): AppNotification {
  return {
    id: doc._id,
    kind: doc.kind,
    actorName: doc.actorName,
    text: doc.text,
    link: doc.link,
    createdAt: doc.createdAt.toISOString(),
    readAt: doc.readAt ? doc.readAt.toISOString() : null,
  };
}

/** Unread notifications in a user's bell. */
export function unreadCount(ctx: NotificationsContext, userId: string): Promise<number> {
  return ctx.models.Notification.countDocuments({ userId, shown: true, readAt: null }).exec();
}

function emailStateFor(kind: NotificationKind, email: boolean): EmailState {
  if (!email || EMAIL_SENT_ELSEWHERE_KINDS.includes(kind)) return 'none';
  return IMMEDIATE_EMAIL_KINDS.includes(kind) ? 'due' : 'digest';
}

const isDuplicate = (err: unknown) => (err as { code?: number }).code === 11000;

/**
 * Stores a notification unless it is there already, pushes it to the user's tabs (through the
 * outbox: `notifications.notification.created`, which chat relays), and sends its e-mail when that
 * is due. Idempotent by construction: the id comes from the event, so a replay inserts nothing and
 * pushes nothing; an e-mail that failed is retried by the redelivered event until it is `sent`.
 * Throws when the e-mail could not be sent (the consumer redelivers).
 */
/** The notification a request makes for its recipient's preferences; null when they want it nowhere. */
async function notificationFor(ctx: NotificationsContext, request: NotificationRequest): Promise<NotificationDoc | null> {
  const channels = await channelsFor(ctx, request.userId, request.kind);
  const emailState = emailStateFor(request.kind, channels.email);
  if (!channels.inApp && emailState === 'none') return null;
  return {
    _id: request.id,
    userId: request.userId,
    kind: request.kind,
    actorName: request.actorName,
    text: request.text,
    link: request.link,
    createdAt: request.at,
    readAt: null,
    shown: channels.inApp,
    emailState,
  };
}

export async function notify(ctx: NotificationsContext, request: NotificationRequest): Promise<void> {
  const doc = await notificationFor(ctx, request);
  if (!doc) return;
  let stored = doc;
  try {
    await insertAndPush(ctx, doc);
  } catch (err) {
    if (!isDuplicate(err)) throw err;
    stored = (await ctx.models.Notification.findById(request.id).lean<NotificationDoc>().exec()) ?? doc;
  }
  if (stored.emailState === 'due') await emailNow(ctx, stored);
}

async function insertAndPush(ctx: NotificationsContext, doc: NotificationDoc): Promise<void> {
  const events = doc.shown
    ? [
        {
          subject: 'notifications.notification.created' as const,
          // The count it will be once this one is in (the client shows it as it comes).
          data: { userId: doc.userId, notification: presentNotification(doc), unread: (await unreadCount(ctx, doc.userId)) + 1 },
          eventId: `notifications.notification.created:${doc._id}`,
          guard: { collection: 'notifications', id: doc._id, present: true },
        },
      ]
    : [];
  await ctx.outbox.commit(events, () => ctx.models.Notification.create(doc));
}

/**
 * One missed-message notification per conversation: the newest message's event moves it to the
 * top and makes it unread again. Guarded by the event's stream `sequence` (only a newer event
 * changes it), so a replayed or late event changes nothing.
 */
export async function notifyConversation(ctx: NotificationsContext, request: NotificationRequest, sequence: number): Promise<void> {
  const made = await notificationFor(ctx, request);
  if (!made) return;
  const next: NotificationDoc = { ...made, sequence };
  const { _id: _id_, ...fields } = next;
  const events = next.shown
    ? [
        {
          subject: 'notifications.notification.created' as const,
          data: { userId: request.userId, notification: presentNotification(next), unread: await unreadAfter(ctx, request) },
          eventId: `notifications.notification.created:${request.id}:${sequence}`,
          guard: { collection: 'notifications', id: request.id, present: true },
        },
      ]
    : [];
  await ctx.outbox.commit(
    events,
    async () => {
      try {
        const result = await ctx.models.Notification.updateOne(
          { _id: request.id, sequence: mongoose.trusted({ $lt: sequence }) },
          { $set: fields },
          { upsert: true },
        ).exec();
        return result.modifiedCount + result.upsertedCount > 0;
      } catch (err) {
        // A newer event's notification is there already: the upsert's insert collided with it.
        if (isDuplicate(err)) return false;
        throw err;
      }
    },
    { happened: (changed) => changed },
  );
}

/** The unread count once `request`'s conversation notification is unread (it may be already). */
async function unreadAfter(ctx: NotificationsContext, request: NotificationRequest): Promise<number> {
  const [count, current] = await Promise.all([
    unreadCount(ctx, request.userId),
    ctx.models.Notification.findById(request.id, { readAt: 1, shown: 1 }).lean().exec(),
  ]);
  return current && current.shown && current.readAt === null ? count : count + 1;
}

async function emailNow(ctx: NotificationsContext, doc: NotificationDoc): Promise<void> {
  const person = await ctx.directory.get(doc.userId);
  if (!person?.email) {
    await ctx.models.Notification.updateOne({ _id: doc._id }, { $set: { emailState: 'none' } }).exec();
    return;
  }
  const subject = `${PRODUCT_NAME}: ${NOTIFICATION_KIND_LABELS[doc.kind]}`;
  await ctx.mailer.single(person.email, person.firstName, subject, doc.text, doc.link, `notification.${doc._id.replaceAll(":", ".")}`);
  await ctx.models.Notification.updateOne({ _id: doc._id, emailState: 'due' }, { $set: { emailState: 'sent' } }).exec();
}

/** A fresh id for a "read" push (each marking is its own fact). */
export const readEventId = () => `notifications.notification.read:${randomUUID()}`;
