import { AUTH_MESSAGES, type AdminUser, type DirectoryUser, type User } from '@quad/contracts';
import { type DirectoryEntry, notFound } from '@quad/common';
import type { CollegeRecord } from '../models/college-model';
import type { UserRecord } from '../models/user-model';
import { collegeOf } from './colleges';
import type { AuthServiceContext } from './context';

type CollegeLike = Pick<CollegeRecord, 'name' | 'initials'> | null;

/** Anonymous admins pass every subscription gate anyway; the date only keeps displays sensible. */
const ANONYMOUS_ADMIN_SUBSCRIPTION_YEARS = 100;

/**
 * The subscription expiry a response shows. Commerce owns it and announces it in events, which
 * the user directory keeps (so the user document has one writer, the users repository). An
 * anonymous admin shows a date a century after joining: free access forever.
 */
export function subscriptionExpiry(
  user: UserRecord,
  entry: Pick<DirectoryEntry, 'subscriptionExpiresAt'> | null,
): string | null {
  if (user.isAnonymousAdmin) {
    const expiresAt = new Date(user.createdAt);
    expiresAt.setFullYear(expiresAt.getFullYear() + ANONYMOUS_ADMIN_SUBSCRIPTION_YEARS);
    return expiresAt.toISOString();
  }
  return entry?.subscriptionExpiresAt ? new Date(entry.subscriptionExpiresAt).toISOString() : null;
}

/*
 * Every view of a user is built field by field, so nothing else (the password hash) can slip out;
 * the pieces below are the fields several views share.
 */

/** Who the user is: id, name and address. */
export function userBasics(user: UserRecord) {
  return { id: String(user._id), firstName: user.firstName, lastName: user.lastName, email: user.email };
}

/** What the student wrote about themselves, and their picture. */
export function profileFields(user: UserRecord) {
  return {
    bio: user.bio,
    major: user.major,
    graduationYear: user.graduationYear,
    interests: user.interests,
    profileColor: user.profileColor,
    profileImageUrl: user.profileImageUrl,
  };
}

/** The user's college, named and abbreviated. */
export function collegeNames(college: CollegeLike) {
  return { collegeName: college?.name ?? null, collegeInitials: college?.initials ?? null };
}

/** The user as the API returns it. */
export function toUserResponse(
  user: UserRecord,
  college: CollegeLike,
  subscriptionExpiresAt: string | null,
): User {
  return {
    ...userBasics(user),
    college: college?.name ?? null,
    collegeId: user.collegeId,
    collegeInitials: college?.initials ?? null,
    profileImageUrl: user.profileImageUrl,
    profileColor: user.profileColor,
    isAdmin: user.isAdmin,
    isAnonymousAdmin: user.isAnonymousAdmin,
    isVerified: user.isVerified,
    emailConfirmed: isEmailConfirmed(user),
    tutorialCompleted: user.tutorialCompleted,
    subscriptionExpiresAt,
    createdAt: user.createdAt.toISOString(),
  };
}

export function toAdminUser(
  user: UserRecord,
  college: CollegeLike,
  subscriptionExpiresAt: string | null,
): Omit<AdminUser, 'subscriptionState' | 'isBanned'> {
  return {
    ...userBasics(user),
    college: college?.name ?? null,
    collegeId: user.collegeId,
    isAdmin: user.isAdmin,
    subscriptionExpiresAt,
    createdAt: user.createdAt.toISOString(),
  };
}

/** The record other services keep in their user directory (auth.user.registered|updated). */
export function toDirectoryUser(user: UserRecord, college: CollegeLike): DirectoryUser {
  return {
    userId: String(user._id),
    version: user.version,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    profileColor: user.profileColor,
    profileImageUrl: user.profileImageUrl,
    collegeId: user.collegeId,
    ...collegeNames(college),
    major: user.major,
    graduationYear: user.graduationYear,
    isAdmin: user.isAdmin,
    emailConfirmed: isEmailConfirmed(user),
    isVerified: user.isVerified,
    ...(isDeleted(user) ? { deleted: true } : {}),
  };
}

/** Whether the address is confirmed (admins' addresses are: an invitation's link proved them; anonymous admins have none). */
export function isEmailConfirmed(user: Pick<UserRecord, 'emailConfirmedAt' | 'isAdmin'>): boolean {
  return user.isAdmin || Boolean(user.emailConfirmedAt);
}

/** A deleted account's tombstone (domain/account-deletion.ts): kept so its id stays taken and its last version known. */
export function isDeleted(user: Pick<UserRecord, 'deletedAt'>): boolean {
  return Boolean(user.deletedAt);
}

/** The stored user (from the repository's cache, no database trip once read), or null. */
export function findUser(deps: AuthServiceContext, userId: string): Promise<UserRecord | null> {
  return deps.users.find(userId);
}

/** The stored user, or 404 (a token can outlive its account). */
export async function loadUser(deps: AuthServiceContext, userId: string): Promise<UserRecord> {
  const user = await findUser(deps, userId);
  if (!user) throw notFound(AUTH_MESSAGES.userNotFound);
  return user;
}

export async function userResponse(deps: AuthServiceContext, user: UserRecord): Promise<User> {
  const entry = await deps.directory.get(String(user._id));
  return toUserResponse(user, collegeOf(user.collegeId), subscriptionExpiry(user, entry));
}
