import type { EventData } from '@quad/contracts';
import { applyFact } from '@quad/common';
import { friendshipIdOf } from '../models/friendship-model';
import type { ChatContext } from './context';
import { friendshipsOf } from './lists';

/**
 * `social.friendship.created|removed`: chat's own copy of who is friends with whom (groups are
 * made from friends), one fact per pair, set by the later event only.
 */
export function applyFriendship(
  ctx: ChatContext,
  data: EventData<'social.friendship.created'>,
  live: boolean,
  sequence: number,
): Promise<void> {
  const [a, b] = [...data.userIds].sort() as [string, string];
  return applyFact(ctx.friendships, friendshipIdOf(a, b), { userIds: [a, b] }, live, sequence);
}

/** The ids of `userId`'s friends now, from the list in Redis. */
export async function friendIdsOf(ctx: ChatContext, userId: string): Promise<Set<string>> {
  const friendships = await ctx.friendships.all(friendshipsOf(userId));
  return new Set(friendships.map((friendship) => friendship.userIds.find((id) => id !== userId) ?? userId));
}
