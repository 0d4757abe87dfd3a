import { createdNow, defineModel, nullable, required, versionField, withDefault } from '@quad/common';
import type { Model } from 'mongoose';

/**
 * A group chat: a name, members of one college, an owner and admins. Changed only through its
 * repository (each change under the document's lock, version-checked), so concurrent adds and
 * leaves on two replicas lose nothing. Its messages, read marks and lists are a conversation's,
 * under the group's id as the conversation id.
 */
export interface GroupDoc {
  /** `grp_<hex>`: never a pair id (`<a>:<b>`), so a group's conversation lists stand apart. */
  _id: string;
  name: string;
  /** The group photo (`/media/groups/<uuid>.webp`) or null; set by the owner or an admin. */
  photoUrl: string | null;
  /** Who set the current photo: it is part of their data (account export; gone when they delete their account). */
  photoUploadedBy: string | null;
  collegeId: string | null;
  ownerId: string;
  adminIds: string[];
  /** Everyone in it, the owner and admins too, in the order they joined. */
  memberIds: string[];
  createdBy: string;
  createdAt: Date;
  version: number;
}

export const groupModel = defineModel<GroupDoc>({
  name: 'Group',
  collection: 'groups',
  fields: {
    _id: required(String),
    name: required(String),
    photoUrl: nullable(String),
    photoUploadedBy: nullable(String),
    collegeId: nullable(String),
    ownerId: required(String),
    adminIds: withDefault([String], []),
    memberIds: withDefault([String], []),
    createdBy: required(String),
    createdAt: createdNow(),
    version: versionField(),
  },
  indexes: [{ memberIds: 1 }],
});

export { GROUP_ID_PREFIX, isGroupChatId } from '@quad/contracts';

export type GroupModel = Model<GroupDoc>;
