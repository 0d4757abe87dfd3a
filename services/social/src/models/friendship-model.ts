import mongoose, { type Connection, type Model } from 'mongoose';

/**
 * One document per friendship, under the pair's id (`<lower id>:<higher id>`), so two students are
 * friends at most once however the friendship came about, and a lookup of "are A and B friends"
 * is an `_id` read (FerretDB v1 serves no other index). Its only writer is the repository.
 */
export interface FriendshipDoc {
  _id: string;
  /** Both students, lower id first. */
  userIds: [string, string];
  createdAt: Date;
  version: number;
}

const friendshipSchema = new mongoose.Schema<FriendshipDoc>(
  {
    _id: { type: String, required: true },
    userIds: { type: [String], required: true },
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
