import { defineModel, type Fact, required, versionField } from '@quad/common';
import type { Model } from 'mongoose';

/**
 * Chat's own copy of a friendship, learned from `social.friendship.created|removed` (groups are
 * made from friends): one fact per pair, live while the friendship stands, set only by a later
 * event (see common's facts).
 */
export interface FriendshipDoc extends Fact {
  /** Both users, sorted. */
  userIds: [string, string];
}

export const friendshipModel = defineModel<FriendshipDoc>({
  name: 'Friendship',
  collection: 'friendships',
  fields: {
    _id: required(String),
    userIds: required([String]),
    live: required(Boolean),
    sequence: required(Number),
    version: versionField(),
  },
});

export const friendshipIdOf = (a: string, b: string) => (a < b ? `${a}~${b}` : `${b}~${a}`);

export type FriendshipModel = Model<FriendshipDoc>;
