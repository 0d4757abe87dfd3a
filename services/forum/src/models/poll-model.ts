import { defineModel, nullable, required, versionField, withDefault } from '@quad/common';
import type { Model, Types } from 'mongoose';

/**
 * A poll of one college. Its votes are never stored on it (FerretDB loses concurrent updates of one
 * document): each vote is its own document (poll-vote-model.ts) and the counts are the sizes of the
 * poll's per-option vote lists. `deleting` is set first when the poll is deleted, so votes arriving
 * meanwhile are refused ('Poll is being deleted') and the list no longer shows it.
 */
export interface PollDoc {
  _id: Types.ObjectId;
  question: string;
  description: string | null;
  options: string[];
  topicId: number;
  authorId: string;
  /** The author's college; null for an account without one (only admins see such a poll). */
  collegeId: string | null;
  deleting: boolean;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

export const pollModel = defineModel<PollDoc>({
  name: 'Poll',
  collection: 'polls',
  timestamps: true,
  fields: {
    question: required(String),
    description: nullable(String),
    options: required([String]),
    topicId: required(Number),
    authorId: required(String),
    collegeId: nullable(String),
    deleting: withDefault(Boolean, false),
    version: versionField(),
  },
});

export type PollModel = Model<PollDoc>;
