import { createdNow, defineModel, required, versionField, withDefault } from '@quad/common';
import type { Model } from 'mongoose';

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

export const friendRequestModel = defineModel<FriendRequestDoc>({
  name: 'FriendRequest',
  collection: 'friend_requests',
  fields: {
    _id: required(String),
    senderId: required(String),
    receiverId: required(String),
    pending: withDefault(Boolean, true),
    createdAt: createdNow(),
    version: versionField(),
  },
  indexes: [
    // Incoming and sent lists, when their indexes are rebuilt.
    { receiverId: 1 },
    { senderId: 1 },
  ],
});

export type FriendRequestModel = Model<FriendRequestDoc>;
