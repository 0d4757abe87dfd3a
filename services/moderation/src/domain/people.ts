import type { ModerationPerson } from '@quad/contracts';
import type { DirectoryEntry } from '@quad/common';
import type { ModerationContext } from './context';

/** Names of the users a page shows, from the cached user directory (no database trip once read). */
export async function peopleById(ctx: ModerationContext, userIds: Array<string | null | undefined>): Promise<Map<string, ModerationPerson>> {
  const ids = userIds.filter((id): id is string => typeof id === 'string' && id.length > 0);
  const entries = await ctx.directory.getMany(ids);
  return new Map([...entries.values()].map((entry) => [entry._id, toPerson(entry)]));
}

export function toPerson(entry: DirectoryEntry): ModerationPerson {
  return { id: entry._id, firstName: entry.firstName, lastName: entry.lastName, email: entry.email };
}

/**
 * Whether a repository insert failed because the document is already there: the repository's 409,
 * or a duplicate key on the outbox record of the same deterministic event id (another replica is
 * inserting the same document at this moment).
 */
export function alreadyThere(err: unknown): boolean {
  const failure = err as { status?: number; code?: number } | null;
  return failure?.status === 409 || failure?.code === 11000;
}
