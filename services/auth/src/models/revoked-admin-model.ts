import { defineModel, required } from '@quad/common';
import type { Model } from 'mongoose';

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

export const revokedAdminModel = defineModel<RevokedAdminRecord>({
  name: 'RevokedAdmin',
  collection: 'revoked_admins',
  fields: {
    _id: required(String),
    revokedAt: required(Date),
    expiresAt: required(Date),
  },
});

export type RevokedAdminModel = Model<RevokedAdminRecord>;
