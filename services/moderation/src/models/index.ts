import type { Connection } from 'mongoose';
import { appealModel } from './appeal-model';
import { auditEntryModel } from './audit-entry-model';
import { banModel } from './ban-model';
import { contentAuthorModel } from './content-author-model';
import { openReportModel } from './open-report-model';
import { reportModel } from './report-model';

/** Every moderation model on one connection; registering them all lets ensureIndexes build every index at start. */
export function moderationModels(db: Connection) {
  return {
    Report: reportModel(db),
    OpenReport: openReportModel(db),
    Ban: banModel(db),
    Appeal: appealModel(db),
    ContentAuthor: contentAuthorModel(db),
    AuditEntry: auditEntryModel(db),
  };
}
export type ModerationModels = ReturnType<typeof moderationModels>;
