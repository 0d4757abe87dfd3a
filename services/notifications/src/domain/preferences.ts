import {
  EMAIL_SENT_ELSEWHERE_KINDS,
  type NotificationChannels,
  type NotificationKind,
  type NotificationPreferences,
  type UpdateNotificationPreferencesBody,
  defaultNotificationPreferences,
} from '@quad/contracts';
import type { NotificationsContext } from './context';

/** A user's preferences: their choices over the defaults. */
export async function preferencesOf(ctx: NotificationsContext, userId: string): Promise<NotificationPreferences> {
  const doc = await ctx.models.Preference.findById(userId).lean().exec();
  const preferences = defaultNotificationPreferences();
  for (const [kind, channels] of Object.entries(doc?.kinds ?? {}) as Array<[NotificationKind, NotificationChannels]>) {
    if (kind in preferences.kinds) preferences.kinds[kind] = { inApp: channels.inApp, email: channels.email };
  }
  // Commerce sends the payment e-mails itself: shown as on, whatever was stored.
  for (const kind of EMAIL_SENT_ELSEWHERE_KINDS) preferences.kinds[kind] = { ...preferences.kinds[kind], email: true };
  return preferences;
}

/** How one kind reaches a user now. */
export async function channelsFor(ctx: NotificationsContext, userId: string, kind: NotificationKind): Promise<NotificationChannels> {
  return (await preferencesOf(ctx, userId)).kinds[kind];
}

/** PUT /api/notifications/preferences: sets the kinds given (each as a whole), keeps the rest. */
export async function updatePreferences(
  ctx: NotificationsContext,
  userId: string,
  body: UpdateNotificationPreferencesBody,
): Promise<NotificationPreferences> {
  const set: Record<string, NotificationChannels> = {};
  for (const [kind, channels] of Object.entries(body.kinds) as Array<[NotificationKind, NotificationChannels]>) {
    set[`kinds.${kind}`] = { inApp: channels.inApp, email: channels.email };
  }
  if (Object.keys(set).length > 0) {
    await ctx.models.Preference.updateOne({ _id: userId }, { $set: set }, { upsert: true }).exec();
  }
  return preferencesOf(ctx, userId);
}
