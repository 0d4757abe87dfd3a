import type { ListDef } from '@quad/common';
import mongoose from 'mongoose';
import type { AppealStatus, ReportStatus } from '@quad/contracts';
import type { AppealDoc } from '../models/appeal-model';
import type { AuditEntryDoc } from '../models/audit-entry-model';
import type { BanDoc } from '../models/ban-model';
import type { ReportDoc } from '../models/report-model';

/*
 * Moderation's lists, each kept by its repository beside every write (see @quad/common's
 * repository), newest first: reports by status (the admin tabs), by reporter (their own
 * statuses) and by content, bans that are active (expiry is checked against the clock on reading, so a ban ends
 * without any job), appeals by status, and the audit log by the time of the action.
 */

export function reportsWithStatus(status: ReportStatus): ListDef<ReportDoc> {
  return { name: `status:${status}`, filter: { status }, contains: (report) => report.status === status };
}

/** Resolved and dismissed reports together (the admin's 'Resolved Reports' tab), and every report. */
export function closedReports(): ListDef<ReportDoc> {
  return { name: 'closed', filter: { status: mongoose.trusted({ $in: ['resolved', 'dismissed'] }) }, contains: (report) => report.status !== 'pending' };
}

export function allReports(): ListDef<ReportDoc> {
  return { name: 'all', filter: {}, contains: () => true };
}

export function reportsBy(reporterId: string): ListDef<ReportDoc> {
  return { name: `reporter:${encodeURIComponent(reporterId)}`, filter: { reporterId }, contains: (report) => report.reporterId === reporterId };
}

/** Every report about one post or comment: a removal settles the others too. */
export function reportsAbout(type: ReportDoc['type'], contentId: string): ListDef<ReportDoc> {
  return {
    name: `content:${type}:${encodeURIComponent(contentId)}`,
    filter: { type, contentId },
    contains: (report) => report.type === type && report.contentId === contentId,
  };
}

export function activeBans(): ListDef<BanDoc> {
  return { name: 'active', filter: { active: true }, contains: (ban) => ban.active };
}

export function appealsWithStatus(status: AppealStatus): ListDef<AppealDoc> {
  return { name: `status:${status}`, filter: { status }, contains: (appeal) => appeal.status === status };
}

export function allAppeals(): ListDef<AppealDoc> {
  return { name: 'all', filter: {}, contains: () => true };
}

export function auditLog(): ListDef<AuditEntryDoc> {
  return { name: 'all', filter: {}, contains: () => true, score: (entry) => entry.at.getTime() };
}
