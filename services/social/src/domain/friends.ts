import { HttpError, notFound } from '@quad/common';
import { type Friend, SOCIAL_MESSAGES } from '@quad/contracts';
import type { FriendshipDoc } from '../models/friendship-model';
import type { SocialContext } from './context';
import { friendsOf, otherOf, pairId } from './lists';
import { friendshipCreated, friendshipRemoved } from './outgoing-events';
import { byName, presentPeople } from './people';
import { standingOf } from './standing';
import type { Viewer } from './viewer';

/** GET /api/friends: the caller's friends by name, with mutual-friend counts. */
export async function listFriends(ctx: SocialContext, viewer: Viewer): Promise<Friend[]> {
  const friendships = await ctx.friendships.all(friendsOf(viewer.userId));
  const since = new Map(
    friendships.map((friendship) => [otherOf(friendship, viewer.userId), friendship.createdAt]),
  );
  const standing = await standingOf(ctx, viewer.userId);
  const people = await presentPeople(ctx, standing, [...since.keys()]);
  return people.sort(byName).map((person) => ({
    ...person,
    friendsSince: since.get(person.id)!.toISOString(),
    friend: {
      id: person.id,
      firstName: person.firstName,
      lastName: person.lastName,
      profileColor: person.profileColor,
      profileImageUrl: person.profileImageUrl,
    },
  }));
}

/**
 * Makes two students friends, publishing social.friendship.created. Already friends (a repeated
 * accept) changes nothing. Call it holding the pair's lock.
 */
export async function befriend(ctx: SocialContext, a: string, b: string): Promise<void> {
  const id = pairId(a, b);
  if (!(await ctx.friendships.find(id))) {
    const userIds = (a < b ? [a, b] : [b, a]) as [string, string];
    const friendship: FriendshipDoc = { _id: id, userIds, live: true, createdAt: new Date(), version: 0 };
    try {
      await ctx.friendships.insert(friendship, [friendshipCreated(friendship)]);
      return;
    } catch (err) {
      if (!(err instanceof HttpError && err.status === 409)) throw err;
    }
  }
  await ctx.friendships.update(
    id,
    (friendship) => (friendship.live ? null : { live: true, createdAt: new Date() }),
    (next) => [friendshipCreated(next)],
  );
}

/** Ends a friendship, publishing social.friendship.removed; false when there was none. Call it holding the pair's lock. */
export async function unfriend(ctx: SocialContext, a: string, b: string): Promise<boolean> {
  const id = pairId(a, b);
  if (!(await ctx.friendships.find(id))?.live) return false;
  await ctx.friendships.update(
    id,
    (friendship) => (friendship.live ? { live: false } : null),
    (next) => [friendshipRemoved(next)],
  );
  return true;
}

/** DELETE /api/friends/{friendId}. */
export async function removeFriend(ctx: SocialContext, viewer: Viewer, friendId: string): Promise<void> {
  const removed = await ctx.withPair(viewer.userId, friendId, () => unfriend(ctx, viewer.userId, friendId));
  if (!removed) throw notFound(SOCIAL_MESSAGES.notFriends);
}
