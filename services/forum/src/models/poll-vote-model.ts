import { defineModel, required, versionField } from '@quad/common';
import type { Model } from 'mongoose';

/**
 * One student's vote on one poll, under the `_id` `<pollId>:<userId>`: the key itself makes it one
 * vote per student, whichever process stores it. Moving the vote rewrites this document only.
 */
export interface PollVoteDoc {
  _id: string;
  pollId: string;
  userId: string;
  optionIndex: number;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

export const pollVoteModel = defineModel<PollVoteDoc>({
  name: 'PollVote',
  collection: 'poll_votes',
  timestamps: true,
  fields: {
    _id: required(String),
    pollId: required(String),
    userId: required(String),
    optionIndex: required(Number),
    version: versionField(),
  },
});

export const pollVoteId = (pollId: string, userId: string) => `${pollId}:${userId}`;

export type PollVoteModel = Model<PollVoteDoc>;
