import mongoose, { type Connection, type Model } from 'mongoose';

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

const emailConfirmationSchema = new mongoose.Schema<EmailConfirmationRecord>(
  {
    _id: { type: String, required: true },
    version: { type: Number, default: 0 },
    userId: { type: String, required: true },
    email: { type: String, required: true },
    expiresAt: { type: Date, required: true },
    usedAt: { type: Date, default: null },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'email_confirmations' },
);
emailConfirmationSchema.index({ userId: 1 });

export type EmailConfirmationModel = Model<EmailConfirmationRecord>;

export function emailConfirmationModel(db: Connection): EmailConfirmationModel {
  return (
    (db.models.EmailConfirmation as EmailConfirmationModel) ??
    db.model<EmailConfirmationRecord>('EmailConfirmation', emailConfirmationSchema)
  );
}
