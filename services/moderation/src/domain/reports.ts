import { Types } from 'mongoose';
import type { z } from 'zod';
import {
  type AdminReport,
  type CreateReportBody,
  MODERATION_MESSAGES,
  type EventData,
  type MyReport,
  REPORT_STATUSES,
  type ReportStatus,
  type adminReportsQuerySchema,
} from '@quad/contracts';
import {
  adminListPage,
  type AuthContext,
  HttpError,
  type ListDef,
  type OutboxEvent,
  badRequest,
  conflict,
  notFound,
  textMatches,
} from '@quad/common';
import { openReportKey } from '../models/open-report-model';
import type { ReportDoc } from '../models/report-model';
import { adminAction } from './audit';
import { authorOf, visibleContent } from './content-authors';
import type { ModerationContext } from './context';
import { allReports, closedReports, reportsAbout, reportsBy, reportsWithStatus } from './lists';
import { peopleById } from './people';

type ValidReport = Omit<CreateReportBody, 'description'> & { description?: string };

const OWN_LIST_LIMIT = 100;

function isDuplicateKey(err: unknown): boolean {
  return (err as { code?: number })?.code === 11000;
}

/** What the reporter may read: never who wrote the content (it may be anonymous). */
export function toMyReport(report: ReportDoc): MyReport {
  return {
    id: report._id,
    type: report.type,
    contentId: report.contentId,
    reason: report.reason,
    description: report.description,
    status: report.status,
    createdAt: report.createdAt.toISOString(),
    resolvedAt: report.resolvedAt ? report.resolvedAt.toISOString() : null,
  };
}

/**
 * A student reports a post or comment. One open report per reporter and content: an open-report
 * lock under a deterministic _id is created first, so a second report (even from another replica
 * at the same instant) is a duplicate key and answers 409. The lock is a plain document created and
 * deleted by _id, outside the repositories: it is never read, so it needs no cache or list.
 */
export async function createReport(ctx: ModerationContext, reporter: AuthContext, body: ValidReport): Promise<MyReport> {
  const content = await visibleContent(ctx, reporter, body.type, body.contentId);
  if (!content) throw notFound(MODERATION_MESSAGES.reportedContentNotFound);
  const knownAuthor = content.authorId;
  // Whether the reporter saw an author name (null: the content was anonymous to them).
  const claimedAuthor = body.reportedUserId ?? null;
  if (knownAuthor === reporter.userId) throw badRequest(MODERATION_MESSAGES.ownContent);

  const reportId = new Types.ObjectId().toHexString();
  const lockId = openReportKey(reporter.userId, body.type, body.contentId);
  try {
    await ctx.models.OpenReport.create({ _id: lockId, reportId });
  } catch (err) {
    if (isDuplicateKey(err)) throw conflict(MODERATION_MESSAGES.duplicateReport);
    throw err;
  }
  try {
    const report = await ctx.reports.insert({
      _id: reportId,
      type: body.type,
      contentId: body.contentId,
      reporterId: reporter.userId,
      // The store knows better than a client: a client's claim is never stored.
      reportedUserId: knownAuthor,
      // The reporter could not see who wrote it (anonymous): admins must reveal it with a reason.
      authorHidden: claimedAuthor === null,
      reason: body.reason,
      description: body.description ?? null,
      status: 'pending',
      createdAt: ctx.now(),
      resolvedBy: null,
      resolvedAt: null,
      contentRemoved: false,
    });
    return toMyReport(report);
  } catch (err) {
    await ctx.models.OpenReport.deleteOne({ _id: lockId }).catch(() => undefined);
    throw err;
  }
}

/**
 * A chat message reported through chat (`chat.message.reported`): chat checked that the reporter
 * can read it and that it is not theirs, and one report per reporter and message. Filed under the
 * report id chat chose, so a redelivered event finds it there and files nothing more.
 */
export async function fileMessageReport(ctx: ModerationContext, data: EventData<'chat.message.reported'>): Promise<void> {
  try {
    await ctx.reports.insert({
      _id: data.reportId,
      type: 'message',
      contentId: data.messageId,
      reporterId: data.reporterId,
      reportedUserId: data.authorId,
      authorHidden: false,
      reason: data.reason,
      description: data.description,
      status: 'pending',
      createdAt: new Date(data.reportedAt),
      resolvedBy: null,
      resolvedAt: null,
      contentRemoved: false,
      message: { text: data.text, groupId: data.groupId, groupName: data.groupName },
    });
  } catch (err) {
    // Filed already (a redelivery): the repository answers the second insert under its id with a 409.
    if (!(err instanceof HttpError && err.status === 409)) throw err;
  }
}

/** The caller's own reports, newest first, with their status (the reporter learns the outcome). */
export async function listMyReports(ctx: ModerationContext, reporterId: string): Promise<MyReport[]> {
  return (await ctx.reports.newest(reportsBy(reporterId), OWN_LIST_LIMIT)).map(toMyReport);
}

/** The list that holds exactly the statuses asked for, or every report (then filtered by status). */
function reportListFor(statuses: ReportStatus[]): { list: ListDef<ReportDoc>; exact: boolean } {
  const wanted = new Set(statuses);
  if (wanted.size === 1) return { list: reportsWithStatus(statuses[0]!), exact: true };
  if (wanted.size === 2 && wanted.has('resolved') && wanted.has('dismissed')) return { list: closedReports(), exact: true };
  return { list: allReports(), exact: wanted.size === REPORT_STATUSES.length };
}

/**
 * Reports of the asked statuses for admins, newest first, a page at a time. A search looks in the
 * reason, the details and the reporter's and reported student's names and e-mails; type and the
 * date the report was filed filter it. `total` is the size of the statuses' list.
 */
export async function listReports(
  ctx: ModerationContext,
  query: z.output<typeof adminReportsQuerySchema>,
): Promise<{ reports: AdminReport[]; nextCursor: string | null; total: number }> {
  const { list, exact } = reportListFor(query.status);
  const statuses = new Set<string>(query.status);
  const filtered = !exact || query.search !== undefined || query.type !== undefined;
  const accept = filtered
    ? async (reports: ReportDoc[]) => {
        const people = query.search ? await peopleById(ctx, reports.flatMap((r) => [r.reporterId, r.authorHidden ? null : r.reportedUserId])) : null;
        return reports.map((report) => {
          if (!statuses.has(report.status)) return false;
          if (query.type && report.type !== query.type) return false;
          const reporter = people?.get(report.reporterId);
          const reported = report.authorHidden || !report.reportedUserId ? undefined : people?.get(report.reportedUserId);
          return textMatches(query.search, [
            report.reason,
            report.description,
            report.message?.text,
            report.message?.groupName,
            reporter && `${reporter.firstName} ${reporter.lastName}`,
            reporter?.email,
            reported && `${reported.firstName} ${reported.lastName}`,
            reported?.email,
          ]);
        });
      }
    : undefined;
  const scoreRange = { min: query.from?.getTime(), max: query.to?.getTime() };
  const page = await adminListPage(ctx.reports, list, query, { accept, scoreRange });
  return { reports: await presentForAdmins(ctx, page.items), nextCursor: page.nextCursor, total: page.total };
}

async function presentForAdmins(ctx: ModerationContext, reports: ReportDoc[]): Promise<AdminReport[]> {
  // A report filed before forum's event arrived has no author yet: the store knows it by now.
  const authors = await Promise.all(
    reports.map(async (report) =>
      report.reportedUserId ?? (report.type === 'message' ? null : await authorOf(ctx, report.type, report.contentId)),
    ),
  );
  const people = await peopleById(ctx, [...reports.map((r) => r.reporterId), ...reports.map((r) => r.resolvedBy), ...authors]);
  return reports.map((report, index) => {
    const authorId = report.authorHidden ? null : (authors[index] ?? null);
    return {
      ...toMyReport(report),
      reportedUserId: authorId,
      reportedUser: authorId ? (people.get(authorId) ?? null) : null,
      authorHidden: report.authorHidden,
      reporter: people.get(report.reporterId) ?? { id: report.reporterId, firstName: '', lastName: '', email: null },
      resolvedBy: report.resolvedBy,
      resolvedByAdmin: report.resolvedBy ? (people.get(report.resolvedBy) ?? null) : null,
      contentRemoved: report.contentRemoved,
      message: report.message ? { text: report.message.text, groupId: report.message.groupId ?? null, groupName: report.message.groupName ?? null } : null,
    };
  });
}

/**
 * An admin resolves or dismisses a pending report; a resolution may remove the content, which
 * forum acts on (moderation.content.removed, through the outbox with the write). The reporter's
 * open-report lock goes with it, so they may report the content again.
 */
export async function resolveReport(
  ctx: ModerationContext,
  admin: AuthContext,
  reportId: string,
  body: { action: 'resolved' | 'dismissed'; removeContent: boolean },
): Promise<AdminReport> {
  let handledNow = false;
  const removeContent = body.action === 'resolved' && body.removeContent;
  // Chat keeps its messages (the sender can be banned instead): a message report resolves without removal.
  if (removeContent && (await ctx.reports.find(reportId))?.type === 'message') throw badRequest(MODERATION_MESSAGES.messageNotRemovable);
  const resolvedAt = ctx.now();
  const report = await ctx.reports.update(
    reportId,
    (current) => {
      if (current.status !== 'pending') return null;
      handledNow = true;
      return { status: body.action, resolvedBy: admin.userId, resolvedAt, contentRemoved: removeContent };
    },
    (next) => {
      const events: OutboxEvent[] = [
        adminAction(ctx, `report:${next._id}:${body.action}`, {
          adminId: admin.userId,
          action: body.action === 'resolved' ? 'report.resolved' : 'report.dismissed',
          targetUserId: next.authorHidden ? null : next.reportedUserId,
          targetId: next._id,
          details: { type: next.type, contentId: next.contentId, reason: next.reason, contentRemoved: removeContent },
        }),
      ];
      events.push(reportResolvedEvent(next));
      if (removeContent && next.type !== 'message') {
        events.push({
          subject: 'moderation.content.removed',
          data: { type: next.type, contentId: next.contentId, removedBy: admin.userId },
          eventId: `moderation.content.removed:${next.type}:${next.contentId}`,
        });
      }
      return events;
    },
  );
  if (!report) throw notFound(MODERATION_MESSAGES.reportNotFound);
  if (!handledNow) throw conflict(MODERATION_MESSAGES.reportHandled);
  await ctx.models.OpenReport.deleteOne({ _id: openReportKey(report.reporterId, report.type, report.contentId) });
  if (removeContent) await settleOtherReports(ctx, admin, report);
  const [view] = await presentForAdmins(ctx, [report]);
  return view!;
}

/**
 * Content removed for one report is gone for every other: their pending reports are resolved with
 * it, so no admin reviews a post that no longer exists and each reporter sees the outcome.
 */
async function settleOtherReports(ctx: ModerationContext, admin: AuthContext, removedFor: ReportDoc): Promise<void> {
  const others = (await ctx.reports.all(reportsAbout(removedFor.type, removedFor.contentId))).filter(
    (other) => other._id !== removedFor._id && other.status === 'pending',
  );
  for (const other of others) {
    const settled = await ctx.reports.update(
      other._id,
      (current) =>
        current.status === 'pending'
          ? { status: 'resolved', resolvedBy: admin.userId, resolvedAt: removedFor.resolvedAt ?? ctx.now(), contentRemoved: true }
          : null,
      (next) => [reportResolvedEvent(next)],
    );
    if (settled?.status === 'resolved') {
      await ctx.models.OpenReport.deleteOne({ _id: openReportKey(settled.reporterId, settled.type, settled.contentId) });
    }
  }
}

/** The reporter hears the outcome of their report (notifications): one event per report, whatever retries. */
function reportResolvedEvent(report: ReportDoc): OutboxEvent {
  return {
    subject: 'moderation.report.resolved',
    data: {
      reportId: String(report._id),
      reporterId: report.reporterId,
      type: report.type,
      status: report.status === 'dismissed' ? 'dismissed' : 'resolved',
      contentRemoved: Boolean(report.contentRemoved),
    },
    eventId: `moderation.report.resolved:${report._id}`,
  };
}
