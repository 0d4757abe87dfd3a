import { badRequest, conflict, forbidden, notFound } from '@quad/common';
import { type FriendRequest, type FriendRequestList, SOCIAL_MESSAGES } from '@quad/contracts';
import type { FriendRequestDoc } from '../models/friend-request-model';
import type { SocialContext } from './context';
import { befriend } from './friends';
import { friendRequestAccepted, friendRequestSent } from './outgoing-events';
import { blockId, incomingRequestsOf, pairId, sentRequestsOf } from './lists';
import { presentPeople } from './people';
import { standingOf } from './standing';
import { type Viewer, canReach } from './viewer';

type Status = FriendRequest['status'];

/** Requests as the caller sees them, with both parties' card fields. */
async function presentRequests(
  ctx: SocialContext,
  viewer: Viewer,
  requests: FriendRequestDoc[],
  status: Status,
): Promise<FriendRequest[]> {
  const standing = await standingOf(ctx, viewer.userId);
  const ids = [...new Set(requests.flatMap((request) => [request.senderId, request.receiverId]))];
  const people = new Map((await presentPeople(ctx, standing, ids)).map((person) => [person.id, person]));
  return requests.flatMap((request) => {
    const sender = people.get(request.senderId);
    const receiver = people.get(request.receiverId);
    if (!sender || !receiver) return [];
    return [
      {
        id: request._id,
        status,
        senderId: request.senderId,
        receiverId: request.receiverId,
        createdAt: request.createdAt.toISOString(),
        sender,
        receiver,
      },
    ];
  });
}

/** GET /api/friend-requests: pending requests to and from the caller, newest first. */
export async function listFriendRequests(ctx: SocialContext, viewer: Viewer): Promise<FriendRequestList> {
  const [incoming, sent] = await Promise.all([
    ctx.requests.all(incomingRequestsOf(viewer.userId)),
    ctx.requests.all(sentRequestsOf(viewer.userId)),
  ]);
  const newestFirst = (list: FriendRequestDoc[]) => [...list].reverse();
  return {
    incoming: await presentRequests(ctx, viewer, newestFirst(incoming), 'pending'),
    sent: await presentRequests(ctx, viewer, newestFirst(sent), 'pending'),
  };
}

/**
 * POST /api/friend-requests {friendId}. Refused: to yourself (400), to someone unknown (404), across
 * colleges (403, admins excepted), between students where either blocked the other (403), to a
 * friend or twice (409). When the other student had already asked the caller, the requests cross
 * and the two become friends at once (`accepted`).
 */
export async function sendFriendRequest(
  ctx: SocialContext,
  viewer: Viewer,
  friendId: string,
): Promise<{ request: FriendRequest; created: boolean }> {
  const senderId = viewer.userId;
  if (friendId === senderId) throw badRequest(SOCIAL_MESSAGES.self);
  const target = await ctx.directory.get(friendId);
  if (!target) throw notFound(SOCIAL_MESSAGES.userNotFound);
  if (!canReach(viewer, target.collegeId)) throw forbidden(SOCIAL_MESSAGES.otherCollege);

  const id = pairId(senderId, friendId);
  const outcome = await ctx.withPair(senderId, friendId, async () => {
    const [[byMe, byThem], friendship, pending] = await Promise.all([
      ctx.blocks.findMany([blockId(senderId, friendId), blockId(friendId, senderId)]),
      ctx.friendships.find(id),
      ctx.requests.find(id),
    ]);
    if (byMe?.live) throw forbidden(SOCIAL_MESSAGES.blockedByYou);
    if (byThem?.live) throw forbidden(SOCIAL_MESSAGES.blocked);
    if (friendship?.live) throw conflict(SOCIAL_MESSAGES.alreadyFriends);
    if (pending?.pending) {
      if (pending.senderId === senderId) throw conflict(SOCIAL_MESSAGES.alreadySent);
      // They asked first: the crossing request is an accept.
      await ctx.requests.update(id, () => ({ pending: false }), (next) => [friendRequestAccepted(next)]);
      await befriend(ctx, senderId, friendId);
      return { doc: pending, status: 'accepted' as const };
    }
    const fields = { senderId, receiverId: friendId, pending: true, createdAt: new Date() };
    // A pair asked before (answered since) keeps its document: it becomes pending again.
    const doc = pending
      ? await ctx.requests.update(id, () => fields, (next) => [friendRequestSent(next)])
      : await ctx.requests.insert({ _id: id, ...fields }, [friendRequestSent({ _id: id, ...fields, version: 0 })]);
    return { doc: doc!, status: 'pending' as const };
  });
  const [request] = await presentRequests(ctx, viewer, [outcome.doc], outcome.status);
  return { request: request!, created: outcome.status === 'pending' };
}

/** POST /api/friend-requests/{id}/accept|reject: the receiver only; accepting makes both friends at once. */
export async function answerFriendRequest(
  ctx: SocialContext,
  viewer: Viewer,
  requestId: string,
  answer: 'accept' | 'reject',
): Promise<FriendRequest> {
  const found = await ctx.requests.find(requestId);
  if (!found?.pending) throw notFound(SOCIAL_MESSAGES.requestNotFound);
  if (found.receiverId !== viewer.userId) throw forbidden(SOCIAL_MESSAGES.receiverOnly);
  const answered = await ctx.withPair(found.senderId, found.receiverId, async () => {
    // Read again under the lock: it may have been answered, cancelled by a block, or crossed meanwhile.
    const request = await ctx.requests.find(requestId);
    if (!request?.pending || request.receiverId !== viewer.userId)
      throw notFound(SOCIAL_MESSAGES.requestNotFound);
    await ctx.requests.update(
      requestId,
      () => ({ pending: false }),
      (next) => (answer === 'accept' ? [friendRequestAccepted(next)] : []),
    );
    if (answer === 'accept') await befriend(ctx, request.senderId, request.receiverId);
    return request;
  });
  const [request] = await presentRequests(
    ctx,
    viewer,
    [answered],
    answer === 'accept' ? 'accepted' : 'rejected',
  );
  return request!;
}
