import mongoose, { type Connection, type Model } from 'mongoose';

/**
 * One document per open (pending) report of a reporter on one piece of content, under the
 * deterministic _id `<reporterId>:<type>:<contentId>`: the unique _id is the duplicate rule, with
 * no filtered query and no race between two replicas. Removed when the report is handled.
 */
export interface OpenReportDoc {
  _id: string;
  /** Bumped by every write (the repository's cache version). */
  version: number;
  reportId: string;
}

const openReportSchema = new mongoose.Schema<OpenReportDoc>(
  { _id: { type: String, required: true }, version: { type: Number, default: 0 }, reportId: { type: String, required: true } },
  { versionKey: false, collection: 'open_reports' },
);

export type OpenReportModel = Model<OpenReportDoc>;

export const openReportKey = (reporterId: string, type: string, contentId: string) => `${reporterId}:${type}:${contentId}`;

export function openReportModel(db: Connection): OpenReportModel {
  return (db.models.OpenReport as OpenReportModel) ?? db.model<OpenReportDoc>('OpenReport', openReportSchema);
}
