import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { AUTH_MESSAGES, DEFAULT_PROFILE_COLOR, type LoginBody, type RegisterBody, type User } from '@quad/contracts';
import { HttpError, badRequest, conflict, unauthorized } from '@quad/common';
import { Types } from 'mongoose';
import type { UserRecord } from '../models/user-model';
import { audit } from './audit';
import { collegeOf } from './colleges';
import { sendConfirmationLink } from './email-confirmation';
import type { AuthServiceContext } from './context';
import { hashPassword, needsRehash, verifyPassword } from './passwords';
import { type Session, issueSession } from './sessions';
import { markStatsEmpty } from './stats';
import { userEvent } from './user-changes';
import { userResponse } from './user-view';

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

type NewUser = Pick<UserRecord, 'accountKey' | 'email' | 'passwordHash' | 'firstName' | 'lastName' | 'collegeId'> &
  Partial<Pick<UserRecord, 'isVerified' | 'isAdmin' | 'isAnonymousAdmin' | 'emailConfirmedAt'>>;

/**
 * Stores a new account through the users repository, with its auth.user.registered event (made
 * from the record as planned, version 0) recorded ahead of the write and published after. The id
 * is chosen here so the event can name it. A taken account key answers 409.
 */
export async function createUser(deps: AuthServiceContext, account: NewUser): Promise<UserRecord> {
  const now = new Date();
  const fields: Omit<UserRecord, 'version'> = {
    _id: new Types.ObjectId(),
    isVerified: false,
    emailConfirmedAt: null,
    deletedAt: null,
    bio: '',
    major: '',
    graduationYear: null,
    interests: [],
    profileColor: DEFAULT_PROFILE_COLOR,
    profileImageUrl: null,
    isAdmin: false,
    isAnonymousAdmin: false,
    tutorialCompleted: false,
    createdAt: now,
    updatedAt: now,
    ...account,
  };
  const user = await deps.users.insert(fields, [userEvent({ ...fields, version: 0 })]);
  await markStatsEmpty(deps.stats, String(user._id));
  return user;
}

const isConflict = (err: unknown) => err instanceof HttpError && err.status === 409;

export interface SignedIn {
  session: Session;
  user: User;
}

/**
 * A student joins with their college. The e-mail is the account (case-folded, unique). The account
 * starts read-only: a link goes to the address, and confirming it (at the college's own domain)
 * earns the Verified badge and the right to write (email-confirmation.ts). Other services learn of
 * the new user from auth.user.registered.
 */
export async function registerStudent(deps: AuthServiceContext, body: RegisterBody): Promise<SignedIn> {
  const email = normaliseEmail(body.email);
  const college = collegeOf(body.college);
  if (!college) throw badRequest(AUTH_MESSAGES.unknownCollege);
  if (await deps.models.User.exists({ accountKey: email })) throw conflict(AUTH_MESSAGES.emailExists);

  let user: UserRecord;
  try {
    user = await createUser(deps, {
      accountKey: email,
      email,
      passwordHash: await hashPassword(body.password),
      firstName: body.firstName,
      lastName: body.lastName,
      collegeId: college._id,
      isVerified: false,
    });
  } catch (err) {
    // Two sign-ups with one address at the same moment: the unique index lets one through.
    if (isConflict(err)) throw conflict(AUTH_MESSAGES.emailExists);
    throw err;
  }
  await sendConfirmationLink(deps, user);
  return { session: issueSession(deps.config, user), user: await userResponse(deps, user) };
}

/** Signs a student in. Unknown e-mail and wrong password are indistinguishable, in message and in time. */
export async function login(deps: AuthServiceContext, body: LoginBody): Promise<SignedIn> {
  let user = await deps.models.User.findOne({ accountKey: normaliseEmail(body.email) }).lean<UserRecord>();
  const valid = await verifyPassword(user?.passwordHash ?? null, body.password);
  if (!user || !valid) throw unauthorized(AUTH_MESSAGES.invalidCredentials);
  if (user.passwordHash && needsRehash(user.passwordHash)) {
    // Nothing other services keep: a new version, no event.
    const passwordHash = await hashPassword(body.password);
    user = (await deps.users.update(user._id, () => ({ passwordHash }))) ?? user;
  }
  return { session: issueSession(deps.config, user), user: await userResponse(deps, user) };
}

/** Compares in constant time: equal-length SHA-256 digests, so neither content nor length leaks. */
function isAdminPassword(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * The anonymous admin path (spec section 1): the shared admin password creates a fresh admin
 * account with no e-mail and free access forever. Both outcomes are audit-logged.
 */
export async function registerAnonymousAdmin(
  deps: AuthServiceContext,
  adminPassword: string,
  ip: string | null,
): Promise<SignedIn> {
  if (!isAdminPassword(adminPassword, deps.config.ADMIN_PASSWORD)) {
    await audit(deps.models, { action: 'admin.anonymous-denied', ip });
    throw new HttpError(401, AUTH_MESSAGES.invalidAdminPassword);
  }
  // No subscription is stored: responses show an anonymous admin's as a century away (user-view.ts).
  const user = await createUser(deps, {
    accountKey: `anonymous-admin:${randomUUID()}`,
    email: null,
    passwordHash: null,
    firstName: 'Anonymous',
    lastName: 'Admin',
    collegeId: null,
    isAdmin: true,
    isAnonymousAdmin: true,
  });
  const userId = String(user._id);
  await audit(deps.models, { action: 'admin.anonymous-created', actorId: userId, targetUserId: userId, ip });
  return { session: issueSession(deps.config, user), user: await userResponse(deps, user) };
}
