import type { NotificationsContext } from './context';

/**
 * auth.user.deleted in notifications: the student's own notifications, preferences, digest records
 * and the discussions they were following go. Others' notifications keep what they said, with no id
 * of the student in them (notifications store the actor's name as shown, never an id). Each step
 * removes what is still there: a replayed event changes nothing more.
 */
export async function forgetNotificationsUser(ctx: NotificationsContext, userId: string): Promise<void> {
  const { Notification, Preference, Participant, Digest } = ctx.models;
  await Promise.all([
    Notification.deleteMany({ userId }),
    Preference.deleteOne({ _id: userId }),
    Participant.deleteMany({ userId }),
    Digest.deleteMany({ userId }),
  ]);
}
