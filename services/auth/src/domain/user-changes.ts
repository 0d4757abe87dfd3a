import { AUTH_MESSAGES } from '@quad/contracts';
import { type RepositoryEvent, notFound } from '@quad/common';
import type { UserRecord } from '../models/user-model';
import { collegeOf } from './colleges';
import type { AuthServiceContext } from './context';
import { toDirectoryUser } from './user-view';

/*
 * Every write of a user goes through the users repository (AuthServiceContext.users): it takes the user's
 * lock (one writer at a time across every auth replica), bumps `version`, and records the event
 * made from the new version in the outbox ahead of the write, publishing it after. So each
 * version is published exactly as stored, a NATS outage neither fails the request nor loses the
 * event, and no concurrent change is lost.
 */

/**
 * The event announcing a user as of its version: auth.user.registered for version 0,
 * auth.user.updated after. Its id is derived from user and version, so a repeated publish is
 * stored once (JetStream) and a repeated delivery changes nothing (copies order by version).
 */
export function userEvent(user: UserRecord): RepositoryEvent {
  const eventId = `auth.user.${String(user._id)}.v${user.version}`;
  const data = toDirectoryUser(user, collegeOf(user.collegeId));
  return user.version === 0
    ? { subject: 'auth.user.registered', data, eventId }
    : { subject: 'auth.user.updated', data, eventId };
}

/**
 * Applies a change that other services must learn about and publishes the new version. `set`
 * sees the current user, so a change may depend on it; null leaves the user as it is (no new
 * version, no event). `alsoAnnounce` adds events made from the new version (an admin action for
 * the audit log), recorded with the same write. Returns the user before and after.
 */
export async function changeUser(
  deps: AuthServiceContext,
  userId: string,
  set: (current: UserRecord) => Partial<Omit<UserRecord, '_id' | 'version'>> | null,
  alsoAnnounce: (next: UserRecord) => RepositoryEvent[] = () => [],
): Promise<{ before: UserRecord; after: UserRecord }> {
  let before: UserRecord | undefined;
  const after = await deps.users.update(
    userId,
    (current) => {
      before = current;
      return set(current);
    },
    (next) => [userEvent(next), ...alsoAnnounce(next)],
  );
  if (!after || !before) throw notFound(AUTH_MESSAGES.userNotFound);
  return { before, after };
}
