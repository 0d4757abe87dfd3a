import { defineModel, nullable, required, versionField, withDefault } from '@quad/common';
import type { Model, Types } from 'mongoose';
import { DEFAULT_PROFILE_COLOR } from '@quad/contracts';

export interface UserRecord {
  _id: Types.ObjectId;
  /**
   * The unique sign-in key: the lower-cased e-mail, or `anonymous-admin:<uuid>` for accounts
   * without one. A unique index on the nullable `email` itself would allow only one such account
   * on MongoDB, and FerretDB v1 ignores `sparse` (and rejects partial indexes).
   */
  accountKey: string;
  email: string | null;
  /**
   * argon2id; null for anonymous admins, who cannot sign in with a password. Not `select: false`:
   * FerretDB v1 rejects the projection that adds to findOneAndUpdate. Responses and events are
   * built field by field (domain/user-view.ts), so the hash never leaves the service.
   */
  passwordHash: string | null;
  firstName: string;
  lastName: string;
  collegeId: string | null;
  /**
   * The Verified badge and college membership: the address is confirmed (`emailConfirmedAt`) and
   * at one of the college's domains. Recomputed by confirmation and by an admin's change of college.
   */
  isVerified: boolean;
  /**
   * When the address was confirmed by its e-mailed link; null until then (a read-only account).
   * Accounts stored before confirmation existed lack the field and count as unconfirmed too.
   */
  emailConfirmedAt: Date | null;
  /** Set when the student deleted the account: the record stays as a tombstone (no e-mail, no name, no password). */
  deletedAt: Date | null;
  bio: string;
  major: string;
  graduationYear: number | null;
  interests: string[];
  profileColor: string;
  profileImageUrl: string | null;
  isAdmin: boolean;
  isAnonymousAdmin: boolean;
  tutorialCompleted: boolean;
  /**
   * Bumped by every write (the users repository does it under the document's lock), published
   * with auth.user.*, so other services' copies apply changes in order. Nothing but auth's users
   * repository writes this document: the subscription expiry lives in commerce's events and the
   * user directory, the profile stats in stat facts.
   */
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

export const userModel = defineModel<UserRecord>({
  name: 'User',
  collection: 'users',
  timestamps: true,
  fields: {
    accountKey: required(String),
    email: nullable(String),
    passwordHash: nullable(String),
    firstName: withDefault(String, ''),
    lastName: withDefault(String, ''),
    collegeId: nullable(String),
    isVerified: withDefault(Boolean, false),
    emailConfirmedAt: nullable(Date),
    deletedAt: nullable(Date),
    bio: withDefault(String, ''),
    major: withDefault(String, ''),
    graduationYear: nullable(Number),
    interests: withDefault([String], []),
    profileColor: withDefault(String, DEFAULT_PROFILE_COLOR),
    profileImageUrl: nullable(String),
    isAdmin: withDefault(Boolean, false),
    isAnonymousAdmin: withDefault(Boolean, false),
    tutorialCompleted: withDefault(Boolean, false),
    version: versionField(),
  },
  indexes: [[{ accountKey: 1 }, { unique: true }], { collegeId: 1 }, { createdAt: -1 }],
});

export type UserModel = Model<UserRecord>;
