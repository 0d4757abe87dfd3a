import mongoose, { type Connection, type Model } from 'mongoose';

/** `<user id>:<YYYY-MM-DD>`: claimed before a day's digest is sent, so replicas send it once. */
export interface DigestDoc {
  _id: string;
  userId: string;
  claimedAt: Date;
}

const digestSchema = new mongoose.Schema<DigestDoc>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    claimedAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'digests' },
);

export function digestModel(db: Connection): Model<DigestDoc> {
  return (db.models.Digest as Model<DigestDoc>) ?? db.model<DigestDoc>('Digest', digestSchema);
}
