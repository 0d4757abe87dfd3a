import { createdNow, defineModel, required, versionField, withDefault } from '@quad/common';
import type { Model } from 'mongoose';

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

export const friendshipModel = defineModel<FriendshipDoc>({
  name: 'Friendship',
  collection: 'friendships',
  fields: {
    _id: required(String),
    userIds: required([String]),
    live: withDefault(Boolean, true),
    createdAt: createdNow(),
    version: versionField(),
  },
  indexes: [
    // A student's friends list, when its index is rebuilt.
    { userIds: 1 },
  ],
});

export type FriendshipModel = Model<FriendshipDoc>;
