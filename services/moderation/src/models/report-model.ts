import mongoose, { type Connection, type Model } from 'mongoose';
import type { ReportStatus } from '@quad/contracts';

export interface ReportDoc {
  _id: string;
  /** Bumped by every write (the repository's cache version). */
  version: number;
  type: 'post' | 'comment' | 'message';
  contentId: string;
  reporterId: string;
  /** The author as known when reported (from the reporter, or moderation's own content-author store). */
  reportedUserId: string | null;
  /** The reporter could not see the author (anonymous content): admins must reveal it with a reason. */
  authorHidden: boolean;
  reason: string;
  description: string | null;
  status: ReportStatus;
  createdAt: Date;
  resolvedBy: string | null;
  resolvedAt: Date | null;
  contentRemoved: boolean;
  /** A reported chat message: its text and group as chat told them when it was reported. */
  message?: { text: string; groupId: string | null; groupName: string | null } | null;
}

const reportSchema = new mongoose.Schema<ReportDoc>(
  {
    _id: { type: String, required: true },
    version: { type: Number, default: 0 },
    type: { type: String, enum: ['post', 'comment', 'message'], required: true },
    contentId: { type: String, required: true },
    reporterId: { type: String, required: true },
    reportedUserId: { type: String, default: null },
    authorHidden: { type: Boolean, default: false },
    reason: { type: String, required: true },
    description: { type: String, default: null },
    status: { type: String, enum: ['pending', 'resolved', 'dismissed'], default: 'pending' },
    createdAt: { type: Date, required: true },
    resolvedBy: { type: String, default: null },
    resolvedAt: { type: Date, default: null },
    contentRemoved: { type: Boolean, default: false },
    message: {
      type: new mongoose.Schema({ text: String, groupId: String, groupName: String }, { _id: false }),
      default: null,
    },
  },
  { versionKey: false, collection: 'reports' },
);
reportSchema.index({ status: 1, createdAt: -1 });
reportSchema.index({ reporterId: 1, createdAt: -1 });

export type ReportModel = Model<ReportDoc>;

export function reportModel(db: Connection): ReportModel {
  return (db.models.Report as ReportModel) ?? db.model<ReportDoc>('Report', reportSchema);
}
