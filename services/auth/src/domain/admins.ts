import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  ADMIN_INVITE_TTL_HOURS,
  ADMIN_MESSAGES,
  ADMIN_WITHOUT_NAME,
  type AcceptInviteBody,
  type AdminInvite,
  type AdminListQuery,
  type NamedAdmin,
  PRODUCT_NAME,
  type TwoFactorChallenge,
} from '@quad/contracts';
import {
  HttpError,
  type RepositoryEvent,
  conflict,
  forbidden,
  notFound,
  redisKeys,
  withDocumentLock,
} from '@quad/common';
import type { UserRecord } from '../models/user-model';
import { createUser, normaliseEmail, registerAnonymousAdmin, type SignedIn } from './accounts';
import { audit } from './audit';
import type { AuthServiceContext } from './context';
import { adminAccounts } from './lists';
import { spendLink } from './one-time-links';
import { hashPassword } from './passwords';
import { startChallenge, twoFactorEnabled } from './two-factor';
import { changeUser } from './user-changes';
import { userResponse } from './user-view';

/*
 * Named admins: invitations by e-mail, acceptance (which sets a password and leads straight to
 * setting up the second factor), the admins' list, removal (never the last), and the bootstrap
 * session the shared admin password still opens where ADMIN_PASSWORD_SIGNIN is on.
 */

const HOUR_MS = 3_600_000;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const isNamedAdmin = (user: UserRecord) => user.isAdmin && !user.isAnonymousAdmin;
const nameOf = (user: Pick<UserRecord, 'firstName' | 'lastName'> | null) =>
  (user ? `${user.firstName} ${user.lastName}`.trim() : '') || ADMIN_WITHOUT_NAME;

/** An admin action for moderation's audit log (audit.admin.action), recorded with the write it describes. */
function adminAction(
  adminId: string,
  action: string,
  fields: { targetUserId?: string | null; targetId?: string | null; details?: Record<string, unknown> } = {},
): RepositoryEvent {
  const actionId = `${action}:${randomUUID()}`;
  return {
    subject: 'audit.admin.action',
    eventId: `audit.admin.action:${actionId}`,
    data: {
      actionId,
      adminId,
      action,
      targetUserId: fields.targetUserId ?? null,
      targetId: fields.targetId ?? null,
      reason: null,
      details: fields.details ?? {},
      at: new Date().toISOString(),
    },
  };
}

/** Named admins, newest first, a page at a time, each with whether their authenticator is set up. */
export async function listAdmins(
  deps: AuthServiceContext,
  query: AdminListQuery,
): Promise<{ admins: NamedAdmin[]; nextCursor: string | null }> {
  const page = await deps.users.page(adminAccounts, {
    cursor: query.cursor ?? null,
    limit: query.limit,
    accept: (users) => users.map((user) => isNamedAdmin(user) && matches(user, query.search)),
  });
  const enabled = await twoFactorEnabled(
    deps,
    page.items.map((user) => String(user._id)),
  );
  return {
    nextCursor: page.nextCursor,
    admins: page.items.map((user, i) => ({
      id: String(user._id),
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      twoFactorEnabled: enabled[i]!,
      createdAt: user.createdAt.toISOString(),
    })),
  };
}

function matches(user: UserRecord, search: string | undefined): boolean {
  if (!search) return true;
  const needle = search.toLowerCase();
  return `${user.firstName} ${user.lastName} ${user.email ?? ''}`.toLowerCase().includes(needle);
}

/**
 * An admin invites someone by e-mail: the link (a random token; only its hash is stored) works
 * once, for 72 hours. The e-mail must not have an account yet. Audit-logged, with the inviter.
 */
export async function inviteAdmin(
  deps: AuthServiceContext,
  inviterId: string,
  body: { email: string; firstName: string; lastName: string },
  ip: string | null,
): Promise<{ email: string; expiresAt: string }> {
  const email = normaliseEmail(body.email);
  if (await deps.models.User.exists({ accountKey: email })) throw conflict(ADMIN_MESSAGES.emailTaken);
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  const expiresAt = new Date(now.getTime() + ADMIN_INVITE_TTL_HOURS * HOUR_MS);
  const id = sha256(token);
  await deps.adminInvites.insert(
    {
      _id: id,
      email,
      firstName: body.firstName,
      lastName: body.lastName,
      invitedBy: inviterId,
      expiresAt,
      usedAt: null,
      acceptedUserId: null,
      createdAt: now,
    },
    [
      adminAction(inviterId, 'admin.invited', {
        targetId: id.slice(0, 12),
        details: { email, name: `${body.firstName} ${body.lastName}` },
      }),
    ],
  );
  await audit(deps.models, { action: 'admin.invited', actorId: inviterId, ip, details: { email } });
  const inviter = await deps.users.find(inviterId);
  const link = `${deps.config.PUBLIC_URL.replace(/\/$/, '')}/admin-invite/${token}`;
  await deps.mail.send(
    email,
    `You are invited to be a ${PRODUCT_NAME} admin`,
    [
      `Hi ${body.firstName},`,
      '',
      `${nameOf(inviter)} invited you to help run ${PRODUCT_NAME} as an admin.`,
      `Open this link to choose your password and set up your authenticator app:`,
      link,
      '',
      `The link works once and expires in ${ADMIN_INVITE_TTL_HOURS} hours. If you did not expect it, ignore this e-mail.`,
      '',
      `The ${PRODUCT_NAME} team`,
    ].join('\n'),
  );
  return { email, expiresAt: expiresAt.toISOString() };
}

/** An invitation by its link's token: 404 unknown, 410 used or expired. */
async function openInvite(deps: AuthServiceContext, token: string) {
  const invite = token.length <= 200 ? await deps.adminInvites.find(sha256(token)) : null;
  if (!invite) throw notFound(ADMIN_MESSAGES.inviteNotFound);
  if (invite.usedAt) throw new HttpError(410, ADMIN_MESSAGES.inviteUsed);
  if (invite.expiresAt.getTime() <= Date.now()) throw new HttpError(410, ADMIN_MESSAGES.inviteExpired);
  return invite;
}

export async function describeInvite(deps: AuthServiceContext, token: string): Promise<AdminInvite> {
  const invite = await openInvite(deps, token);
  const inviter = await deps.users.find(invite.invitedBy);
  return {
    email: invite.email,
    firstName: invite.firstName,
    lastName: invite.lastName,
    expiresAt: invite.expiresAt.toISOString(),
    invitedBy: nameOf(inviter),
  };
}

/**
 * The invited person chooses a password: the invitation is spent (under its lock: of two at once,
 * one wins), the admin account made, and the answer is the second-factor challenge with the
 * authenticator to set up, so no session exists before the second factor does.
 */
export async function acceptInvite(
  deps: AuthServiceContext,
  token: string,
  body: AcceptInviteBody,
  ip: string | null,
): Promise<TwoFactorChallenge> {
  const invite = await openInvite(deps, token);
  if (await deps.models.User.exists({ accountKey: invite.email })) throw conflict(ADMIN_MESSAGES.emailTaken);
  const passwordHash = await hashPassword(body.password);
  await spendLink(deps.adminInvites, invite._id, {
    used: ADMIN_MESSAGES.inviteUsed,
    expired: ADMIN_MESSAGES.inviteExpired,
  });
  let user: UserRecord;
  try {
    user = await createUser(deps, {
      accountKey: invite.email,
      email: invite.email,
      passwordHash,
      firstName: invite.firstName,
      lastName: invite.lastName,
      collegeId: null,
      isVerified: true,
      // The invitation's link, opened from this address, proved it.
      emailConfirmedAt: new Date(),
      isAdmin: true,
    });
  } catch (err) {
    // The address was taken meanwhile: the invitation is not spent on nothing.
    await deps.adminInvites.update(invite._id, () => ({ usedAt: null }));
    if (err instanceof HttpError && err.status === 409) throw conflict(ADMIN_MESSAGES.emailTaken);
    throw err;
  }
  const userId = String(user._id);
  await deps.adminInvites.update(
    invite._id,
    () => ({ acceptedUserId: userId }),
    () => [
      adminAction(userId, 'admin.joined', { targetUserId: userId, details: { invitedBy: invite.invitedBy } }),
    ],
  );
  await audit(deps.models, {
    action: 'admin.invite-accepted',
    actorId: userId,
    targetUserId: userId,
    ip,
    details: { invitedBy: invite.invitedBy },
  });
  return startChallenge(deps, user);
}

/**
 * An admin removes a named admin: the account stays, as a student's, and its tokens stop counting
 * as an admin's at once (every service's authentication reads the removal). The last named admin
 * cannot be removed; the check and the removal hold one lock across every auth replica, so two
 * admins removing each other at once cannot leave none.
 */
export async function removeAdmin(
  deps: AuthServiceContext,
  adminId: string,
  targetId: string,
  ip: string | null,
): Promise<void> {
  const target = /^[0-9a-f]{24}$/i.test(targetId) ? await deps.users.find(targetId) : null;
  if (!target || !target.isAdmin) throw notFound(ADMIN_MESSAGES.adminNotFound);
  if (!isNamedAdmin(target)) throw forbidden(ADMIN_MESSAGES.notNamedAdmin);
  await withDocumentLock(deps.redis, `${deps.namespace}:named-admins`, async () => {
    const admins = (await deps.users.all(adminAccounts)).filter(isNamedAdmin);
    if (admins.length <= 1) throw conflict(ADMIN_MESSAGES.lastAdmin);
    await changeUser(
      deps,
      targetId,
      (current) => (current.isAdmin ? { isAdmin: false } : null),
      () => [adminAction(adminId, 'admin.removed', { targetUserId: targetId })],
    );
  });
  // Recorded before Redis is told, so a Redis that loses the key gets it back (restoreRevocations).
  const revokedAt = new Date();
  const expiresAt = new Date(revokedAt.getTime() + deps.config.TOKEN_TTL_SECONDS * 1000);
  await deps.models.RevokedAdmin.updateOne(
    { _id: targetId },
    { $set: { revokedAt, expiresAt } },
    { upsert: true },
  );
  await deps.redis.set(
    redisKeys.adminRevoked(targetId),
    String(revokedAt.getTime()),
    'EX',
    deps.config.TOKEN_TTL_SECONDS,
  );
  await audit(deps.models, { action: 'admin.removed', actorId: adminId, targetUserId: targetId, ip });
}

/**
 * The shared admin password (spec section 1) as a bootstrap: refused where ADMIN_PASSWORD_SIGNIN
 * is off; otherwise an anonymous admin account named after the operator handle ("Operator
 * <handle>", so other admins see who acted), and the session's opening is audit-logged with the
 * handle and the address.
 */
export async function openBootstrapSession(
  deps: AuthServiceContext,
  body: { adminPassword: string; operator: string },
  ip: string | null,
): Promise<SignedIn> {
  if (deps.config.ADMIN_PASSWORD_SIGNIN === 'off') throw forbidden(ADMIN_MESSAGES.bootstrapOff);
  const signedIn = await registerAnonymousAdmin(deps, body.adminPassword, ip);
  const userId = signedIn.user.id;
  const { after } = await changeUser(
    deps,
    userId,
    () => ({ firstName: 'Operator', lastName: body.operator }),
    () => [
      adminAction(userId, 'admin.bootstrap-session', {
        targetUserId: userId,
        details: { operator: body.operator, ip },
      }),
    ],
  );
  await audit(deps.models, {
    action: 'admin.bootstrap-session',
    actorId: userId,
    targetUserId: userId,
    ip,
    details: { operator: body.operator },
  });
  return { session: signedIn.session, user: await userResponse(deps, after) };
}
