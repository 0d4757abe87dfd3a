import { defineModel, nullable, required, versionField } from '@quad/common';
import type { Model } from 'mongoose';

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

export const adminInviteModel = defineModel<AdminInviteRecord>({
  name: 'AdminInvite',
  collection: 'admin_invites',
  fields: {
    _id: required(String),
    version: versionField(),
    email: required(String),
    firstName: required(String),
    lastName: required(String),
    invitedBy: required(String),
    expiresAt: required(Date),
    usedAt: nullable(Date),
    acceptedUserId: nullable(String),
    createdAt: required(Date),
  },
});

export type AdminInviteModel = Model<AdminInviteRecord>;
