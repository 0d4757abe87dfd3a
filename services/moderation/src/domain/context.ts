import { type ServiceRuntime, defineServiceContext } from '@quad/common';
import { moderationModels } from '../models';
import {
  activeBans,
  allAppeals,
  allReports,
  appealsWithStatus,
  auditLog,
  closedReports,
  reportsAbout,
  reportsBy,
  reportsWithStatus,
} from './lists';

/**
 * What moderation's domain code works with (common's service context): a repository per collection,
 * the cached user directory, Redis only for `ban:<userId>` (the key the gateway and every service
 * read on each request), the open-report locks' models (created and deleted by _id; see
 * reports.ts), and the clock. Never req/res.
 */
const contextOf = defineServiceContext(moderationModels, (models, { repository }) => ({
  reports: repository(models.Report, 'reports', (report) => [
    reportsWithStatus(report.status),
    closedReports(),
    allReports(),
    reportsBy(report.reporterId),
    reportsAbout(report.type, report.contentId),
  ]),
  bans: repository(models.Ban, 'bans', () => [activeBans()]),
  appeals: repository(models.Appeal, 'appeals', (appeal) => [appealsWithStatus(appeal.status), allAppeals()]),
  contentAuthors: repository(models.ContentAuthor, 'content-authors'),
  auditEntries: repository(models.AuditEntry, 'audit', () => [auditLog()]),
  /** The time now: injected so tests move past a ban's end without sleeping. */
  now: (): Date => new Date(),
}));
export type ModerationContext = ReturnType<typeof contextOf>;

export interface ModerationOptions {
  now?: () => Date;
}

/** One context per runtime, shared by the HTTP routes, the event consumers and start-up; `now` replaces its clock. */
export function moderationContext(
  runtime: ServiceRuntime,
  options: ModerationOptions = {},
): ModerationContext {
  const context = contextOf(runtime);
  if (options.now) context.now = options.now;
  return context;
}
