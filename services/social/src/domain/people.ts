import { type DirectoryEntry, personOf } from '@quad/common';
import type { Person } from '@quad/contracts';
import type { SocialContext } from './context';
import { type Standing, friendStatusWith, mutualFriendCounts } from './standing';

/** A directory entry as a card of the Friends screen shows it: common's `personOf` and the card's own fields. */
export function friendCardOf(
  entry: DirectoryEntry,
  extra: { mutualFriends: number; friendStatus: Person['friendStatus'] },
): Person {
  return {
    ...personOf(entry._id, entry),
    college: entry.collegeName ?? '',
    collegeInitials: entry.collegeInitials ?? null,
    major: entry.major ?? '',
    graduationYear: entry.graduationYear ?? null,
    // Presence belongs to chat; social does not know it (the web overlays chat's).
    isOnline: false,
    mutualFriends: extra.mutualFriends,
    friendStatus: extra.friendStatus,
  };
}

/**
 * The people of `userIds` (in order) as `standing`'s student sees them: directory fields, real
 * mutual-friend counts (read from each one's friends list unless the caller already counted them)
 * and how they stand. Users the directory does not know yet are left out.
 */
export async function presentPeople(
  ctx: SocialContext,
  standing: Standing,
  userIds: string[],
  knownMutual?: Map<string, number>,
): Promise<Person[]> {
  const [entries, mutual] = await Promise.all([
    ctx.directory.getMany(userIds),
    knownMutual ?? mutualFriendCounts(ctx, standing, userIds),
  ]);
  return userIds.flatMap((userId) => {
    const entry = entries.get(userId);
    if (!entry) return [];
    return [
      friendCardOf(entry, {
        mutualFriends: mutual.get(userId) ?? 0,
        friendStatus: friendStatusWith(standing, userId),
      }),
    ];
  });
}

export function byName(
  a: Pick<Person, 'firstName' | 'lastName'>,
  b: Pick<Person, 'firstName' | 'lastName'>,
): number {
  return a.firstName.localeCompare(b.firstName) || a.lastName.localeCompare(b.lastName);
}
