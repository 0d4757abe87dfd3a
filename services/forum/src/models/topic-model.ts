import mongoose, { type Connection, type Model } from 'mongoose';

/** A board. Ids are small numbers (1..n) because the web and polls (`topicId: 1`) address them so. */
export interface TopicDoc {
  _id: number;
  name: string;
  icon: string;
  color: string;
}

const topicSchema = new mongoose.Schema<TopicDoc>(
  {
    _id: { type: Number, required: true },
    name: { type: String, required: true },
    icon: { type: String, required: true },
    color: { type: String, required: true },
  },
  { versionKey: false, collection: 'topics' },
);

export type TopicModel = Model<TopicDoc>;

export function topicModel(db: Connection): TopicModel {
  return (db.models.Topic as TopicModel) ?? db.model<TopicDoc>('Topic', topicSchema);
}
