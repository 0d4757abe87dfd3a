import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { AUTH_MESSAGES, type LoginBody, type RegisterBody, type User } from '@quad/contracts';
import { HttpError, badRequest, conflict, unauthorized } from '@quad/common';
import type { UserRecord } from '../models/user-model';
import { audit } from './audit';
import { emailBelongsToCollege, findCollege } from './colleges';
import type { AuthDeps } from './context';
import { hashPassword, needsRehash, verifyPassword } from './passwords';
import { type Session, issueSession } from './sessions';
import { publishUser } from './user-changes';
import { toUserResponse, userResponse } from './user-view';

/** Anonymous admins pass every subscription gate anyway; the date only keeps displays sensible. */
const ANONYMOUS_ADMIN_SUBSCRIPTION_YEARS = 100;

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

const isDuplicateKey = (err: unknown) => (err as { code?: number } | null)?.code === 11000;

export interface SignedIn {
  session: Session;
  user: User;
}

/**
 * A student joins with their college. The e-mail is the account (case-folded, unique); an
 * address at the college's own domain earns the Verified badge. Other services learn of the
 * new user from auth.user.registered.
 */
export async function registerStudent(deps: AuthDeps, body: RegisterBody): Promise<SignedIn> {
  const { User } = deps.models;
  const email = normaliseEmail(body.email);
  const college = await findCollege(deps.models, body.college);
  if (!college) throw badRequest(AUTH_MESSAGES.unknownCollege);
  if (await User.exists({ accountKey: email })) throw conflict(AUTH_MESSAGES.emailExists);

  let user: UserRecord;
  try {
    const created = await User.create({
      accountKey: email,
      email,
      passwordHash: await hashPassword(body.password),
      firstName: body.firstName,
      lastName: body.lastName,
      collegeId: college._id,
      isVerified: emailBelongsToCollege(email, college),
    });
    user = created.toObject<UserRecord>();
  } catch (err) {
    // Two sign-ups with one address at the same moment: the unique index lets one through.
    if (isDuplicateKey(err)) throw conflict(AUTH_MESSAGES.emailExists);
    throw err;
  }
  await publishUser(deps, user);
  return { session: issueSession(deps.config, user), user: toUserResponse(user, college) };
}

/** Signs a student in. Unknown e-mail and wrong password are indistinguishable, in message and in time. */
export async function login(deps: AuthDeps, body: LoginBody): Promise<SignedIn> {
  const { User } = deps.models;
  const user = await User.findOne({ accountKey: normaliseEmail(body.email) }).lean<UserRecord>();
  const valid = await verifyPassword(user?.passwordHash ?? null, body.password);
  if (!user || !valid) throw unauthorized(AUTH_MESSAGES.invalidCredentials);
  if (user.passwordHash && needsRehash(user.passwordHash)) {
    await User.updateOne({ _id: user._id }, { $set: { passwordHash: await hashPassword(body.password) } });
  }
  return { session: issueSession(deps.config, user), user: await userResponse(deps.models, user) };
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
  deps: AuthDeps,
  adminPassword: string,
  ip: string | null,
): Promise<SignedIn> {
  if (!isAdminPassword(adminPassword, deps.config.ADMIN_PASSWORD)) {
    await audit(deps.models, { action: 'admin.anonymous-denied', ip });
    throw new HttpError(401, AUTH_MESSAGES.invalidAdminPassword);
  }
  const expiresAt = new Date();
  expiresAt.setFullYear(expiresAt.getFullYear() + ANONYMOUS_ADMIN_SUBSCRIPTION_YEARS);
  const created = await deps.models.User.create({
    accountKey: `anonymous-admin:${randomUUID()}`,
    email: null,
    passwordHash: null,
    firstName: 'Anonymous',
    lastName: 'Admin',
    collegeId: null,
    isAdmin: true,
    isAnonymousAdmin: true,
    subscriptionExpiresAt: expiresAt,
  });
  const user = created.toObject<UserRecord>();
  const userId = String(user._id);
  await audit(deps.models, { action: 'admin.anonymous-created', actorId: userId, targetUserId: userId, ip });
  await publishUser(deps, user);
  return { session: issueSession(deps.config, user), user: toUserResponse(user, null) };
}
