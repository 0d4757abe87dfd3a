import type { z } from 'zod';
import type { Profile, User, profileUpdateFieldsSchema } from '@quad/contracts';
import type { UserRecord } from '../models/user-model';
import { collegeOf } from './colleges';
import type { AuthServiceContext } from './context';
import { readStats } from './stats';
import { changeUser } from './user-changes';
import { collegeNames, findUser, loadUser, profileFields, userBasics, userResponse } from './user-view';

export type ProfileUpdate = z.output<typeof profileUpdateFieldsSchema>;

/** Profile photos are shown small (avatars, profile header); 512 px is plenty at 2x density. */
const PROFILE_PHOTO_MAX_PX = 512;
const PROFILE_PHOTO_PREFIX = 'profiles';

export async function currentUser(deps: AuthServiceContext, userId: string): Promise<User> {
  return userResponse(deps, await loadUser(deps, userId));
}

/** The signed-in user as last written, or null when the account no longer exists. */
export async function sessionUser(deps: AuthServiceContext, userId: string): Promise<User | null> {
  const user = await findUser(deps, userId);
  // A deleted account's token (until it expires) is a signed-out visitor's.
  return user && !user.deletedAt ? userResponse(deps, user) : null;
}

/** The complete-profile screen: first and last name, which other students see everywhere. */
export async function completeProfile(
  deps: AuthServiceContext,
  userId: string,
  names: { firstName: string; lastName: string },
): Promise<User> {
  const { after } = await changeUser(deps, userId, () => ({
    firstName: names.firstName,
    lastName: names.lastName,
  }));
  return userResponse(deps, after);
}

export async function getProfile(deps: AuthServiceContext, userId: string): Promise<Profile> {
  const user = await loadUser(deps, userId);
  // The stat cards come from the stat facts alone (domain/stats.ts): the one source of these counts.
  const stats = await readStats(deps.stats, userId);
  return {
    ...userBasics(user),
    ...profileFields(user),
    isVerified: user.isVerified,
    isAdmin: user.isAdmin,
    ...collegeNames(collegeOf(user.collegeId)),
    stats,
  };
}

type UserChange = Partial<Omit<UserRecord, '_id' | 'version'>>;

function fieldChanges(fields: ProfileUpdate): UserChange {
  const set: UserChange = {};
  if (fields.firstName !== undefined) set.firstName = fields.firstName;
  if (fields.lastName !== undefined) set.lastName = fields.lastName;
  if (fields.bio !== undefined) set.bio = fields.bio;
  if (fields.major !== undefined) set.major = fields.major;
  if (fields.graduationYear !== undefined)
    set.graduationYear = fields.graduationYear ? Number(fields.graduationYear) : null;
  if (fields.interests !== undefined) set.interests = fields.interests;
  if (fields.profileColor !== undefined) set.profileColor = fields.profileColor;
  if (fields.removeProfileImage === 'true') set.profileImageUrl = null;
  return set;
}

const isOurProfilePhoto = (url: string | null): url is string =>
  Boolean(url?.startsWith(`/media/${PROFILE_PHOTO_PREFIX}/`));

/**
 * The Edit Profile dialog: a new photo, a colour (optionally dropping the photo), or the full edit.
 * A photo is sniffed and re-encoded before anything is saved; the replaced photo is deleted
 * once the change is stored, and a stored photo whose save failed is deleted too.
 */
export async function updateProfile(
  deps: AuthServiceContext,
  userId: string,
  fields: ProfileUpdate,
  photo?: Buffer,
): Promise<User> {
  const set = fieldChanges(fields);
  const stored = photo
    ? await deps.media.putImage(PROFILE_PHOTO_PREFIX, photo, PROFILE_PHOTO_MAX_PX)
    : undefined;
  if (stored) set.profileImageUrl = stored.url;
  if (Object.keys(set).length === 0) return currentUser(deps, userId);

  let change: Awaited<ReturnType<typeof changeUser>>;
  try {
    change = await changeUser(deps, userId, () => set);
  } catch (err) {
    if (stored) await deps.media.remove(stored.key);
    throw err;
  }
  const previousPhoto = change.before.profileImageUrl;
  if (
    'profileImageUrl' in set &&
    previousPhoto !== change.after.profileImageUrl &&
    isOurProfilePhoto(previousPhoto)
  ) {
    await deps.media.remove(previousPhoto);
  }
  return userResponse(deps, change.after);
}

/** Finishing or skipping the tutorial: a new version like any change (none if it was done already). */
export async function completeTutorial(deps: AuthServiceContext, userId: string): Promise<User> {
  const { after } = await changeUser(deps, userId, (user) =>
    user.tutorialCompleted ? null : { tutorialCompleted: true },
  );
  return userResponse(deps, after);
}
