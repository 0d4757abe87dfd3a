import { defineModel, nullable, required, versionField, withDefault } from '@quad/common';
import type { Model } from 'mongoose';

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

export const secondFactorModel = defineModel<SecondFactorRecord>({
  name: 'SecondFactor',
  collection: 'second_factors',
  fields: {
    _id: required(String),
    version: versionField(),
    secret: required(String),
    enabled: withDefault(Boolean, false),
    lastStep: withDefault(Number, 0),
    recoveryCodeHashes: withDefault([String], []),
    enabledAt: nullable(Date),
    createdAt: required(Date),
  },
});

export type SecondFactorModel = Model<SecondFactorRecord>;
