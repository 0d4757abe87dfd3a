import mongoose, { type Connection, type Model, type Types } from 'mongoose';

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

const pollSchema = new mongoose.Schema<PollDoc>(
  {
    question: { type: String, required: true },
    description: { type: String, default: null },
    options: { type: [String], required: true },
    topicId: { type: Number, required: true },
    authorId: { type: String, required: true },
    collegeId: { type: String, default: null },
    deleting: { type: Boolean, default: false },
    version: { type: Number, default: 0 },
  },
  { versionKey: false, timestamps: true, collection: 'polls' },
);

export type PollModel = Model<PollDoc>;

export function pollModel(db: Connection): PollModel {
  return (db.models.Poll as PollModel) ?? db.model<PollDoc>('Poll', pollSchema);
}
