import type { SocialContext } from './context';
import { blockRemoved } from './outgoing-events';
import { unfriend } from './friends';

/**
 * auth.user.deleted in social: the student's friendships end (social.friendship.removed, so each
 * friend's count follows), their requests both ways and their blocks both ways go (blocks
 * announced as removed, so every service's copy follows), and so does their membership (they
 * leave search and suggestions). Documents are removed once their end is announced. Each step
 * acts on what is still there: a replayed event changes nothing more.
 */
export async function forgetSocialUser(ctx: SocialContext, userId: string): Promise<void> {
  const { Friendship, FriendRequest, Block } = ctx.models;
  for (const friendship of await Friendship.find({ userIds: userId }, { _id: 1, userIds: 1 }).lean()) {
    const [a, b] = friendship.userIds;
    await ctx.withPair(a, b, () => unfriend(ctx, a, b));
    await ctx.friendships.remove(friendship._id);
  }
  const requests = [
    ...(await FriendRequest.find({ senderId: userId }, { _id: 1 }).lean()),
    ...(await FriendRequest.find({ receiverId: userId }, { _id: 1 }).lean()),
  ];
  for (const request of requests) await ctx.requests.remove(request._id);
  const blocks = [
    ...(await Block.find({ blockerId: userId }, { _id: 1 }).lean()),
    ...(await Block.find({ blockedId: userId }, { _id: 1 }).lean()),
  ];
  for (const { _id } of blocks) {
    const block = await ctx.blocks.find(_id);
    if (block?.live) await ctx.blocks.update(_id, (current) => (current.live ? { live: false } : null), (next) => [blockRemoved(next)]);
    await ctx.blocks.remove(_id);
  }
  await ctx.members.remove(userId);
}
