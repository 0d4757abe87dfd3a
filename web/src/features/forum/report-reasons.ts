import type { CreateReportBody } from '@quad/contracts';
import type { ReportReason } from '../../ui/report-dialog';

export { REPORT_REASONS, type ReportReason } from '../../ui/report-dialog';

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
