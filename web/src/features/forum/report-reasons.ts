import type { CreateReportBody, ReportReasonValue } from '@quad/contracts';

/** Why a post or comment is reported; the label is what moderators read (the server accepts exactly these values). */
export const REPORT_REASONS = [
  { value: 'Spam', description: 'Advertising, scams or repeated unwanted content' },
  { value: 'Harassment', description: 'Bullying, threats or targeting a person' },
  { value: 'Hate speech', description: 'Attacks on people for who they are' },
  { value: 'Inappropriate content', description: 'Sexual, violent or graphic material' },
  { value: 'Misinformation', description: 'False or misleading claims' },
  { value: 'Other', description: 'Something else that breaks the community guidelines' },
] as const satisfies ReadonlyArray<{ value: ReportReasonValue; description: string }>;

export type ReportReason = ReportReasonValue;

/** What the report dialog is about. */
export interface ReportTarget {
  type: 'post' | 'comment';
  contentId: string;
  authorId: string | null;
}

/**
 * POST /api/reports (spec section 7): `reportedUserId` is the author when the viewer may know it,
 * null for someone else's anonymous content (moderation resolves it); `description` is omitted
 * when the details are empty.
 */
export function buildReportBody(target: ReportTarget, reason: ReportReason, details: string): CreateReportBody {
  const description = details.trim();
  return {
    type: target.type,
    contentId: target.contentId,
    reportedUserId: target.authorId,
    reason,
    ...(description ? { description } : {}),
  };
}
