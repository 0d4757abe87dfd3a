import mongoose, { type Connection, type Model } from 'mongoose';

/**
 * A named admin's removal, until every token issued before it has expired: the store of record of
 * `admin-revoked:<userId>` that every service reads from Redis with the deny-list (a removed
 * admin's tokens still say admin). Written before the Redis key, and written back into Redis from
 * here whenever Redis lost it (domain/sessions.ts, restoreRevocations). One document per admin.
 */
export interface RevokedAdminRecord {
  _id: string;
  revokedAt: Date;
  /** When the last token issued before the removal expires. */
  expiresAt: Date;
}

const revokedAdminSchema = new mongoose.Schema<RevokedAdminRecord>(
  {
    _id: { type: String, required: true },
    revokedAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'revoked_admins' },
);

export type RevokedAdminModel = Model<RevokedAdminRecord>;

export function revokedAdminModel(db: Connection): RevokedAdminModel {
  return (db.models.RevokedAdmin as RevokedAdminModel) ?? db.model<RevokedAdminRecord>('RevokedAdmin', revokedAdminSchema);
}
