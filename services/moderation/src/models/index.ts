import { modelRegistry } from '@quad/common';
import { appealModel } from './appeal-model';
import { auditEntryModel } from './audit-entry-model';
import { banModel } from './ban-model';
import { contentAuthorModel } from './content-author-model';
import { openReportModel } from './open-report-model';
import { reportModel } from './report-model';

/** Every moderation model on one connection; registering them all lets ensureIndexes build every index at start. */
export const moderationModels = modelRegistry({
  Report: reportModel,
  OpenReport: openReportModel,
  Ban: banModel,
  Appeal: appealModel,
  ContentAuthor: contentAuthorModel,
  AuditEntry: auditEntryModel,
});
export type ModerationModels = ReturnType<typeof moderationModels>;
