import { defineModel, nullable, required, versionField, withDefault } from '@quad/common';
import mongoose, { type Model } from 'mongoose';
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

export const reportModel = defineModel<ReportDoc>({
  name: 'Report',
  collection: 'reports',
  fields: {
    _id: required(String),
    version: versionField(),
    type: required(String, { enum: ['post', 'comment', 'message'] }),
    contentId: required(String),
    reporterId: required(String),
    reportedUserId: nullable(String),
    authorHidden: withDefault(Boolean, false),
    reason: required(String),
    description: nullable(String),
    status: withDefault(String, 'pending', { enum: ['pending', 'resolved', 'dismissed'] }),
    createdAt: required(Date),
    resolvedBy: nullable(String),
    resolvedAt: nullable(Date),
    contentRemoved: withDefault(Boolean, false),
    message: nullable(
      new mongoose.Schema({ text: String, groupId: String, groupName: String }, { _id: false }),
    ),
  },
  indexes: [
    { status: 1, createdAt: -1 },
    { reporterId: 1, createdAt: -1 },
  ],
});

export type ReportModel = Model<ReportDoc>;
