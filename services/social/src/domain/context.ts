import { defineServiceContext, withDocumentLock } from '@quad/common';
import { socialModels } from '../models';
import {
  blockedBy,
  blockersOf,
  friendsOf,
  incomingRequestsOf,
  listsOfMember,
  pairId,
  sentRequestsOf,
} from './lists';

/**
 * What social domain code works with (common's service context): a repository per collection, the
 * cached user directory, and a lock per pair of students. Never req/res.
 */
export const socialContext = defineServiceContext(socialModels, (models, { repository, runtime }) => ({
  friendships: repository(models.Friendship, 'friendships', (friendship) =>
    friendship.userIds.map((id) => friendsOf(id)),
  ),
  requests: repository(models.FriendRequest, 'requests', (request) => [
    incomingRequestsOf(request.receiverId),
    sentRequestsOf(request.senderId),
  ]),
  blocks: repository(models.Block, 'blocks', (block) => [
    blockedBy(block.blockerId),
    blockersOf(block.blockedId),
  ]),
  members: repository(models.Member, 'members', listsOfMember),
  /**
   * Runs `work` while no other process changes how these two students stand (request, friendship,
   * block): every decision about a pair reads and writes under this lock, so crossing requests or
   * a block racing an accept cannot both win.
   */
  withPair: <T>(a: string, b: string, work: () => Promise<T>) =>
    withDocumentLock(runtime.redis, `social:${runtime.namespace}:pair:${pairId(a, b)}`, work),
}));
export type SocialContext = ReturnType<typeof socialContext>;
