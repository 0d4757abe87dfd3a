import type { AppNotification, ListNotificationsQuery, MarkNotificationsReadBody } from '@quad/contracts';
import mongoose from 'mongoose';
import { decodeCursor, encodeCursor } from '@quad/common';
import type { NotificationDoc } from '../models/notification-model';
import type { NotificationsContext } from './context';
import { presentNotification, readEventId, unreadCount } from './notify';

const { trusted } = mongoose;

/** The one page cursor (common's cursor.ts): the last entry's time and id (newest first, ties by id). */
function cursorAfter(doc: NotificationDoc): string {
  return encodeCursor({ key: [doc.createdAt.getTime()], id: String(doc._id) });
}

function positionOf(cursor: string): { at: Date; id: string } {
  const { key, id } = decodeCursor(cursor, 1);
  return { at: new Date(key[0]!), id };
}

/** GET /api/notifications: the caller's bell, newest first, a page at a time. */
export async function listNotifications(
  ctx: NotificationsContext,
  userId: string,
  query: ListNotificationsQuery,
): Promise<{ notifications: AppNotification[]; nextCursor: string | null }> {
  const filter: Record<string, unknown> = { userId, shown: true };
  if (query.unread === 'true') filter.readAt = null;
  if (query.cursor) {
    const { at, id } = positionOf(query.cursor);
    filter.$or = [{ createdAt: trusted({ $lt: at }) }, { createdAt: at, _id: trusted({ $lt: id }) }];
  }
  const docs = await ctx.models.Notification.find(filter)
    .sort({ createdAt: -1, _id: -1 })
    .limit(query.limit + 1)
    .lean<NotificationDoc[]>()
    .exec();
  const page = docs.slice(0, query.limit);
  return {
    notifications: page.map(presentNotification),
    nextCursor: docs.length > query.limit ? cursorAfter(page[page.length - 1]!) : null,
  };
}

/**
 * POST /api/notifications/read: marks some of the caller's notifications (ids of anyone else's are
 * ignored) or all of them read, and tells the caller's other tabs (through chat's socket).
 */
export async function markRead(ctx: NotificationsContext, userId: string, body: MarkNotificationsReadBody): Promise<{ unread: number }> {
  const readAt = ctx.now();
  const filter: Record<string, unknown> = { userId, readAt: null };
  if (body.ids) filter._id = trusted({ $in: body.ids });
  const result = await ctx.models.Notification.updateMany(filter, { $set: { readAt } }).exec();
  const unread = await unreadCount(ctx, userId);
  if (result.modifiedCount > 0) {
    await ctx.outbox.commit(
      [
        {
          subject: 'notifications.notification.read',
          data: { userId, ids: body.ids ?? 'all', unread },
          eventId: readEventId(),
          guard: null,
        },
      ],
      async () => undefined,
    );
  }
  return { unread };
}
