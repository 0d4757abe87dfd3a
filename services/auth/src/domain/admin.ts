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
 * the new college; the move is audit-logged and announced so boards and chat re-scope the student.
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

  const { before, after } = await changeUser(deps, request.userId, (target) => ({
    collegeId: college._id,
    isVerified: emailBelongsToCollege(target.email, college),
  }));
  await audit(deps.models, {
    action: 'user.college-changed',
    actorId: adminId,
    targetUserId: request.userId,
    ip,
    details: { fromCollegeId: before.collegeId, toCollegeId: college._id },
  });
  return userResponse(deps, after);
}
