import mongoose, { type Connection, type Model } from 'mongoose';

export const STAT_COUNTERS = ['totalPosts', 'totalComments', 'totalFriends'] as const;
export type StatCounter = (typeof STAT_COUNTERS)[number];

/**
 * One profile counter of one user, kept from forum and social events (ARCHITECTURE.md, Data and
 * events); `_id` is `<userId>:<counter>`. One document per counter rather than per user because
 * the FORUM and SOCIAL consumers run concurrently, and FerretDB v1 applies `$inc` as read-modify-
 * write: two writers on one document can lose an increment. Each stream's consumer handles its
 * events one at a time, so no two writers meet on a counter document.
 */
export interface ProfileCounterRecord {
  _id: string;
  userId: string;
  counter: StatCounter;
  value: number;
}

const profileCounterSchema = new mongoose.Schema<ProfileCounterRecord>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    counter: { type: String, enum: STAT_COUNTERS, required: true },
    value: { type: Number, default: 0 },
  },
  { versionKey: false, collection: 'profile_counters' },
);
profileCounterSchema.index({ userId: 1 });

export type ProfileCounterModel = Model<ProfileCounterRecord>;

export function profileCounterModel(db: Connection): ProfileCounterModel {
  return (
    (db.models.ProfileCounter as ProfileCounterModel) ??
    db.model<ProfileCounterRecord>('ProfileCounter', profileCounterSchema)
  );
}
