import { documentEvent } from '@quad/common';
import type { BlockDoc } from '../models/block-model';
import type { FriendRequestDoc } from '../models/friend-request-model';
import type { FriendshipDoc } from '../models/friendship-model';

/*
 * What social publishes, always through the outbox with the write that makes it true (the
 * repositories take these as their events). Event ids name the document and the version the write
 * gives it: the same write always yields the same id (a retried publish is stored once), while
 * friends who part and become friends again publish new events (JetStream's dedupe would
 * otherwise swallow them within its window).
 */

const pairOf = (friendship: FriendshipDoc) => ({
  userIds: [friendship.userIds[0], friendship.userIds[1]] as [string, string],
});
const blockData = (block: BlockDoc) => ({ blockerId: block.blockerId, blockedId: block.blockedId });
const requestData = (request: FriendRequestDoc) => ({
  requestId: request._id,
  senderId: request.senderId,
  receiverId: request.receiverId,
  version: request.version,
});

export const friendshipCreated = documentEvent('social.friendship.created', pairOf, 'version');
export const friendshipRemoved = documentEvent('social.friendship.removed', pairOf, 'version');
export const blockCreated = documentEvent('social.block.created', blockData, 'version');
export const blockRemoved = documentEvent('social.block.removed', blockData, 'version');
/** A request made pending (first asked, or asked again after an answer): its receiver is notified. */
export const friendRequestSent = documentEvent('social.friend-request.sent', requestData, 'version');
/** A request accepted (or crossed by the other's): its sender is notified. */
export const friendRequestAccepted = documentEvent('social.friend-request.accepted', requestData, 'version');
