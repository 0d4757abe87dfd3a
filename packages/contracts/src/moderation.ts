import { z } from 'zod';
import { numberFromText } from './coerce';
import { requiredText } from './required-text';
import { adminAuditQuerySchema, adminListQuerySchema, dateBound, optionalEnum } from './admin-lists';
import { BAN_DURATION_HOURS } from './constants';
import {
  APPEAL_MESSAGE_MAX,
  APPEAL_STATUSES,
  BAN_REASON_MAX,
  MODERATION_MESSAGES,
  REPORT_DETAILS_MAX,
  REPORT_REASON_VALUES,
  REPORT_STATUSES,
  REVEAL_REASON_MIN,
  type ReportStatus,
} from './moderation-constants';

export * from './moderation-constants';

/**
 * Moderation shapes (spec sections 3, 5, 7 and ARCHITECTURE.md): reports, bans, appeals, reveals of
 * anonymous authors and the admin audit log.
 */

const contentTypeSchema = z.enum(['post', 'comment'], { error: 'type must be post or comment.' });
/** What a report is about: a post or comment (POST /api/reports), or a chat message (reported through chat). */
const reportTargetSchema = z.enum(['post', 'comment', 'message']);

/** Blank or whitespace-only optional text becomes absent. */
function optionalText(max: number, label: string) {
  return z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .optional()
    .transform((value) => (value ? value : undefined));
}

/** POST /api/reports. `reportedUserId` is null when the reporter cannot know the author (anonymous content). */
export const createReportBodySchema = z.object({
  type: contentTypeSchema,
  contentId: z.string({ error: 'contentId is required.' }).trim().min(1, 'contentId is required.').max(100),
  reportedUserId: z.string().trim().min(1).max(100).nullable().optional(),
  reason: z.enum(REPORT_REASON_VALUES, { error: MODERATION_MESSAGES.reasonRequired }),
  description: optionalText(REPORT_DETAILS_MAX, 'Details'),
});
export type CreateReportBody = z.input<typeof createReportBodySchema>;

/**
 * POST /api/messages/:id/report: a direct or group message, reported by someone who can read it.
 * Chat knows the message and its author, so only the reason and details come from the reporter.
 */
export const reportMessageBodySchema = createReportBodySchema.pick({ reason: true, description: true });
export type ReportMessageBody = z.input<typeof reportMessageBodySchema>;

/** The reported message as chat saw it when reported: its text, and its group (null for a direct message). */
export const reportedMessageSchema = z.object({
  text: z.string(),
  groupId: z.string().nullable(),
  groupName: z.string().nullable(),
});
export type ReportedMessage = z.infer<typeof reportedMessageSchema>;

/** A report as its reporter sees it: what and why, and the outcome; never who wrote the content. */
export const myReportSchema = z.object({
  id: z.string(),
  type: reportTargetSchema,
  contentId: z.string(),
  reason: z.string(),
  description: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type MyReport = z.infer<typeof myReportSchema>;

export const moderationPersonSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
});
export type ModerationPerson = z.infer<typeof moderationPersonSchema>;

/**
 * A report as admins see it (spec section 3's Report). `authorHidden`: the content was anonymous
 * to the reporter, so its author is not shown until an admin reveals it with a reason.
 */
export const adminReportSchema = myReportSchema.extend({
  reportedUserId: z.string().nullable(),
  reportedUser: moderationPersonSchema.nullable(),
  authorHidden: z.boolean(),
  reporter: moderationPersonSchema,
  resolvedBy: z.string().nullable(),
  /** The admin who resolved or dismissed it, by name (admins see each other named). */
  resolvedByAdmin: moderationPersonSchema.nullable(),
  contentRemoved: z.boolean(),
  /** A reported chat message's text and group (null for posts and comments). */
  message: reportedMessageSchema.nullable(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

/**
 * GET /api/admin/reports?status=pending (or a comma-separated list, e.g. resolved,dismissed), with
 * the admin lists' search, cursor and limit, and filters by content type and date.
 */
export const adminReportsQuerySchema = adminListQuerySchema.extend({
  type: optionalEnum(['post', 'comment', 'message'] as const, 'type'),
  from: dateBound(false),
  to: dateBound(true),
  status: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const statuses = (value ?? 'pending').split(',').map((s) => s.trim()).filter(Boolean);
      const bad = statuses.find((s) => !(REPORT_STATUSES as readonly string[]).includes(s));
      if (bad !== undefined || statuses.length === 0) {
        ctx.addIssue({ code: 'custom', message: 'status must be pending, resolved or dismissed.' });
        return z.NEVER;
      }
      return statuses as ReportStatus[];
    }),
});

/** POST /api/admin/reports/{id}/resolve. Removal only goes with a resolution. */
export const resolveReportBodySchema = z.object({
  action: z.enum(['resolved', 'dismissed'], { error: 'action must be resolved or dismissed.' }),
  removeContent: z.boolean().optional().default(false),
});
export type ResolveReportBody = z.input<typeof resolveReportBodySchema>;

/** Hours as the web's select sends them (number or string). */
const banDurationSchema = z.unknown().transform((value, ctx) => {
  const hours = numberFromText(value);
  if (!(BAN_DURATION_HOURS as readonly unknown[]).includes(hours)) {
    ctx.addIssue({ code: 'custom', message: MODERATION_MESSAGES.banDuration });
    return z.NEVER;
  }
  return hours as (typeof BAN_DURATION_HOURS)[number];
}).meta({
  // For the API docs: the hand-written check above has no JSON Schema of its own.
  description: 'Ban length in hours, as a number or a string',
  anyOf: [{ enum: [...BAN_DURATION_HOURS] }, { enum: BAN_DURATION_HOURS.map(String) }],
});

/** POST /api/admin/ban-user {userId, reason, banDuration in hours}. */
export const banUserBodySchema = z.object({
  userId: z.string({ error: 'userId is required.' }).trim().min(1, 'userId is required.'),
  reason: requiredText('Reason', BAN_REASON_MAX, MODERATION_MESSAGES.banReasonRequired),
  banDuration: banDurationSchema,
});
export type BanUserBody = z.input<typeof banUserBodySchema>;


/** An appeal against one ban; `response` is the admin's message when declined. */
export const appealSchema = z.object({
  id: z.string(),
  banId: z.string(),
  userId: z.string(),
  message: z.string(),
  status: z.enum(APPEAL_STATUSES),
  response: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Appeal = z.infer<typeof appealSchema>;

/** Banned user (spec section 3) with the person's names and the ban's appeal, if any. */
export const bannedUserSchema = z.object({
  id: z.string(),
  userId: z.string(),
  user: moderationPersonSchema.nullable(),
  bannedBy: z.string(),
  /** The admin who imposed the ban, by name. */
  bannedByAdmin: moderationPersonSchema.nullable(),
  banUntil: z.string(),
  reason: z.string(),
  createdAt: z.string(),
  appeal: appealSchema.nullable(),
});
export type BannedUser = z.infer<typeof bannedUserSchema>;

/** POST /api/appeals, sent from the suspension screen. */
export const createAppealBodySchema = z.object({
  message: requiredText('Appeal', APPEAL_MESSAGE_MAX, MODERATION_MESSAGES.appealBlank),
});
export type CreateAppealBody = z.input<typeof createAppealBodySchema>;

/** GET /api/appeals/mine: the caller's current suspension (null when none) and its appeal. */
export const myAppealResponseSchema = z.object({
  suspension: z.object({ banId: z.string(), reason: z.string(), banUntil: z.string() }).nullable(),
  appeal: appealSchema.nullable(),
});
export type MyAppealResponse = z.infer<typeof myAppealResponseSchema>;

/** GET /api/admin/appeals?status=pending|accepted|declined; any other value (or none) lists every appeal. */
export const adminAppealsQuerySchema = adminListQuerySchema.extend({
  status: z.enum(APPEAL_STATUSES).optional().catch(undefined),
});

/** An appeal as admins list it: with who sent it and the ban it is about. */
export const adminAppealSchema = appealSchema.extend({
  user: moderationPersonSchema.nullable(),
  ban: z.object({ reason: z.string(), banUntil: z.string(), active: z.boolean() }).nullable(),
});
export type AdminAppeal = z.infer<typeof adminAppealSchema>;

/** POST /api/admin/appeals/{id}/decide: accept lifts the ban; decline needs a message the student reads. */
export const decideAppealBodySchema = z
  .object({
    decision: z.enum(['accepted', 'declined'], { error: 'decision must be accepted or declined.' }),
    response: optionalText(APPEAL_MESSAGE_MAX, 'Message'),
  })
  .refine((body) => body.decision === 'accepted' || Boolean(body.response), {
    message: MODERATION_MESSAGES.declineMessageRequired,
    path: ['response'],
  });
export type DecideAppealBody = z.input<typeof decideAppealBodySchema>;

/** POST /api/admin/reveal: who wrote an anonymous post or comment, only with a written reason. */
export const revealBodySchema = z.object({
  type: contentTypeSchema,
  contentId: z.string({ error: 'contentId is required.' }).trim().min(1, 'contentId is required.'),
  reason: z
    .string({ error: MODERATION_MESSAGES.revealReasonRequired })
    .trim()
    .min(REVEAL_REASON_MIN, MODERATION_MESSAGES.revealReasonRequired)
    .max(BAN_REASON_MAX, `Reason must be at most ${BAN_REASON_MAX} characters.`),
});
export type RevealBody = z.input<typeof revealBodySchema>;
export const revealResponseSchema = z.object({
  type: contentTypeSchema,
  contentId: z.string(),
  author: moderationPersonSchema,
});
export type RevealResponse = z.infer<typeof revealResponseSchema>;

/** One entry of GET /api/admin/audit-log (newest first). */
export const auditEntrySchema = z.object({
  id: z.string(),
  adminId: z.string(),
  admin: moderationPersonSchema.nullable(),
  action: z.string(),
  targetUserId: z.string().nullable(),
  /** The user acted on, as the directory knows them (null when there is none or it is unknown). */
  targetUser: moderationPersonSchema.nullable(),
  targetId: z.string().nullable(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
/** GET /api/admin/audit-log: see adminAuditQuerySchema. */
export const auditLogQuerySchema = adminAuditQuerySchema;
