import mongoose, { type Connection, type Model } from 'mongoose';

/**
 * Posts per (college, topic), kept with $inc on create and delete so GET /api/topics never
 * counts posts (FerretDB has no $lookup, and counting a busy board on every call is wasteful).
 */
export interface TopicCounterDoc {
  /** `<collegeId>|<topicId>`: $inc by _id is the one filter FerretDB v1 (SQLite) serves from an index. */
  _id: string;
  collegeId: string | null;
  topicId: number;
  postCount: number;
}

const topicCounterSchema = new mongoose.Schema<TopicCounterDoc>(
  {
    _id: { type: String, required: true },
    collegeId: { type: String, default: null },
    topicId: { type: Number, required: true },
    postCount: { type: Number, default: 0 },
  },
  { versionKey: false, collection: 'topic_counters' },
);
topicCounterSchema.index({ collegeId: 1, topicId: 1 }, { unique: true });

export const topicCounterId = (collegeId: string | null, topicId: number) => `${collegeId ?? ''}|${topicId}`;

export type TopicCounterModel = Model<TopicCounterDoc>;

export function topicCounterModel(db: Connection): TopicCounterModel {
  return (
    (db.models.TopicCounter as TopicCounterModel) ??
    db.model<TopicCounterDoc>('TopicCounter', topicCounterSchema)
  );
}
