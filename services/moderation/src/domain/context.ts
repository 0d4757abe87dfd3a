import { type Logger, type Redis, type Repository, type ServiceRuntime, type UserDirectory, createRepository } from '@quad/common';
import { type ModerationModels, moderationModels } from '../models';
import type { AppealDoc } from '../models/appeal-model';
import type { AuditEntryDoc } from '../models/audit-entry-model';
import type { BanDoc } from '../models/ban-model';
import type { ContentAuthorDoc } from '../models/content-author-model';
import type { ReportDoc } from '../models/report-model';
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
 * What moderation's domain code works with: a repository per collection (each write mirrored into
 * its lists and cache, its events recorded in the outbox ahead of it), the cached user directory,
 * and the clock. Never req/res.
 */
export interface ModerationContext {
  /** For the open-report locks only (created and deleted by _id; see reports.ts). */
  models: ModerationModels;
  reports: Repository<ReportDoc>;
  bans: Repository<BanDoc>;
  appeals: Repository<AppealDoc>;
  contentAuthors: Repository<ContentAuthorDoc>;
  auditEntries: Repository<AuditEntryDoc>;
  directory: UserDirectory;
  /** Only for `ban:<userId>`, the key the gateway and every service read on each request. */
  redis: Redis;
  logger: Logger;
  /** The time now: injected so tests move past a ban's end without sleeping. */
  now: () => Date;
}

export interface ModerationOptions {
  now?: () => Date;
}

const contexts = new WeakMap<ServiceRuntime, ModerationContext>();

/** One context per runtime, shared by the HTTP routes, the event consumers and start-up. */
export function moderationContext(runtime: ServiceRuntime, options: ModerationOptions = {}): ModerationContext {
  let context = contexts.get(runtime);
  if (!context) {
    const models = moderationModels(runtime.db);
    context = {
      models,
      reports: createRepository<ReportDoc>(runtime, {
        model: models.Report,
        name: 'reports',
        listsOf: (report) => [
          reportsWithStatus(report.status),
          closedReports(),
          allReports(),
          reportsBy(report.reporterId),
          reportsAbout(report.type, report.contentId),
        ],
      }),
      bans: createRepository<BanDoc>(runtime, { model: models.Ban, name: 'bans', listsOf: () => [activeBans()] }),
      appeals: createRepository<AppealDoc>(runtime, {
        model: models.Appeal,
        name: 'appeals',
        listsOf: (appeal) => [appealsWithStatus(appeal.status), allAppeals()],
      }),
      contentAuthors: createRepository<ContentAuthorDoc>(runtime, { model: models.ContentAuthor, name: 'content-authors' }),
      auditEntries: createRepository<AuditEntryDoc>(runtime, { model: models.AuditEntry, name: 'audit', listsOf: () => [auditLog()] }),
      directory: runtime.directory,
      redis: runtime.redis,
      logger: runtime.logger,
      now: options.now ?? (() => new Date()),
    };
    contexts.set(runtime, context);
  } else if (options.now) {
    context.now = options.now;
  }
  return context;
}
