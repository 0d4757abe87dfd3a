import { defineModel, nullable, required, versionField } from '@quad/common';
import type { Model } from 'mongoose';

/**
 * A link that confirms a student's e-mail address. As for admin invitations, only the SHA-256 of
 * the link's random token is stored (the `_id`), so a copy of the database confirms nothing. It
 * works once (`usedAt`, set under the repository's lock) and until `expiresAt` (checked in code:
 * FerretDB has no TTL indexes).
 */
export interface EmailConfirmationRecord {
  _id: string;
  version: number;
  userId: string;
  /** The address the link was sent to: a link confirms that address only. */
  email: string;
  expiresAt: Date;
  usedAt: Date | null;
  createdAt: Date;
}

export const emailConfirmationModel = defineModel<EmailConfirmationRecord>({
  name: 'EmailConfirmation',
  collection: 'email_confirmations',
  fields: {
    _id: required(String),
    version: versionField(),
    userId: required(String),
    email: required(String),
    expiresAt: required(Date),
    usedAt: nullable(Date),
    createdAt: required(Date),
  },
  indexes: [{ userId: 1 }],
});

export type EmailConfirmationModel = Model<EmailConfirmationRecord>;
