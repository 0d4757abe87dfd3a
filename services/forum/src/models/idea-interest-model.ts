import mongoose, { type Connection, type Model } from 'mongoose';

/**
 * "I'm interested": one document per (idea, student) under the `_id` `<ideaId>:<userId>`, so saying
 * it twice, from any process, stores it once (FerretDB pushes only `_id` lookups down to an index).
 */
export interface IdeaInterestDoc {
  _id: string;
  ideaId: string;
  userId: string;
  createdAt: Date;
  version: number;
}

const ideaInterestSchema = new mongoose.Schema<IdeaInterestDoc>(
  {
    _id: { type: String, required: true },
    ideaId: { type: String, required: true },
    userId: { type: String, required: true },
    createdAt: { type: Date, default: () => new Date() },
    version: { type: Number, default: 0 },
  },
  { versionKey: false, collection: 'idea_interests' },
);

export const ideaInterestId = (ideaId: string, userId: string) => `${ideaId}:${userId}`;

export type IdeaInterestModel = Model<IdeaInterestDoc>;

export function ideaInterestModel(db: Connection): IdeaInterestModel {
  return (db.models.IdeaInterest as IdeaInterestModel) ?? db.model<IdeaInterestDoc>('IdeaInterest', ideaInterestSchema);
}
