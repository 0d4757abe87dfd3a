import { exported } from '@quad/common';
import type { ServiceExport } from '@quad/contracts';
import type { NotificationsContext } from './context';

/** Notifications' part of a student's download: their notifications, newest first, and their preferences. */
export async function exportNotificationsUser(ctx: NotificationsContext, userId: string): Promise<ServiceExport> {
  const { Notification, Preference } = ctx.models;
  const [notifications, preferences] = await Promise.all([
    Notification.find({ userId }).sort({ createdAt: -1, _id: -1 }).lean(),
    Preference.findById(userId).lean(),
  ]);
  return {
    records: {
      notifications: notifications.map(({ emailState: _emailState, sequence: _sequence, ...notification }) => exported(notification)),
      preferences: preferences ? exported(preferences) : null,
    },
    images: [],
  };
}
