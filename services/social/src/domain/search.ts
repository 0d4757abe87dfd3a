import type { ListDef } from '@quad/common';
import { type Person, SOCIAL_LIST_LIMIT } from '@quad/contracts';
import type { MemberDoc } from '../models/member-model';
import type { SocialContext } from './context';
import { everyMember, membersOf } from './lists';
import { byName, presentPeople } from './people';
import { type Standing, friendIdsOf, isBlockedEitherWay, standingOf } from './standing';
import type { Viewer } from './viewer';

/** Whose members a viewer may find: their college's, or every college's for an admin. */
function reachable(viewer: Viewer): ListDef<MemberDoc> | null {
  if (viewer.isAdmin) return everyMember;
  return viewer.collegeId ? membersOf(viewer.collegeId) : null;
}

/** Whether a person is one the viewer may be shown at all: not themselves, and no block either way. */
function showable(standing: Standing, userId: string): boolean {
  return userId !== standing.userId && !isBlockedEitherWay(standing, userId);
}

/**
 * Students of the caller's college whose first, last or full name contains `q` (any case), by
 * name, at most SOCIAL_LIST_LIMIT. Used by both searches: the Friends screen's Search tab
 * (GET /api/search/users) and the Add Friend dialog (GET /api/users/search).
 */
export async function searchUsers(ctx: SocialContext, viewer: Viewer, q: string): Promise<Person[]> {
  const list = reachable(viewer);
  if (!list) return [];
  const standing = await standingOf(ctx, viewer.userId);
  const memberIds = (await ctx.members.all(list))
    .map((member) => member._id)
    .filter((id) => showable(standing, id));
  const entries = await ctx.directory.getMany(memberIds);
  const needle = q.toLocaleLowerCase();
  const matches = memberIds.flatMap((id) => {
    const entry = entries.get(id);
    if (!entry) return [];
    const first = entry.firstName.toLocaleLowerCase();
    const last = entry.lastName.toLocaleLowerCase();
    return first.includes(needle) || last.includes(needle) || `${first} ${last}`.includes(needle)
      ? [entry]
      : [];
  });
  // Only the page shown is presented (its mutual friends read).
  const shown = matches
    .sort(byName)
    .slice(0, SOCIAL_LIST_LIMIT)
    .map((entry) => entry._id);
  return presentPeople(ctx, standing, shown);
}

/** How many of the college's newest members suggestions look through after friends of friends. */
const NEWEST_MEMBERS_SCANNED = 200;

/**
 * GET /api/friends/suggestions: students of the caller's college who are not friends, with no
 * request pending either way and no block either way, most mutual friends first (then by name);
 * friends of friends come first, then the college's newest members.
 */
export async function suggestFriends(ctx: SocialContext, viewer: Viewer): Promise<Person[]> {
  if (!viewer.collegeId) return [];
  const standing = await standingOf(ctx, viewer.userId);
  const eligible = (userId: string) =>
    showable(standing, userId) &&
    !standing.friends.has(userId) &&
    !standing.requestsFrom.has(userId) &&
    !standing.requestsTo.has(userId);

  // Each friend who also knows a candidate is one mutual friend: the counts fall out of this pass.
  const mutual = new Map<string, number>();
  const theirFriends = await Promise.all([...standing.friends].map((friendId) => friendIdsOf(ctx, friendId)));
  for (const candidate of theirFriends.flat()) {
    if (eligible(candidate)) mutual.set(candidate, (mutual.get(candidate) ?? 0) + 1);
  }
  const newest = (await ctx.members.newest(membersOf(viewer.collegeId), NEWEST_MEMBERS_SCANNED))
    .map((member) => member._id)
    .filter((id) => eligible(id) && !mutual.has(id));
  for (const id of newest) mutual.set(id, 0);
  const entries = await ctx.directory.getMany([...mutual.keys()]);
  // A friend of a friend from another college is not suggested (the college rule).
  const ranked = [...mutual.keys()]
    .flatMap((id) => {
      const entry = entries.get(id);
      return entry && entry.collegeId === viewer.collegeId ? [entry] : [];
    })
    .sort((a, b) => mutual.get(b._id)! - mutual.get(a._id)! || byName(a, b))
    .slice(0, SOCIAL_LIST_LIMIT);
  return presentPeople(
    ctx,
    standing,
    ranked.map((entry) => entry._id),
    mutual,
  );
}
