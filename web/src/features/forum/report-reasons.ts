import type { ReportReason } from '../../ui/report-dialog';

export { REPORT_REASONS, type ReportReason } from '../../ui/report-dialog';

/** POST /api/reports (spec section 7). `description` is omitted when the details are empty. */
export interface ReportBody {
  type: 'post' | 'comment';
  contentId: string;
  /** The author when the viewer may know it; null for someone else's anonymous content (moderation resolves it). */
  reportedUserId: string | null;
  reason: ReportReason;
  description?: string;
}

/** What the report dialog is about. */
export interface ReportTarget {
  type: 'post' | 'comment';
  contentId: string;
  authorId: string | null;
}

export function buildReportBody(target: ReportTarget, reason: ReportReason, details: string): ReportBody {
  const description = details.trim();
  return {
    type: target.type,
    contentId: target.contentId,
    reportedUserId: target.authorId,
    reason,
    ...(description ? { description } : {}),
  };
}
