import type { OutboxEvent } from '@quad/common';
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

const instance = (doc: { _id: string; version: number }) => `${doc._id}:v${doc.version}`;

export const friendshipCreated = (friendship: FriendshipDoc): OutboxEvent => ({
  subject: 'social.friendship.created',
  data: { userIds: [friendship.userIds[0], friendship.userIds[1]] },
  eventId: `social.friendship.created:${instance(friendship)}`,
});

export const friendshipRemoved = (friendship: FriendshipDoc): OutboxEvent => ({
  subject: 'social.friendship.removed',
  data: { userIds: [friendship.userIds[0], friendship.userIds[1]] },
  eventId: `social.friendship.removed:${instance(friendship)}`,
});

export const blockCreated = (block: BlockDoc): OutboxEvent => ({
  subject: 'social.block.created',
  data: { blockerId: block.blockerId, blockedId: block.blockedId },
  eventId: `social.block.created:${instance(block)}`,
});

export const blockRemoved = (block: BlockDoc): OutboxEvent => ({
  subject: 'social.block.removed',
  data: { blockerId: block.blockerId, blockedId: block.blockedId },
  eventId: `social.block.removed:${instance(block)}`,
});

const requestData = (request: FriendRequestDoc) => ({
  requestId: request._id,
  senderId: request.senderId,
  receiverId: request.receiverId,
  version: request.version,
});

/** A request made pending (first asked, or asked again after an answer): its receiver is notified. */
export const friendRequestSent = (request: FriendRequestDoc): OutboxEvent => ({
  subject: 'social.friend-request.sent',
  data: requestData(request),
  eventId: `social.friend-request.sent:${instance(request)}`,
});

/** A request accepted (or crossed by the other's): its sender is notified. */
export const friendRequestAccepted = (request: FriendRequestDoc): OutboxEvent => ({
  subject: 'social.friend-request.accepted',
  data: requestData(request),
  eventId: `social.friend-request.accepted:${instance(request)}`,
});
