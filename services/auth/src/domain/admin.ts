import { AUTH_MESSAGES, type AdminUser, type User } from '@quad/contracts';
import { badRequest, isObjectId, notFound } from '@quad/common';
import type { UserRecord } from '../models/user-model';
import { audit } from './audit';
import { emailBelongsToCollege, findCollege } from './colleges';
import type { AuthDeps } from './context';
import { changeUser } from './user-changes';
import { loadUser, userResponse, toAdminUser } from './user-view';

/** The admin panel's all-users table, newest first; college names joined with a second query. */
export async function listUsers(deps: AuthDeps): Promise<AdminUser[]> {
  const { User, College } = deps.models;
  const [users, colleges] = await Promise.all([
    User.find({}).sort({ createdAt: -1, _id: -1 }).lean<UserRecord[]>(),
    College.find({}).lean(),
  ]);
  const collegeById = new Map(colleges.map((c) => [c._id, c]));
  return users.map((user) =>
    toAdminUser(user, user.collegeId ? (collegeById.get(user.collegeId) ?? null) : null),
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
  const college = await findCollege(deps.models, request.collegeId);
  if (!college) throw badRequest(AUTH_MESSAGES.unknownCollege);
  const target = await loadUser(deps.models, request.userId);

  const { before, after } = await changeUser(deps, request.userId, {
    collegeId: college._id,
    isVerified: emailBelongsToCollege(target.email, college),
  });
  await audit(deps.models, {
    action: 'user.college-changed',
    actorId: adminId,
    targetUserId: request.userId,
    ip,
    details: { fromCollegeId: before.collegeId, toCollegeId: college._id },
  });
  return userResponse(deps.models, after);
}
