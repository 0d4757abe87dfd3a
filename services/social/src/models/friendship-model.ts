import mongoose, { type Connection, type Model } from 'mongoose';

/**
 * One document per pair of students who are or were friends, under the pair's id (`<lower id>:<higher
 * id>`), so two students are friends at most once however the friendship came about, and "are A and
 * B friends" is an `_id` read (FerretDB v1 serves no other index). Ending a friendship sets `live`
 * false instead of deleting the document: the shared document cache keeps a deleted id deleted, and
 * the version counter keeps counting across friend, unfriend, friend again (event ids use it).
 */
export interface FriendshipDoc {
  _id: string;
  /** Both students, lower id first. */
  userIds: [string, string];
  live: boolean;
  /** When the current (or last) friendship began. */
  createdAt: Date;
  version: number;
}

const friendshipSchema = new mongoose.Schema<FriendshipDoc>(
  {
    _id: { type: String, required: true },
    userIds: { type: [String], required: true },
    live: { type: Boolean, default: true },
    createdAt: { type: Date, default: () => new Date() },
    version: { type: Number, default: 0 },
  },
  { versionKey: false, collection: 'friendships' },
);
// A student's friends list, when its index is rebuilt.
friendshipSchema.index({ userIds: 1 });

export type FriendshipModel = Model<FriendshipDoc>;

export function friendshipModel(db: Connection): FriendshipModel {
  return (db.models.Friendship as FriendshipModel) ?? db.model<FriendshipDoc>('Friendship', friendshipSchema);
}
