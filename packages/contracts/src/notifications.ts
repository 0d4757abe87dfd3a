import { z } from 'zod';

/** What a notification can be about (issue 23); each has its own in-app and e-mail preference. */
export const NOTIFICATION_KINDS = [
  'friend_request',
  'friend_accepted',
  'post_comment',
  'comment_reply',
  'mention',
  'message',
  'payment_approved',
  'payment_rejected',
  'report_resolved',
  'banned',
  'unbanned',
  'appeal_answered',
  'group_added',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Kinds e-mailed at once by default (outcomes a student must not miss); the rest go into a daily digest when chosen. */
export const IMMEDIATE_EMAIL_KINDS: readonly NotificationKind[] = [
  'payment_approved',
  'payment_rejected',
  'banned',
  'unbanned',
  'appeal_answered',
];

/**
 * Kinds whose e-mail another service already sends (commerce's payment confirmation e-mail, spec
 * section 8): the notifications service never e-mails them, so a student gets one e-mail, not two.
 */
export const EMAIL_SENT_ELSEWHERE_KINDS: readonly NotificationKind[] = ['payment_approved', 'payment_rejected'];

/** How each kind is named in settings. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  friend_request: 'Friend requests',
  friend_accepted: 'Accepted friend requests',
  post_comment: 'Comments on your posts',
  comment_reply: 'Replies in discussions you joined',
  mention: 'Mentions',
  message: 'Messages while you are away',
  payment_approved: 'Payment approved',
  payment_rejected: 'Payment rejected',
  report_resolved: 'Your reports resolved',
  banned: 'Account suspended',
  unbanned: 'Suspension lifted',
  appeal_answered: 'Appeal answered',
  group_added: 'Added to a group chat',
};

/** How many notifications a page holds at most; the default page size. */
export const NOTIFICATIONS_PAGE_MAX = 50;
export const NOTIFICATIONS_PAGE_DEFAULT = 20;

/**
 * One notification as its recipient sees it. `actorName` is who caused it ("Someone" for an
 * anonymous author, null for the platform); no user id of anyone else is ever in it.
 */
export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  actorName: z.string().nullable(),
  /** The sentence shown, e.g. 'Ana Lopez commented on your post “Exam tips”'. */
  text: z.string(),
  /** Where the entry leads in the app (a path, e.g. /posts/<id>). */
  link: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type AppNotification = z.infer<typeof notificationSchema>;

/** GET /api/notifications: newest first, a page at a time (next cursor in X-Next-Cursor). */
export const listNotificationsQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_PAGE_MAX).default(NOTIFICATIONS_PAGE_DEFAULT),
  unread: z.enum(['true', 'false']).optional(),
});
export type ListNotificationsQuery = z.infer<typeof listNotificationsQuerySchema>;

/** GET /api/notifications/unread-count */
export const unreadCountSchema = z.object({ unread: z.number().int().nonnegative() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** POST /api/notifications/read: some by id, or all of the caller's (exactly one of the two). */
export const markNotificationsReadBodySchema = z
  .object({
    ids: z.array(z.string().min(1).max(200)).min(1, 'Choose at least one notification.').max(100).optional(),
    all: z.literal(true).optional(),
  })
  .strict()
  .refine((body) => (body.ids === undefined) !== (body.all === undefined), { message: 'Send the ids to mark read, or all: true.' });
export type MarkNotificationsReadBody = z.infer<typeof markNotificationsReadBodySchema>;

export const notificationChannelsSchema = z.object({ inApp: z.boolean(), email: z.boolean() });
export type NotificationChannels = z.infer<typeof notificationChannelsSchema>;

/** GET/PUT /api/notifications/preferences: per kind, in-app and e-mail on or off. */
export const notificationPreferencesSchema = z.object({
  kinds: z.record(z.enum(NOTIFICATION_KINDS), notificationChannelsSchema),
});
export type NotificationPreferences = { kinds: Record<NotificationKind, NotificationChannels> };

/** PUT body: the kinds to change (the rest stay as they are). */
export const updateNotificationPreferencesBodySchema = z.object({
  kinds: z.partialRecord(z.enum(NOTIFICATION_KINDS), notificationChannelsSchema),
}).strict();
export type UpdateNotificationPreferencesBody = z.infer<typeof updateNotificationPreferencesBodySchema>;

/** The defaults: every kind in-app; e-mail at once for the outcomes, the rest off (a digest when turned on). */
export function defaultNotificationPreferences(): NotificationPreferences {
  const kinds = {} as Record<NotificationKind, NotificationChannels>;
  for (const kind of NOTIFICATION_KINDS) kinds[kind] = { inApp: true, email: IMMEDIATE_EMAIL_KINDS.includes(kind) };
  return { kinds };
}

/** Socket payloads chat relays to a user's tabs. */
export interface NotificationPush {
  notification: AppNotification;
  unread: number;
}
export interface NotificationsReadPush {
  /** Ids marked read, or 'all'. */
  ids: string[] | 'all';
  unread: number;
}
