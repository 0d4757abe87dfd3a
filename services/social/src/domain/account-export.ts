import { exported } from '@quad/common';
import type { ServiceExport } from '@quad/contracts';
import type { SocialContext } from './context';

/** Social's part of a student's download: friendships, friend requests both ways, and blocks (theirs). */
export async function exportSocialUser(ctx: SocialContext, userId: string): Promise<ServiceExport> {
  const { Friendship, FriendRequest, Block } = ctx.models;
  const [friendships, sent, received, blocks] = await Promise.all([
    Friendship.find({ userIds: userId }).lean(),
    FriendRequest.find({ senderId: userId }).lean(),
    FriendRequest.find({ receiverId: userId }).lean(),
    Block.find({ blockerId: userId }).lean(),
  ]);
  return {
    records: {
      friends: friendships.filter((friendship) => friendship.live).map(exported),
      friendRequestsSent: sent.map(exported),
      friendRequestsReceived: received.map(exported),
      blocks: blocks.filter((block) => block.live).map(exported),
    },
    images: [],
  };
}
