import { z } from 'zod';
import { notificationSchema } from './notifications';

/**
 * Every event on NATS JetStream travels in this envelope. `id` is also the `Nats-Msg-Id`
 * (JetStream dedupe window) and the key handlers dedupe on, so handling twice is safe.
 */
export const eventEnvelopeSchema = z.object({
  id: z.string().min(1),
  subject: z.string(),
  occurredAt: z.string(),
  data: z.unknown(),
});
export type EventEnvelope<T = unknown> = { id: string; subject: string; occurredAt: string; data: T };

/** The user directory record auth publishes; `version` grows with every change so copies apply in order. */
export const directoryUserSchema = z.object({
  userId: z.string(),
  version: z.number().int().nonnegative(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  profileColor: z.string(),
  profileImageUrl: z.string().nullable(),
  collegeId: z.string().nullable(),
  collegeName: z.string().nullable(),
  collegeInitials: z.string().nullable(),
  major: z.string(),
  graduationYear: z.number().nullable(),
  isAdmin: z.boolean(),
  /**
   * The address is confirmed by its e-mailed link, and (isVerified) it is at the college's domain:
   * what lets a student write. Absent in events from before e-mail confirmation existed.
   */
  emailConfirmed: z.boolean().optional(),
  isVerified: z.boolean().optional(),
  /** The account was deleted: every copy shows "Deleted user" and nothing personal. */
  deleted: z.boolean().optional(),
});
export type DirectoryUser = z.infer<typeof directoryUserSchema>;

/** A student deleted their account: every service removes or anonymises what it holds of them. */
export const userDeletedSchema = z.object({
  userId: z.string(),
  /** The user's last version (the directory copy orders it after every other auth.user.* event). */
  version: z.number().int().nonnegative(),
  deletedAt: z.string(),
});

export const subscriptionUpdatedSchema = z.object({
  userId: z.string(),
  version: z.number().int().nonnegative(),
  subscriptionExpiresAt: z.string().nullable(),
});
export const paymentDecisionSchema = z.object({
  paymentId: z.string(),
  userId: z.string(),
  status: z.enum(['approved', 'rejected']),
});
export const userBannedSchema = z.object({
  userId: z.string(),
  version: z.number().int().nonnegative(),
  reason: z.string(),
  banUntil: z.string(),
  bannedBy: z.string(),
});
export const userUnbannedSchema = z.object({
  userId: z.string(),
  version: z.number().int().nonnegative(),
});
export const contentRemovedSchema = z.object({
  type: z.enum(['post', 'comment']),
  contentId: z.string(),
  removedBy: z.string(),
});
/**
 * A post as forum announces it. The text fields (optional: events stored before they were added
 * lack them) let a read model such as search keep a copy without reading forum's database;
 * `version` orders a post's created/updated events (the repository's counter, never a clock).
 */
export const postEventSchema = z.object({
  postId: z.string(),
  authorId: z.string(),
  collegeId: z.string().nullable(),
  topicId: z.number().int(),
  title: z.string().optional(),
  content: z.string().optional(),
  isAnonymous: z.boolean().optional(),
  createdAt: z.string().optional(),
  version: z.number().int().nonnegative().optional(),
});
/** A comment as forum announces it; the text fields as for posts. */
export const commentEventSchema = z.object({
  commentId: z.string(),
  postId: z.string(),
  authorId: z.string(),
  collegeId: z.string().nullable(),
  content: z.string().optional(),
  isAnonymous: z.boolean().optional(),
  createdAt: z.string().optional(),
  version: z.number().int().nonnegative().optional(),
});
/** A startup idea (seen by every college) as forum announces it. */
export const ideaEventSchema = z.object({
  ideaId: z.string(),
  authorId: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  stage: z.string(),
  skillsNeeded: z.array(z.string()),
  createdAt: z.string(),
  version: z.number().int().nonnegative(),
});
/** A poll (of one college) as forum announces it. */
export const pollEventSchema = z.object({
  pollId: z.string(),
  authorId: z.string(),
  collegeId: z.string().nullable(),
  topicId: z.number().int(),
  question: z.string(),
  description: z.string().nullable(),
  options: z.array(z.string()),
  createdAt: z.string(),
  version: z.number().int().nonnegative(),
});
export const friendshipEventSchema = z.object({
  userIds: z.tuple([z.string(), z.string()]),
});
/** `blockerId` blocked `blockedId`: each service that shows or accepts content between two users keeps its own copy. */
export const blockEventSchema = z.object({
  blockerId: z.string(),
  blockedId: z.string(),
});
/** A friend request sent (or sent again after an answer): `version` is the request document's. */
export const friendRequestEventSchema = z.object({
  requestId: z.string(),
  senderId: z.string(),
  receiverId: z.string(),
  version: z.number().int().nonnegative(),
});
/** An admin resolved or dismissed a report: its reporter hears the outcome. */
export const reportResolvedSchema = z.object({
  reportId: z.string(),
  reporterId: z.string(),
  type: z.enum(['post', 'comment', 'message']),
  status: z.enum(['resolved', 'dismissed']),
  contentRemoved: z.boolean(),
});
/** An admin answered a ban appeal. */
export const appealAnsweredSchema = z.object({
  appealId: z.string(),
  userId: z.string(),
  decision: z.enum(['accepted', 'declined']),
  response: z.string().nullable(),
});
/** A direct message stored while its receiver had no tab connected (chat publishes it; notifications keeps one per conversation). */
export const messageMissedSchema = z.object({
  messageId: z.string(),
  chatId: z.string(),
  senderId: z.string(),
  receiverId: z.string(),
});
/** A notification stored for `userId`: chat relays it to the user's tabs over the socket. */
export const notificationCreatedSchema = z.object({
  userId: z.string(),
  notification: notificationSchema,
  unread: z.number().int().nonnegative(),
});
/** Notifications of `userId` marked read (some or all): chat relays it, so every tab's bell agrees. */
export const notificationsReadSchema = z.object({
  userId: z.string(),
  ids: z.union([z.array(z.string()), z.literal('all')]),
  unread: z.number().int().nonnegative(),
});
/** An admin action for the audit log moderation keeps: who, what, whom, why, when. */
export const adminActionSchema = z.object({
  actionId: z.string(),
  adminId: z.string(),
  action: z.string(),
  targetUserId: z.string().nullable(),
  targetId: z.string().nullable(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).default({}),
  at: z.string(),
});

/**
 * Members were added to a group chat (at its creation too): `memberIds` are the students added
 * now (never the one who added them), `chatId` the group's id.
 */
export const groupMemberAddedSchema = z.object({
  chatId: z.string(),
  name: z.string(),
  memberIds: z.array(z.string()),
  addedBy: z.string(),
});

/**
 * A student reported a chat message they can read (chat checked that, and that it is not theirs):
 * moderation files the report under `reportId` (so a redelivery files it once) with the message's
 * text as it was, and its author.
 */
export const messageReportedSchema = z.object({
  reportId: z.string(),
  reporterId: z.string(),
  messageId: z.string(),
  authorId: z.string(),
  text: z.string(),
  groupId: z.string().nullable(),
  groupName: z.string().nullable(),
  reason: z.string(),
  description: z.string().nullable(),
  reportedAt: z.string(),
});

/** Subject → payload schema: the one map publishers and consumers type-check against. */
export const EVENTS = {
  'auth.user.registered': directoryUserSchema,
  'auth.user.updated': directoryUserSchema,
  'auth.user.deleted': userDeletedSchema,
  'commerce.subscription.updated': subscriptionUpdatedSchema,
  'commerce.payment.approved': paymentDecisionSchema,
  'commerce.payment.rejected': paymentDecisionSchema,
  'moderation.user.banned': userBannedSchema,
  'moderation.user.unbanned': userUnbannedSchema,
  'moderation.content.removed': contentRemovedSchema,
  'forum.post.created': postEventSchema,
  'forum.post.updated': postEventSchema,
  'forum.post.deleted': postEventSchema,
  'forum.comment.created': commentEventSchema,
  'forum.comment.updated': commentEventSchema,
  'forum.comment.deleted': commentEventSchema,
  'forum.idea.created': ideaEventSchema,
  'forum.idea.deleted': ideaEventSchema,
  'forum.poll.created': pollEventSchema,
  'forum.poll.deleted': pollEventSchema,
  'social.friendship.created': friendshipEventSchema,
  'social.friendship.removed': friendshipEventSchema,
  'social.block.created': blockEventSchema,
  'social.block.removed': blockEventSchema,
  'social.friend-request.sent': friendRequestEventSchema,
  'social.friend-request.accepted': friendRequestEventSchema,
  'moderation.report.resolved': reportResolvedSchema,
  'moderation.appeal.answered': appealAnsweredSchema,
  'chat.message.missed': messageMissedSchema,
  'chat.group.member.added': groupMemberAddedSchema,
  'chat.message.reported': messageReportedSchema,
  'notifications.notification.created': notificationCreatedSchema,
  'notifications.notification.read': notificationsReadSchema,
  'audit.admin.action': adminActionSchema,
} as const;
export type EventSubject = keyof typeof EVENTS;
export type EventData<S extends EventSubject> = z.infer<(typeof EVENTS)[S]>;

/** One JetStream stream per publishing domain; the subject's first token names it. */
export const STREAMS = {
  AUTH: 'auth.>',
  COMMERCE: 'commerce.>',
  MODERATION: 'moderation.>',
  FORUM: 'forum.>',
  SOCIAL: 'social.>',
  AUDIT: 'audit.>',
  CHAT: 'chat.>',
  NOTIFICATIONS: 'notifications.>',
} as const;
export type StreamName = keyof typeof STREAMS;

export function streamOf(subject: EventSubject): StreamName {
  return subject.split('.')[0]!.toUpperCase() as StreamName;
}

/** Subjects that feed every service's user directory projection. */
export const USER_DIRECTORY_SUBJECTS = [
  'auth.user.registered',
  'auth.user.updated',
  'commerce.subscription.updated',
  'moderation.user.banned',
  'moderation.user.unbanned',
] as const satisfies readonly EventSubject[];
