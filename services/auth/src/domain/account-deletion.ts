import { ACCOUNT_MESSAGES, DELETED_USER_NAME, type DeleteAccountBody } from '@quad/contracts';
import { type AuthContext, HttpError, badRequest, forbidden, redisKeys } from '@quad/common';
import type { AuthServiceContext } from './context';
import { verifyPassword } from './passwords';
import { endSession } from './sessions';
import { changeUser } from './user-changes';
import { loadUser } from './user-view';

/*
 * A student deletes their own account (issue 25). Auth keeps a tombstone of the user document (its
 * id and version, nothing personal: no e-mail, name, password or photo), so the id stays taken and
 * the last version orders the directory copies, and frees the e-mail for a new account. The same
 * write announces, through the outbox, auth.user.updated (every directory copy shows "Deleted
 * user") and auth.user.deleted (every service removes or anonymises what it holds:
 * runAccountDeletion in packages/common). The session that asked is signed out at once, and any
 * other token of the account opens nothing (`account-deleted:<id>` in Redis, read with the deny-list
 * by every service's authentication).
 */
export async function deleteAccount(deps: AuthServiceContext, auth: AuthContext, body: DeleteAccountBody): Promise<void> {
  const user = await loadUser(deps, auth.userId);
  if (user.isAdmin) throw forbidden(ACCOUNT_MESSAGES.adminsCannotDelete);
  if (!(await verifyPassword(user.passwordHash, body.password))) throw badRequest(ACCOUNT_MESSAGES.wrongPassword);

  const deletedAt = new Date();
  const { before } = await changeUser(
    deps,
    auth.userId,
    (current) =>
      current.deletedAt
        ? null
        : {
            accountKey: `deleted:${String(current._id)}`,
            email: null,
            passwordHash: null,
            firstName: DELETED_USER_NAME.firstName,
            lastName: DELETED_USER_NAME.lastName,
            bio: '',
            major: '',
            graduationYear: null,
            interests: [],
            profileImageUrl: null,
            isVerified: false,
            emailConfirmedAt: null,
            deletedAt,
          },
    (next) => [
      {
        subject: 'auth.user.deleted',
        eventId: `auth.user.deleted.${String(next._id)}`,
        data: { userId: String(next._id), version: next.version, deletedAt: deletedAt.toISOString() },
      },
    ],
  );
  if (before.deletedAt) throw new HttpError(410, ACCOUNT_MESSAGES.deleted);
  // Every token of the account is refused from now on, in every service, not only this session's
  // (restored after a Redis restart with the deny-list: restoreRevocations).
  await deps.redis.set(redisKeys.accountDeleted(auth.userId), '1', 'EX', deps.config.TOKEN_TTL_SECONDS);
  await forgetOwnRecords(deps, auth.userId, before.profileImageUrl);
  await endSession(deps, deps.config.JWT_PUBLIC_KEY, auth, []);
}

/** What auth itself holds besides the user document: the photo, the settings, the confirmation links. Safe to repeat. */
async function forgetOwnRecords(deps: AuthServiceContext, userId: string, photoUrl: string | null): Promise<void> {
  if (photoUrl) await deps.media.remove(photoUrl);
  await deps.models.Settings.deleteOne({ _id: userId });
  const links = await deps.models.EmailConfirmation.find({ userId }, { _id: 1 }).lean();
  for (const link of links) await deps.emailConfirmations.remove(link._id);
}
