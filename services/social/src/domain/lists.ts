import type { ListDef } from '@quad/common';
import type { BlockDoc } from '../models/block-model';
import type { FriendRequestDoc } from '../models/friend-request-model';
import type { FriendshipDoc } from '../models/friendship-model';
import type { MemberDoc } from '../models/member-model';

/*
 * Social's lists, each kept by its repository beside every write (see @quad/common's repository):
 * a student's friends, their incoming and sent requests, whom they blocked and who blocked them,
 * and each college's members. They are also the one source of counts (a friends list's size is
 * the friend count).
 */

const key = (id: string) => encodeURIComponent(id);

export function friendsOf(userId: string): ListDef<FriendshipDoc> {
  return {
    name: `user:${key(userId)}:friends`,
    filter: { userIds: userId, live: true },
    contains: (friendship) => friendship.live && friendship.userIds.includes(userId),
  };
}

export function incomingRequestsOf(userId: string): ListDef<FriendRequestDoc> {
  return {
    name: `user:${key(userId)}:incoming`,
    filter: { receiverId: userId, pending: true },
    contains: (request) => request.pending && request.receiverId === userId,
  };
}

export function sentRequestsOf(userId: string): ListDef<FriendRequestDoc> {
  return {
    name: `user:${key(userId)}:sent`,
    filter: { senderId: userId, pending: true },
    contains: (request) => request.pending && request.senderId === userId,
  };
}

export function blockedBy(blockerId: string): ListDef<BlockDoc> {
  return {
    name: `user:${key(blockerId)}:blocking`,
    filter: { blockerId, live: true },
    contains: (block) => block.live && block.blockerId === blockerId,
  };
}

export function blockersOf(blockedId: string): ListDef<BlockDoc> {
  return {
    name: `user:${key(blockedId)}:blockers`,
    filter: { blockedId, live: true },
    contains: (block) => block.live && block.blockedId === blockedId,
  };
}

/** A college's members, newest first. */
export function membersOf(collegeId: string): ListDef<MemberDoc> {
  return {
    name: `college:${key(collegeId)}:members`,
    filter: { collegeId },
    contains: (member) => member.collegeId === collegeId,
  };
}

/** Every member of every college: what an admin searches. */
export const everyMember: ListDef<MemberDoc> = {
  name: 'members:all',
  filter: {},
  contains: () => true,
};

export function listsOfMember(member: MemberDoc): Array<ListDef<MemberDoc>> {
  return member.collegeId ? [membersOf(member.collegeId), everyMember] : [everyMember];
}

/** The id of a pair of students, whichever of them is named first. */
export function pairId(a: string, b: string): string {
  return a < b ? `${a}:${b}` : `${b}:${a}`;
}

export function blockId(blockerId: string, blockedId: string): string {
  return `${blockerId}>${blockedId}`;
}

/** The other student of a friendship. */
export function otherOf(friendship: Pick<FriendshipDoc, 'userIds'>, userId: string): string {
  return friendship.userIds[0] === userId ? friendship.userIds[1] : friendship.userIds[0];
}
