import mongoose, { type Connection, type Model } from 'mongoose';

/**
 * An admin's TOTP authenticator (`_id` = the user id), kept apart from the user document so the
 * secret never travels with a user (events, caches of profiles). `enabled` turns true with the
 * first correct code; `lastStep` is the newest time step accepted, so a code works once;
 * recovery codes are stored as SHA-256 hashes and each is spent once.
 */
export interface SecondFactorRecord {
  _id: string;
  version: number;
  /** Base32, as authenticator apps take it. */
  secret: string;
  enabled: boolean;
  lastStep: number;
  recoveryCodeHashes: string[];
  enabledAt: Date | null;
  createdAt: Date;
}

const secondFactorSchema = new mongoose.Schema<SecondFactorRecord>(
  {
    _id: { type: String, required: true },
    version: { type: Number, default: 0 },
    secret: { type: String, required: true },
    enabled: { type: Boolean, default: false },
    lastStep: { type: Number, default: 0 },
    recoveryCodeHashes: { type: [String], default: [] },
    enabledAt: { type: Date, default: null },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'second_factors' },
);

export type SecondFactorModel = Model<SecondFactorRecord>;

export function secondFactorModel(db: Connection): SecondFactorModel {
  return (db.models.SecondFactor as SecondFactorModel) ?? db.model<SecondFactorRecord>('SecondFactor', secondFactorSchema);
}
