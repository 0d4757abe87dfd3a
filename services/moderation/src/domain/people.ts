import type { Person } from '@quad/contracts';
import { type DirectoryEntry, directoryLookupById } from '@quad/common';
import type { ModerationContext } from './context';

/** Names of the users a page shows, from moderation's own user-directory copy (one _id lookup each). */
export async function peopleById(ctx: ModerationContext, userIds: Array<string | null | undefined>): Promise<Map<string, Person>> {
  const ids = userIds.filter((id): id is string => typeof id === 'string' && id.length > 0);
  const entries = await directoryLookupById(ctx.db, ids);
  return new Map([...entries.values()].map((entry) => [entry._id, toPerson(entry)]));
}

export function toPerson(entry: DirectoryEntry): Person {
  return { id: entry._id, firstName: entry.firstName, lastName: entry.lastName, email: entry.email };
}
