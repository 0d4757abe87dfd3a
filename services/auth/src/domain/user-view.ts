import { AUTH_MESSAGES, type AdminUser, type DirectoryUser, type User } from '@quad/contracts';
import { notFound } from '@quad/common';
import type { AuthModels } from '../models';
import type { CollegeRecord } from '../models/college-model';
import type { UserRecord } from '../models/user-model';
import { findCollege } from './colleges';

type CollegeLike = Pick<CollegeRecord, 'name' | 'initials'> | null;

/** The user as the API returns it; built field by field so nothing else (the password hash) can slip out. */
export function toUserResponse(user: UserRecord, college: CollegeLike): User {
  return {
    id: String(user._id),
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    college: college?.name ?? null,
    collegeId: user.collegeId,
    collegeInitials: college?.initials ?? null,
    profileImageUrl: user.profileImageUrl,
    profileColor: user.profileColor,
    isAdmin: user.isAdmin,
    isAnonymousAdmin: user.isAnonymousAdmin,
    isVerified: user.isVerified,
    tutorialCompleted: user.tutorialCompleted,
    subscriptionExpiresAt: user.subscriptionExpiresAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
  };
}

export function toAdminUser(user: UserRecord, college: CollegeLike): AdminUser {
  return {
    id: String(user._id),
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    college: college?.name ?? null,
    collegeId: user.collegeId,
    isAdmin: user.isAdmin,
    subscriptionExpiresAt: user.subscriptionExpiresAt?.toISOString() ?? null,
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
    collegeName: college?.name ?? null,
    collegeInitials: college?.initials ?? null,
    major: user.major,
    graduationYear: user.graduationYear,
    isAdmin: user.isAdmin,
  };
}

/** The stored user, or 404 (a token can outlive its account). */
export async function loadUser(models: AuthModels, userId: string): Promise<UserRecord> {
  const user = await models.User.findById(userId).lean<UserRecord>();
  if (!user) throw notFound(AUTH_MESSAGES.userNotFound);
  return user;
}

export async function userResponse(models: AuthModels, user: UserRecord): Promise<User> {
  return toUserResponse(user, await findCollege(models, user.collegeId));
}
