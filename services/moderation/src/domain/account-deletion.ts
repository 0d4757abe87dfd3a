import { openReportKey } from '../models/open-report-model';
import type { ModerationContext } from './context';

/**
 * auth.user.deleted in moderation: the reports the student filed and their appeals are removed
 * (their own words). Bans and the audit log stay, naming the person by id only: the admins' record
 * of what was done. Reports others filed about the student's content stay (others' records); that
 * content itself is gone from forum, which announces it. A replayed event finds nothing left.
 */
export async function forgetModerationUser(ctx: ModerationContext, userId: string): Promise<void> {
  for (const report of await ctx.models.Report.find({ reporterId: userId }).lean()) {
    await ctx.models.OpenReport.deleteOne({ _id: openReportKey(report.reporterId, report.type, report.contentId) });
    await ctx.reports.remove(report._id);
  }
  for (const appeal of await ctx.models.Appeal.find({ userId }, { _id: 1 }).lean()) await ctx.appeals.remove(appeal._id);
}
