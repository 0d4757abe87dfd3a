import { Types } from 'mongoose';
import mongoose from 'mongoose';
import {
  type AdminReport,
  type CreateReportBody,
  MODERATION_MESSAGES,
  type MyReport,
  type ReportStatus,
  type ResolveReportBody,
} from '@quad/contracts';
import { type AuthContext, HttpError, badRequest, conflict, notFound } from '@quad/common';
import { openReportKey } from '../models/open-report-model';
import type { ReportDoc } from '../models/report-model';
import { announceAdminAction } from './audit';
import { authorOf } from './content-authors';
import type { ModerationContext } from './context';
import { peopleById } from './people';

type ValidReport = Omit<CreateReportBody, 'description'> & { description?: string };

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
 * A student reports a post or comment. One open report per reporter and content: the open-report
 * document under a deterministic _id is inserted first, so a second report (even from another
 * replica at the same instant) is a duplicate key and answers 409.
 */
export async function createReport(ctx: ModerationContext, reporter: AuthContext, body: ValidReport): Promise<MyReport> {
  const knownAuthor = await authorOf(ctx, body.type, body.contentId);
  const claimedAuthor = body.reportedUserId ?? null;
  if ((knownAuthor ?? claimedAuthor) === reporter.userId) throw badRequest(MODERATION_MESSAGES.ownContent);

  const reportId = new Types.ObjectId().toHexString();
  const guardId = openReportKey(reporter.userId, body.type, body.contentId);
  try {
    await ctx.models.OpenReport.create({ _id: guardId, reportId });
  } catch (err) {
    if (isDuplicateKey(err)) throw conflict(MODERATION_MESSAGES.duplicateReport);
    throw err;
  }
  try {
    const report = await ctx.models.Report.create({
      _id: reportId,
      type: body.type,
      contentId: body.contentId,
      reporterId: reporter.userId,
      // The store knows better than a client; a client's claim is kept only when the store has not learnt the author yet.
      reportedUserId: knownAuthor ?? claimedAuthor,
      authorHidden: claimedAuthor === null,
      reason: body.reason,
      description: body.description ?? null,
      status: 'pending',
      createdAt: ctx.now(),
    });
    return toMyReport(report.toObject());
  } catch (err) {
    await ctx.models.OpenReport.deleteOne({ _id: guardId }).catch(() => undefined);
    throw err;
  }
}

/** The caller's own reports, newest first, with their status (the reporter learns the outcome). */
export async function listMyReports(ctx: ModerationContext, reporterId: string): Promise<MyReport[]> {
  const reports = await ctx.models.Report.find({ reporterId }).sort({ createdAt: -1 }).limit(100).lean();
  return reports.map(toMyReport);
}

/** Reports of the given statuses for admins, newest first. Hidden authors stay hidden until revealed. */
export async function listReports(ctx: ModerationContext, statuses: ReportStatus[]): Promise<AdminReport[]> {
  const reports = await ctx.models.Report.find({ status: mongoose.trusted({ $in: statuses }) })
    .sort({ createdAt: -1 })
    .limit(200)
    .lean();
  return presentForAdmins(ctx, reports);
}

async function presentForAdmins(ctx: ModerationContext, reports: ReportDoc[]): Promise<AdminReport[]> {
  // A report filed before forum's event arrived has no author yet: the store knows it by now.
  const authors = await Promise.all(
    reports.map(async (report) => report.reportedUserId ?? (await authorOf(ctx, report.type, report.contentId))),
  );
  const people = await peopleById(ctx, [...reports.map((r) => r.reporterId), ...authors]);
  return reports.map((report, index) => {
    const authorId = report.authorHidden ? null : (authors[index] ?? null);
    return {
      ...toMyReport(report),
      reportedUserId: authorId,
      reportedUser: authorId ? (people.get(authorId) ?? null) : null,
      authorHidden: report.authorHidden,
      reporter: people.get(report.reporterId) ?? { id: report.reporterId, firstName: '', lastName: '', email: null },
      resolvedBy: report.resolvedBy,
      contentRemoved: report.contentRemoved,
    };
  });
}

/**
 * An admin resolves or dismisses a pending report; a resolution may remove the content, which
 * forum acts on (moderation.content.removed). The reporter's open-report lock goes with it.
 */
export async function resolveReport(
  ctx: ModerationContext,
  admin: AuthContext,
  reportId: string,
  body: Required<Pick<ResolveReportBody, 'action'>> & { removeContent: boolean },
): Promise<AdminReport> {
  const report = await ctx.models.Report.findById(reportId).lean();
  if (!report) throw notFound(MODERATION_MESSAGES.reportNotFound);
  if (report.status !== 'pending') throw conflict(MODERATION_MESSAGES.reportHandled);
  const removeContent = body.action === 'resolved' && body.removeContent;
  const resolvedAt = ctx.now();
  const updated = await ctx.models.Report.updateOne(
    { _id: reportId, status: 'pending' },
    { $set: { status: body.action, resolvedBy: admin.userId, resolvedAt, contentRemoved: removeContent } },
  );
  if (updated.modifiedCount === 0) throw conflict(MODERATION_MESSAGES.reportHandled);
  await ctx.models.OpenReport.deleteOne({ _id: openReportKey(report.reporterId, report.type, report.contentId) });

  if (removeContent) {
    await ctx.publisher.publish(
      'moderation.content.removed',
      { type: report.type, contentId: report.contentId, removedBy: admin.userId },
      `moderation.content.removed:${report.type}:${report.contentId}`,
    );
  }
  await announceAdminAction(
    ctx,
    {
      adminId: admin.userId,
      action: body.action === 'resolved' ? 'report.resolved' : 'report.dismissed',
      targetUserId: report.authorHidden ? null : report.reportedUserId,
      targetId: report._id,
      details: { type: report.type, contentId: report.contentId, reason: report.reason, contentRemoved: removeContent },
    },
    `report:${report._id}:${body.action}`,
  );
  const stored = await ctx.models.Report.findById(reportId).lean();
  if (!stored) throw new HttpError(500, 'Report vanished after resolving');
  const [view] = await presentForAdmins(ctx, [stored]);
  return view!;
}
