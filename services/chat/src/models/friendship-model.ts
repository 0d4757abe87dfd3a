import mongoose, { type Connection, type Model } from 'mongoose';
import type { Fact } from '@quad/common';

/**
 * Chat's own copy of a friendship, learned from `social.friendship.created|removed` (groups are
 * made from friends): one fact per pair, live while the friendship stands, set only by a later
 * event (see common's facts).
 */
export interface FriendshipDoc extends Fact {
  /** Both users, sorted. */
  userIds: [string, string];
}

const friendshipSchema = new mongoose.Schema<FriendshipDoc>(
  {
    _id: { type: String, required: true },
    userIds: { type: [String], required: true },
    live: { type: Boolean, required: true },
    sequence: { type: Number, required: true },
    version: { type: Number, default: 0 },
  },
  { versionKey: false, collection: 'friendships' },
);

export const friendshipIdOf = (a: string, b: string) => (a < b ? `${a}~${b}` : `${b}~${a}`);

export type FriendshipModel = Model<FriendshipDoc>;

export function friendshipModel(db: Connection): FriendshipModel {
  return (db.models.Friendship as FriendshipModel) ?? db.model<FriendshipDoc>('Friendship', friendshipSchema);
}
