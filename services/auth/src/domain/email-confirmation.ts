import { createHash, randomBytes } from 'node:crypto';
import {
  EMAIL_CONFIRMATION_TTL_HOURS,
  PRODUCT_NAME,
  VERIFY_MESSAGES,
  type VerifyEmailResponse,
} from '@quad/contracts';
import { badRequest, conflict, notFound } from '@quad/common';
import type { UserRecord } from '../models/user-model';
import { collegeOf, emailBelongsToCollege } from './colleges';
import type { AuthServiceContext } from './context';
import { spendLink } from './one-time-links';
import { changeUser } from './user-changes';
import { isEmailConfirmed, loadUser } from './user-view';

/*
 * A student's address is proved by a link sent to it (issue 25): until it is opened the account
 * reads but cannot write, and only then does an address at the college's own domain earn the
 * Verified badge. The other services learn both from auth.user.updated (`emailConfirmed`,
 * `isVerified`) and refuse writes through one shared check (packages/common/src/write-access.ts).
 */

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The link's page in the web app (it posts the token to /api/auth/verify-email). */
export const confirmationPath = (token: string) => `/verify-email/${token}`;

/**
 * Sends a new confirmation link to the user's address: a random token, of which only the hash is
 * stored, working once and for EMAIL_CONFIRMATION_TTL_HOURS. A mail server that is down is
 * logged, and the student can ask again ("resend").
 */
export async function sendConfirmationLink(deps: AuthServiceContext, user: UserRecord): Promise<string> {
  if (!user.email) throw badRequest(VERIFY_MESSAGES.noAddress);
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  const expiresAt = new Date(now.getTime() + EMAIL_CONFIRMATION_TTL_HOURS * 3600_000);
  await deps.emailConfirmations.insert({
    _id: sha256(token),
    userId: String(user._id),
    email: user.email,
    expiresAt,
    usedAt: null,
    createdAt: now,
  });
  const link = `${deps.config.PUBLIC_URL.replace(/\/$/, '')}${confirmationPath(token)}`;
  await deps.mail.send(
    user.email,
    `Confirm your ${PRODUCT_NAME} e-mail address`,
    [
      `Hi ${user.firstName},`,
      '',
      `Open this link to confirm your address and start posting, commenting and messaging on ${PRODUCT_NAME}:`,
      link,
      '',
      `The link works once and expires in ${EMAIL_CONFIRMATION_TTL_HOURS} hours. If you did not sign up, ignore this e-mail.`,
    ].join('\n'),
  );
  return user.email;
}

/** "Resend": a new link for a signed-in student whose address is not confirmed yet (rate limited by the route). */
export async function resendConfirmationLink(deps: AuthServiceContext, userId: string): Promise<{ sentTo: string }> {
  const user = await loadUser(deps, userId);
  if (isEmailConfirmed(user)) throw conflict(VERIFY_MESSAGES.alreadyConfirmed);
  return { sentTo: await sendConfirmationLink(deps, user) };
}

/**
 * Opens a confirmation link: spent under its lock (of two at once, one wins), then the user's
 * address is confirmed and the Verified badge follows the college's domains, in one new version
 * of the user announced to every service. A link for an address the account no longer has
 * confirms nothing.
 */
export async function confirmEmail(deps: AuthServiceContext, token: string): Promise<VerifyEmailResponse> {
  const confirmation = await deps.emailConfirmations.find(sha256(token));
  if (!confirmation) throw notFound(VERIFY_MESSAGES.linkNotFound);
  await spendLink(deps.emailConfirmations, confirmation._id, {
    used: VERIFY_MESSAGES.linkUsed,
    expired: VERIFY_MESSAGES.linkExpired,
  });
  const { after } = await changeUser(deps, confirmation.userId, (user) => {
    if (user.deletedAt || user.email !== confirmation.email) return null;
    return {
      emailConfirmedAt: user.emailConfirmedAt ?? new Date(),
      isVerified: emailBelongsToCollege(user.email, collegeOf(user.collegeId)),
    };
  });
  if (after.email !== confirmation.email || !after.emailConfirmedAt)
    throw notFound(VERIFY_MESSAGES.linkNotFound);
  return { email: after.email, isVerified: after.isVerified };
}

/** The Verified badge as a college change leaves it: a confirmed address at one of the new college's domains. */
export function verifiedAt(
  user: Pick<UserRecord, 'email' | 'emailConfirmedAt'>,
  collegeId: string | null,
): boolean {
  return Boolean(user.emailConfirmedAt) && emailBelongsToCollege(user.email, collegeOf(collegeId));
}

/**
 * Confirms an account's address without a link: for demo and test data only (the seed's students,
 * whose mailboxes nobody reads). The same new version and event as a confirmation by link.
 */
export async function confirmAddressDirectly(deps: AuthServiceContext, email: string): Promise<boolean> {
  const user = await deps.models.User.findOne({ accountKey: email.trim().toLowerCase() }).lean<UserRecord>();
  if (!user || user.emailConfirmedAt) return false;
  await changeUser(deps, String(user._id), (current) =>
    current.emailConfirmedAt
      ? null
      : {
          emailConfirmedAt: new Date(),
          isVerified: emailBelongsToCollege(current.email, collegeOf(current.collegeId)),
        },
  );
  return true;
}
