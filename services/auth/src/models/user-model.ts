import mongoose, { type Connection, type Model, type Types } from 'mongoose';
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

const userSchema = new mongoose.Schema<UserRecord>(
  {
    accountKey: { type: String, required: true },
    email: { type: String, default: null },
    passwordHash: { type: String, default: null },
    firstName: { type: String, default: '' },
    lastName: { type: String, default: '' },
    collegeId: { type: String, default: null },
    isVerified: { type: Boolean, default: false },
    emailConfirmedAt: { type: Date, default: null },
    deletedAt: { type: Date, default: null },
    bio: { type: String, default: '' },
    major: { type: String, default: '' },
    graduationYear: { type: Number, default: null },
    interests: { type: [String], default: [] },
    profileColor: { type: String, default: DEFAULT_PROFILE_COLOR },
    profileImageUrl: { type: String, default: null },
    isAdmin: { type: Boolean, default: false },
    isAnonymousAdmin: { type: Boolean, default: false },
    tutorialCompleted: { type: Boolean, default: false },
    version: { type: Number, default: 0 },
  },
  { versionKey: false, timestamps: true, collection: 'users' },
);
userSchema.index({ accountKey: 1 }, { unique: true });
userSchema.index({ collegeId: 1 });
userSchema.index({ createdAt: -1 });

export type UserModel = Model<UserRecord>;

export function userModel(db: Connection): UserModel {
  return (db.models.User as UserModel) ?? db.model<UserRecord>('User', userSchema);
}
