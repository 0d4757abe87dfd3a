import { exported } from '@quad/common';
import type { ServiceExport } from '@quad/contracts';
import type { ModerationContext } from './context';

/** Moderation's part of a student's download: the reports they filed (never who reported them) and their appeals. */
export async function exportModerationUser(ctx: ModerationContext, userId: string): Promise<ServiceExport> {
  const { Report, Appeal } = ctx.models;
  const [reports, appeals] = await Promise.all([Report.find({ reporterId: userId }).lean(), Appeal.find({ userId }).lean()]);
  return { records: { reportsFiled: reports.map(exported), appeals: appeals.map(exported) }, images: [] };
}
