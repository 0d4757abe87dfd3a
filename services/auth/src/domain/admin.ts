import { AUTH_MESSAGES, type AdminUser, type AdminUsersQuery, type SubscriptionState, type User } from '@quad/contracts';
import { ADMIN_LIST_SCAN_LIMIT, type DirectoryEntry, type ListDef, badRequest, isObjectId, notFound } from '@quad/common';
import type { UserRecord } from '../models/user-model';
import { audit } from './audit';
import { collegeOf } from './colleges';
import { verifiedAt } from './email-confirmation';
import type { AuthServiceContext } from './context';
import { adminAccounts, allUsers, usersByName, usersOfCollege, usersOldestFirst } from './lists';
import { changeUser } from './user-changes';
import { subscriptionExpiry, toAdminUser, userResponse } from './user-view';

const SORTED_LISTS: Record<AdminUsersQuery['sort'], ListDef<UserRecord>> = {
  newest: allUsers,
  oldest: usersOldestFirst,
  name: usersByName,
};

function subscriptionState(expiresAt: string | null, now: number): SubscriptionState {
  if (!expiresAt) return 'none';
  return new Date(expiresAt).getTime() > now ? 'active' : 'expired';
}

const isBanned = (entry: DirectoryEntry | undefined, now: number) => Boolean(entry?.ban && new Date(entry.ban.until).getTime() > now);

/**
 * The admin panel's users table, a page at a time: newest first, oldest first or by name; a
 * search finds accounts by the start of a name, the full name or the e-mail (in that term's
 * order). College and role filter the account; subscription state and ban come from the user
 * directory (commerce's and moderation's events). `total` is the number of accounts.
 */
export async function listUsers(
  deps: AuthServiceContext,
  query: AdminUsersQuery,
): Promise<{ users: AdminUser[]; nextCursor: string | null; total: number }> {
  const now = Date.now();
  const filtered = query.college !== undefined || query.role !== undefined || query.subscription !== undefined || query.banned !== undefined;
  const accept = filtered
    ? async (users: UserRecord[]) => {
        const entries = query.subscription !== undefined || query.banned !== undefined
          ? await deps.directory.getMany(users.map((user) => String(user._id)))
          : new Map<string, DirectoryEntry>();
        return users.map((user) => {
          const entry = entries.get(String(user._id));
          if (query.college !== undefined && user.collegeId !== query.college) return false;
          if (query.role !== undefined && user.isAdmin !== (query.role === 'admin')) return false;
          if (query.subscription !== undefined && subscriptionState(subscriptionExpiry(user, entry ?? null), now) !== query.subscription) return false;
          if (query.banned !== undefined && isBanned(entry, now) !== query.banned) return false;
          return true;
        });
      }
    : undefined;
  // Only admins: their own short list, no scan through the students; a college newest first: its own list.
  const list =
    query.role === 'admin' && query.sort === 'newest'
      ? adminAccounts
      : query.college !== undefined && query.sort === 'newest' && collegeOf(query.college)
        ? usersOfCollege(query.college)
        : SORTED_LISTS[query.sort];
  const options = { cursor: query.cursor ?? null, limit: query.limit, accept, scanLimit: ADMIN_LIST_SCAN_LIMIT };
  const [page, total] = await Promise.all([
    query.search ? deps.users.search(query.search, options) : deps.users.page(list, options),
    deps.users.count(allUsers),
  ]);
  const entries = await deps.directory.getMany(page.items.map((user) => String(user._id)));
  return {
    total,
    nextCursor: page.nextCursor,
    users: page.items.map((user) => {
      const entry = entries.get(String(user._id));
      const expiresAt = subscriptionExpiry(user, entry ?? null);
      return {
        ...toAdminUser(user, collegeOf(user.collegeId), expiresAt),
        subscriptionState: subscriptionState(expiresAt, now),
        isBanned: isBanned(entry, now),
      };
    }),
  };
}

/**
 * An admin moves a student to another college (never an admin: 400). The Verified badge follows the e-mail domain of
 * the new college; the move is audit-logged, announced so boards and chat re-scope the student,
 * and published as `audit.admin.action` for the admin audit log moderation keeps.
 */
export async function changeCollege(
  deps: AuthServiceContext,
  adminId: string,
  request: { userId: string; collegeId: string },
  ip: string | null,
): Promise<User> {
  if (!isObjectId(request.userId)) throw notFound(AUTH_MESSAGES.userNotFound);
  const college = collegeOf(request.collegeId);
  if (!college) throw badRequest(AUTH_MESSAGES.unknownCollege);
  // Admins belong to no college (they see every one); a college would scope and badge them as a student.
  const target = await deps.users.find(request.userId);
  if (!target) throw notFound(AUTH_MESSAGES.userNotFound);
  if (target.isAdmin) throw badRequest(AUTH_MESSAGES.adminHasNoCollege);

  let fromCollegeId: string | null = null;
  const { before, after } = await changeUser(
    deps,
    request.userId,
    (target) => {
      fromCollegeId = target.collegeId;
      return { collegeId: college._id, isVerified: verifiedAt(target, college._id) };
    },
    (next) => {
      const actionId = `user.college-changed:${request.userId}:v${next.version}`;
      return [
        {
          subject: 'audit.admin.action',
          eventId: `audit.admin.action:${actionId}`,
          data: {
            actionId,
            adminId,
            action: 'user.college-changed',
            targetUserId: request.userId,
            targetId: null,
            reason: null,
            details: { fromCollegeId, toCollegeId: college._id },
            at: new Date().toISOString(),
          },
        },
      ];
    },
  );
  await audit(deps.models, {
    action: 'user.college-changed',
    actorId: adminId,
    targetUserId: request.userId,
    ip,
    details: { fromCollegeId: before.collegeId, toCollegeId: college._id },
  });
  return userResponse(deps, after);
}
