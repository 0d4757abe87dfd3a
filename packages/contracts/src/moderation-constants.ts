import { BAN_DURATION_HOURS } from './constants';

/*
 * Moderation values the web needs without the schemas: kept in a module without zod, so importing
 * them keeps zod out of the web's main bundle (the suspension screen is in it).
 */

/** Why content is reported: the fixed list the Report dialog offers and the server accepts. */
export const REPORT_REASON_VALUES = ['Spam', 'Harassment', 'Hate speech', 'Inappropriate content', 'Misinformation', 'Other'] as const;
export type ReportReasonValue = (typeof REPORT_REASON_VALUES)[number];
export const REPORT_STATUSES = ['pending', 'resolved', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_DETAILS_MAX = 1000;
export const BAN_REASON_MAX = 500;
export const APPEAL_MESSAGE_MAX = 2000;
export const REVEAL_REASON_MIN = 10;

/** Texts the moderation service answers with, so the web and the tests can match on them. */
export const MODERATION_MESSAGES = {
  reasonRequired: 'You must select a reason for reporting this content.',
  duplicateReport: 'You have already reported this content. Our moderators are reviewing it.',
  ownContent: 'You cannot report your own content.',
  reportNotFound: 'Report not found.',
  reportHandled: 'This report has already been handled.',
  banReasonRequired: 'Please enter a reason for the ban.',
  banDuration: `Ban duration must be one of ${BAN_DURATION_HOURS.join(', ')} hours.`,
  selfBan: 'You cannot ban yourself.',
  adminBan: 'Admins cannot be banned.',
  userNotFound: 'User not found.',
  notBanned: 'This user is not banned.',
  noSuspension: 'Your account is not suspended.',
  duplicateAppeal: 'You have already appealed this suspension.',
  appealBlank: 'Please explain why the suspension should be lifted.',
  appealNotFound: 'Appeal not found.',
  appealDecided: 'This appeal has already been decided.',
  declineMessageRequired: 'Please write a message to the student explaining the decision.',
  revealReasonRequired: `Please give a written reason (at least ${REVEAL_REASON_MIN} characters) for revealing the author.`,
  contentNotFound: 'No author is known for this content.',
  messageNotRemovable: 'A chat message cannot be removed. Resolve the report, or ban the sender.',
  reportedContentNotFound: 'This content does not exist or is no longer available.',
} as const;

export const APPEAL_STATUSES = ['pending', 'accepted', 'declined'] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];
