import { defineModel, required, versionField } from '@quad/common';
import type { Model } from 'mongoose';

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

export const openReportModel = defineModel<OpenReportDoc>({
  name: 'OpenReport',
  collection: 'open_reports',
  fields: { _id: required(String), version: versionField(), reportId: required(String) },
});

export type OpenReportModel = Model<OpenReportDoc>;

export const openReportKey = (reporterId: string, type: string, contentId: string) =>
  `${reporterId}:${type}:${contentId}`;
