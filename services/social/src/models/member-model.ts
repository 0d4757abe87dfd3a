import mongoose, { type Connection, type Model } from 'mongoose';

/**
 * Which college each user belongs to, kept from auth's user events, so that search and
 * suggestions read a college's members from a list index instead of scanning the user directory
 * (the directory answers by id only). One writer: the event consumer, ordered by auth's version.
 */
export interface MemberDoc {
  /** The user's id. */
  _id: string;
  collegeId: string | null;
  isAdmin: boolean;
  /** auth's version of the user when this was last written; an older event changes nothing. */
  authVersion: number;
  createdAt: Date;
  version: number;
}

const memberSchema = new mongoose.Schema<MemberDoc>(
  {
    _id: { type: String, required: true },
    collegeId: { type: String, default: null },
    isAdmin: { type: Boolean, default: false },
    authVersion: { type: Number, required: true },
    createdAt: { type: Date, default: () => new Date() },
    version: { type: Number, default: 0 },
  },
  { versionKey: false, collection: 'members' },
);
memberSchema.index({ collegeId: 1 });

export type MemberModel = Model<MemberDoc>;

export function memberModel(db: Connection): MemberModel {
  return (db.models.Member as MemberModel) ?? db.model<MemberDoc>('Member', memberSchema);
}
