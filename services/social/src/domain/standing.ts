import type { FriendStatus } from '@quad/contracts';
import type { SocialContext } from './context';
import { blockedBy, blockersOf, friendsOf, incomingRequestsOf, otherOf, sentRequestsOf } from './lists';

/**
 * How one student stands with everyone else, read from their lists at once: friends, requests
 * both ways, and blocks both ways. Lists of people (search, suggestions, requests) are judged
 * against it without a read per person.
 */
export interface Standing {
  userId: string;
  friends: Set<string>;
  /** Students who asked this one. */
  requestsFrom: Set<string>;
  /** Students this one asked. */
  requestsTo: Set<string>;
  /** Students this one blocked, and students who blocked this one. */
  blocked: Set<string>;
  blockers: Set<string>;
}

/** The ids of a student's friends. */
export async function friendIdsOf(ctx: SocialContext, userId: string): Promise<string[]> {
  return (await ctx.friendships.all(friendsOf(userId))).map((friendship) => otherOf(friendship, userId));
}

export async function standingOf(ctx: SocialContext, userId: string): Promise<Standing> {
  const [friends, incoming, sent, blocking, blockers] = await Promise.all([
    friendIdsOf(ctx, userId),
    ctx.requests.all(incomingRequestsOf(userId)),
    ctx.requests.all(sentRequestsOf(userId)),
    ctx.blocks.all(blockedBy(userId)),
    ctx.blocks.all(blockersOf(userId)),
  ]);
  return {
    userId,
    friends: new Set(friends),
    requestsFrom: new Set(incoming.map((request) => request.senderId)),
    requestsTo: new Set(sent.map((request) => request.receiverId)),
    blocked: new Set(blocking.map((block) => block.blockedId)),
    blockers: new Set(blockers.map((block) => block.blockerId)),
  };
}

/** Whether either of the two blocked the other: then neither appears in the other's search or suggestions. */
export function isBlockedEitherWay(standing: Standing, otherId: string): boolean {
  return standing.blocked.has(otherId) || standing.blockers.has(otherId);
}

export function friendStatusWith(standing: Standing, otherId: string): FriendStatus {
  if (standing.friends.has(otherId)) return 'friends';
  if (standing.requestsTo.has(otherId)) return 'request_sent';
  if (standing.requestsFrom.has(otherId)) return 'request_received';
  return 'none';
}

/** How many friends `standing`'s student shares with each of `userIds`. */
export async function mutualFriendCounts(
  ctx: SocialContext,
  standing: Standing,
  userIds: string[],
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (standing.friends.size === 0) {
    for (const userId of userIds) counts.set(userId, 0);
    return counts;
  }
  await Promise.all(
    [...new Set(userIds)].map(async (userId) => {
      const theirs = await friendIdsOf(ctx, userId);
      counts.set(userId, theirs.filter((id) => id !== standing.userId && standing.friends.has(id)).length);
    }),
  );
  return counts;
}
