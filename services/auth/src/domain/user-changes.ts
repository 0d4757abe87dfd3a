import { AUTH_MESSAGES } from '@quad/contracts';
import { notFound } from '@quad/common';
import type { UserRecord } from '../models/user-model';
import { findCollege } from './colleges';
import type { AuthDeps } from './context';
import { toDirectoryUser } from './user-view';

/**
 * Publishes a user's current state as auth.user.registered (version 0) or auth.user.updated,
 * then clears the outbox flag if no newer change landed meanwhile. The event id is derived from
 * user and version, so a retried publish is stored once (JetStream) and handled once (consumers).
 * A failure is logged, not thrown: the change is saved and the sweep publishes it later.
 */
export async function publishUser(deps: AuthDeps, user: UserRecord): Promise<void> {
  const subject = user.version === 0 ? 'auth.user.registered' : 'auth.user.updated';
  const userId = String(user._id);
  try {
    const college = await findCollege(deps.models, user.collegeId);
    await deps.publisher.publish(
      subject,
      toDirectoryUser(user, college),
      `auth.user.${userId}.v${user.version}`,
    );
    await deps.models.User.updateOne(
      { _id: user._id, version: user.version },
      { $set: { pendingPublish: false } },
    );
  } catch (err) {
    deps.logger.warn(
      { err: (err as Error).message, userId, version: user.version },
      'user event not published yet; the sweep retries it',
    );
  }
}

/** The outbox sweep: publishes every user whose latest change has not gone out. Returns how many it tried. */
export async function publishPendingUsers(deps: AuthDeps, batchSize = 200): Promise<number> {
  const pending = await deps.models.User.find({ pendingPublish: true }).limit(batchSize).lean<UserRecord[]>();
  for (const user of pending) await publishUser(deps, user);
  return pending.length;
}

/**
 * Applies a change that other services must learn about: sets the fields, bumps the version and
 * marks it for publishing in one atomic write, then publishes. Returns the user before and after.
 */
export async function changeUser(
  deps: AuthDeps,
  userId: string,
  set: Partial<UserRecord>,
): Promise<{ before: UserRecord; after: UserRecord }> {
  const { User } = deps.models;
  const before = await User.findOneAndUpdate(
    { _id: userId },
    { $set: { ...set, pendingPublish: true }, $inc: { version: 1 } },
    { returnDocument: 'before' },
  ).lean<UserRecord>();
  if (!before) throw notFound(AUTH_MESSAGES.userNotFound);
  // Read back rather than patch `before` locally: a concurrent change may have landed too, and
  // publishing one consistent snapshot (fields with their own version) is what keeps copies right.
  const after = await User.findById(userId).lean<UserRecord>();
  if (!after) throw notFound(AUTH_MESSAGES.userNotFound);
  await publishUser(deps, after);
  return { before, after };
}
