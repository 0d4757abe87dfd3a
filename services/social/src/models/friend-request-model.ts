import mongoose, { type Connection, type Model } from 'mongoose';

/**
 * A pending friend request. At most one exists between two students, in either direction: its id
 * is the pair's (`<lower id>:<higher id>`), so a duplicate or a crossing request finds it by `_id`.
 * Accepting, rejecting or a block sets `pending` false (the document is kept, as deleted ids stay
 * deleted in the shared cache); asking again later makes it pending once more, possibly the other
 * way round.
 */
export interface FriendRequestDoc {
  _id: string;
  senderId: string;
  receiverId: string;
  pending: boolean;
  createdAt: Date;
  version: number;
}

const friendRequestSchema = new mongoose.Schema<FriendRequestDoc>(
  {
    _id: { type: String, required: true },
    senderId: { type: String, required: true },
    receiverId: { type: String, required: true },
    pending: { type: Boolean, default: true },
    createdAt: { type: Date, default: () => new Date() },
    version: { type: Number, default: 0 },
  },
  { versionKey: false, collection: 'friend_requests' },
);
// Incoming and sent lists, when their indexes are rebuilt.
friendRequestSchema.index({ receiverId: 1 });
friendRequestSchema.index({ senderId: 1 });

export type FriendRequestModel = Model<FriendRequestDoc>;

export function friendRequestModel(db: Connection): FriendRequestModel {
  return (
    (db.models.FriendRequest as FriendRequestModel) ??
    db.model<FriendRequestDoc>('FriendRequest', friendRequestSchema)
  );
}
