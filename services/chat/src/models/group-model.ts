import mongoose, { type Connection, type Model } from 'mongoose';

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

const groupSchema = new mongoose.Schema<GroupDoc>(
  {
    _id: { type: String, required: true },
    name: { type: String, required: true },
    photoUrl: { type: String, default: null },
    photoUploadedBy: { type: String, default: null },
    collegeId: { type: String, default: null },
    ownerId: { type: String, required: true },
    adminIds: { type: [String], default: [] },
    memberIds: { type: [String], default: [] },
    createdBy: { type: String, required: true },
    createdAt: { type: Date, default: () => new Date() },
    version: { type: Number, default: 0 },
  },
  { versionKey: false, collection: 'groups' },
);
groupSchema.index({ memberIds: 1 });

export { GROUP_ID_PREFIX, isGroupChatId } from '@quad/contracts';

export type GroupModel = Model<GroupDoc>;

export function groupModel(db: Connection): GroupModel {
  return (db.models.Group as GroupModel) ?? db.model<GroupDoc>('Group', groupSchema);
}
