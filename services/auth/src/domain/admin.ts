import { AUTH_MESSAGES, type AdminUser, type User } from '@quad/contracts';
import { badRequest, isObjectId, notFound } from '@quad/common';
import type { UserRecord } from '../models/user-model';
import { audit } from './audit';
import { collegeOf, emailBelongsToCollege } from './colleges';
import type { AuthDeps } from './context';
import { allUsers } from './lists';
import { changeUser } from './user-changes';
import { subscriptionExpiry, toAdminUser, userResponse } from './user-view';

/**
 * The admin panel's all-users table, newest first (the repository's list of every account, oldest
 * first, reversed: by creation time, then id), with subscriptions from the user directory.
 */
export async function listUsers(deps: AuthDeps): Promise<AdminUser[]> {
  const users: UserRecord[] = (await deps.users.all(allUsers)).reverse();
  const entries = await deps.directory.getMany(users.map((user) => String(user._id)));
  return users.map((user) =>
    toAdminUser(user, collegeOf(user.collegeId), subscriptionExpiry(user, entries.get(String(user._id)) ?? null)),
  );
}

/**
 * An admin moves a student to another college. The Verified badge follows the e-mail domain of
 * the new college; the move is audit-logged, announced so boards and chat re-scope the student,
 * and published as `audit.admin.action` for the admin audit log moderation keeps.
 */
export async function changeCollege(
  deps: AuthDeps,
  adminId: string,
  request: { userId: string; collegeId: string },
  ip: string | null,
): Promise<User> {
  if (!isObjectId(request.userId)) throw notFound(AUTH_MESSAGES.userNotFound);
  const college = collegeOf(request.collegeId);
  if (!college) throw badRequest(AUTH_MESSAGES.unknownCollege);

  let fromCollegeId: string | null = null;
  const { before, after } = await changeUser(
    deps,
    request.userId,
    (target) => {
      fromCollegeId = target.collegeId;
      return { collegeId: college._id, isVerified: emailBelongsToCollege(target.email, college) };
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
