import mongoose, { type Connection, type Model } from 'mongoose';

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

const pollVoteSchema = new mongoose.Schema<PollVoteDoc>(
  {
    _id: { type: String, required: true },
    pollId: { type: String, required: true },
    userId: { type: String, required: true },
    optionIndex: { type: Number, required: true },
    version: { type: Number, default: 0 },
  },
  { versionKey: false, timestamps: true, collection: 'poll_votes' },
);

export const pollVoteId = (pollId: string, userId: string) => `${pollId}:${userId}`;

export type PollVoteModel = Model<PollVoteDoc>;

export function pollVoteModel(db: Connection): PollVoteModel {
  return (db.models.PollVote as PollVoteModel) ?? db.model<PollVoteDoc>('PollVote', pollVoteSchema);
}
