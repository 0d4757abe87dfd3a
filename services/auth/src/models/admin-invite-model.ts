import mongoose, { type Connection, type Model } from 'mongoose';

/**
 * An invitation to become an admin, sent by e-mail. The link carries a random token; only its
 * SHA-256 is stored (the `_id`), so a copy of the database opens nothing. It works once (`usedAt`,
 * set under the repository's lock) and until `expiresAt` (checked in queries: FerretDB has no TTL).
 */
export interface AdminInviteRecord {
  _id: string;
  version: number;
  email: string;
  firstName: string;
  lastName: string;
  invitedBy: string;
  expiresAt: Date;
  usedAt: Date | null;
  acceptedUserId: string | null;
  createdAt: Date;
}

const adminInviteSchema = new mongoose.Schema<AdminInviteRecord>(
  {
    _id: { type: String, required: true },
    version: { type: Number, default: 0 },
    email: { type: String, required: true },
    firstName: { type: String, required: true },
    lastName: { type: String, required: true },
    invitedBy: { type: String, required: true },
    expiresAt: { type: Date, required: true },
    usedAt: { type: Date, default: null },
    acceptedUserId: { type: String, default: null },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'admin_invites' },
);

export type AdminInviteModel = Model<AdminInviteRecord>;

export function adminInviteModel(db: Connection): AdminInviteModel {
  return (db.models.AdminInvite as AdminInviteModel) ?? db.model<AdminInviteRecord>('AdminInvite', adminInviteSchema);
}
