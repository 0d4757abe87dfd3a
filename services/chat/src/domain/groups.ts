import { Types } from 'mongoose';
import {
  GROUP_ADMINS_ONLY,
  GROUP_ALREADY_MEMBER,
  GROUP_LIMITS,
  GROUP_NOT_A_MEMBER,
  GROUP_NOT_FOUND,
  GROUP_NOT_FRIEND,
  GROUP_OTHER_COLLEGE,
  GROUP_OWNER_ONLY,
  GROUP_PHOTO_MAX_PX,
  GROUP_PHOTO_REQUIRED,
  GROUP_REMOVE_ADMIN,
  GROUP_REMOVE_OWNER,
  GROUP_TOO_LARGE,
  GROUP_TOO_SMALL,
  type GroupMember,
  type GroupSummary,
  UNREAD_COUNT_CAP,
  addGroupMembersBodySchema,
  createGroupBodySchema,
  groupBlockedMessage,
  groupMemberBodySchema,
  renameGroupBodySchema,
} from '@quad/contracts';
import {
  type OutboxEvent,
  badRequest,
  conflict,
  forbidden,
  blocksMadeBy,
  notFound,
  parse,
  personOf,
} from '@quad/common';
import { GROUP_ID_PREFIX, type GroupDoc } from '../models/group-model';
import type { ChatContext } from './context';
import { friendIdsOf } from './friends';
import { memberGroup } from './group-access';
import { conversation, groupsOf } from './lists';
import { lastMessageOf, readMarksOf, startReadingAtNewest, unreadCount } from './messages';
import type { Caller } from './people';

/*
 * Group chats (issue 23): created from the creator's friends of their college, 3 to
 * GROUP_LIMITS.maxMembers members, an owner and admins. The owner and admins add and remove
 * members and rename it; anyone leaves; the owner hands ownership over and names admins. No two
 * members block each other when they are put together; a block made later leaves both in, and
 * each sees the other's messages collapsed (`blockedMemberIds`).
 */

/** What the membership changes tell the sockets: who now hears the group's room, and who no longer does. */
export interface GroupChange {
  group: GroupDoc;
  joined: string[];
  left: string[];
}

const memberAdded = (group: GroupDoc, memberIds: string[], addedBy: string): OutboxEvent => ({
  subject: 'chat.group.member.added',
  data: { chatId: group._id, name: group.name, memberIds, addedBy },
  // One event per version of the group: a retried publish is stored once (Nats-Msg-Id).
  eventId: `chat.group.member.added:${group._id}:${group.version}`,
});

const mayManage = (group: GroupDoc, userId: string) =>
  group.ownerId === userId || group.adminIds.includes(userId);

/** The group, for a member who manages it (its owner or an admin); 403 for any other member. */
async function managedGroup(ctx: ChatContext, caller: Caller, groupId: string): Promise<GroupDoc> {
  const group = await memberGroup(ctx, caller, groupId);
  if (!mayManage(group, caller.userId)) throw forbidden(GROUP_ADMINS_ONLY);
  return group;
}

/** The users each of `userIds` blocks, in one batch of list reads. */
async function blocksOf(ctx: ChatContext, userIds: string[]): Promise<Map<string, Set<string>>> {
  const lists = await Promise.all(userIds.map((id) => ctx.blocks.all(blocksMadeBy(id))));
  return new Map(userIds.map((id, i) => [id, new Set(lists[i]!.map((block) => block.blockedId))]));
}

/**
 * That `adder` may put `newIds` into a group with `currentIds`: each is a friend of the adder, of
 * the adder's college, and no block stands between anyone added and anyone in the group (or
 * added with them). Throws the error that says why not, naming the student.
 */
async function assertMayAdd(
  ctx: ChatContext,
  adder: Caller,
  collegeId: string | null,
  currentIds: string[],
  newIds: string[],
): Promise<void> {
  const entries = await ctx.directory.getMany(newIds);
  const nameOf = (id: string) =>
    [entries.get(id)?.firstName, entries.get(id)?.lastName].filter(Boolean).join(' ');
  const friends = await friendIdsOf(ctx, adder.userId);
  for (const id of newIds) {
    if (id === adder.userId) throw badRequest(GROUP_ALREADY_MEMBER);
    const entry = entries.get(id);
    if (!entry || !friends.has(id)) throw forbidden(GROUP_NOT_FRIEND);
    if (!entry.collegeId || entry.collegeId !== collegeId) throw forbidden(GROUP_OTHER_COLLEGE);
  }
  const everyone = [...new Set([...currentIds, ...newIds])];
  const blocks = await blocksOf(ctx, everyone);
  const fresh = new Set(newIds);
  for (const [blocker, blocked] of blocks) {
    for (const other of blocked) {
      if (!everyone.includes(other) || !(fresh.has(blocker) || fresh.has(other))) continue;
      // Name the one being added (never who blocked whom).
      throw forbidden(groupBlockedMessage(nameOf(fresh.has(other) ? other : blocker)));
    }
  }
}

/** POST /api/groups: a group of the caller (its owner) and their friends. */
export async function createGroup(ctx: ChatContext, caller: Caller, input: unknown): Promise<GroupChange> {
  const { name, memberIds } = parse(createGroupBodySchema, input);
  const others = memberIds.filter((id) => id !== caller.userId);
  if (others.length + 1 < GROUP_LIMITS.minMembers) throw badRequest(GROUP_TOO_SMALL);
  if (others.length + 1 > GROUP_LIMITS.maxMembers) throw badRequest(GROUP_TOO_LARGE);
  const me = await ctx.directory.get(caller.userId);
  const collegeId = me?.collegeId ?? caller.collegeId ?? null;
  await assertMayAdd(ctx, caller, collegeId, [caller.userId], others);
  const fields = {
    _id: `${GROUP_ID_PREFIX}${new Types.ObjectId().toHexString()}`,
    name,
    photoUrl: null,
    photoUploadedBy: null,
    collegeId,
    ownerId: caller.userId,
    adminIds: [],
    memberIds: [caller.userId, ...others],
    createdBy: caller.userId,
    createdAt: new Date(),
  };
  const group = await ctx.groups.insert(fields, [
    memberAdded({ ...fields, version: 0 }, others, caller.userId),
  ]);
  // A new conversation: its lists start empty, so their first readers need not scan.
  await ctx.messages.markEmpty(conversation(group._id));
  return { group, joined: group.memberIds, left: [] };
}

/** POST /api/groups/:id/members: the owner or an admin adds friends of theirs. */
export async function addMembers(
  ctx: ChatContext,
  caller: Caller,
  groupId: string,
  input: unknown,
): Promise<GroupChange> {
  const { memberIds } = parse(addGroupMembersBodySchema, input);
  const group = await managedGroup(ctx, caller, groupId);
  if (memberIds.some((id) => group.memberIds.includes(id))) throw conflict(GROUP_ALREADY_MEMBER);
  if (group.memberIds.length + memberIds.length > GROUP_LIMITS.maxMembers) throw badRequest(GROUP_TOO_LARGE);
  await assertMayAdd(ctx, caller, group.collegeId, group.memberIds, memberIds);
  let added: string[] = [];
  const next = await ctx.groups.update(
    groupId,
    (current) => {
      added = memberIds.filter((id) => !current.memberIds.includes(id));
      if (added.length === 0) return null;
      if (current.memberIds.length + added.length > GROUP_LIMITS.maxMembers)
        throw badRequest(GROUP_TOO_LARGE);
      return { memberIds: [...current.memberIds, ...added] };
    },
    (planned) => [memberAdded(planned, added, caller.userId)],
  );
  if (!next) throw notFound(GROUP_NOT_FOUND);
  // The history they can now read starts read: their unread count counts what comes after joining.
  await Promise.all(added.map((id) => startReadingAtNewest(ctx, groupId, id)));
  return { group: next, joined: added, left: [] };
}

/** The members left and the roles after `userId` goes: an owner leaving hands over to an admin, else the longest member. */
function without(group: GroupDoc, userId: string): Pick<GroupDoc, 'memberIds' | 'adminIds' | 'ownerId'> {
  const memberIds = group.memberIds.filter((id) => id !== userId);
  let adminIds = group.adminIds.filter((id) => id !== userId);
  let ownerId = group.ownerId;
  if (ownerId === userId && memberIds.length > 0) {
    ownerId = adminIds[0] ?? memberIds[0]!;
    adminIds = adminIds.filter((id) => id !== ownerId);
  }
  return { memberIds, adminIds, ownerId };
}

async function dropMember(
  ctx: ChatContext,
  groupId: string,
  userId: string,
  check: (group: GroupDoc) => void,
): Promise<GroupChange> {
  const next = await ctx.groups.update(groupId, (current) => {
    if (!current.memberIds.includes(userId)) throw notFound(GROUP_NOT_A_MEMBER);
    check(current);
    return without(current, userId);
  });
  if (!next) throw notFound(GROUP_NOT_FOUND);
  // The last one out: nobody can see the group again, so its photo goes (the group is gone for good).
  if (next.memberIds.length === 0 && next.photoUrl)
    return { group: await dropPhoto(ctx, next), joined: [], left: [userId] };
  return { group: next, joined: [], left: [userId] };
}

/** DELETE /api/groups/:id/members/:userId: the owner removes anyone else; an admin removes members who are not admins. */
export async function removeMember(
  ctx: ChatContext,
  caller: Caller,
  groupId: string,
  userId: string,
): Promise<GroupChange> {
  const group = await memberGroup(ctx, caller, groupId);
  if (userId === caller.userId) return leaveGroup(ctx, caller, groupId);
  if (!mayManage(group, caller.userId)) throw forbidden(GROUP_ADMINS_ONLY);
  return dropMember(ctx, groupId, userId, (current) => {
    if (current.ownerId === userId) throw forbidden(GROUP_REMOVE_OWNER);
    if (current.adminIds.includes(userId) && current.ownerId !== caller.userId)
      throw forbidden(GROUP_REMOVE_ADMIN);
    if (!mayManage(current, caller.userId)) throw forbidden(GROUP_ADMINS_ONLY);
  });
}

/** POST /api/groups/:id/leave: anyone leaves; an owner's ownership passes on. */
export async function leaveGroup(ctx: ChatContext, caller: Caller, groupId: string): Promise<GroupChange> {
  await memberGroup(ctx, caller, groupId);
  return dropMember(ctx, groupId, caller.userId, () => undefined);
}

/** PUT /api/groups/:id {name}: the owner or an admin renames it. */
export async function renameGroup(
  ctx: ChatContext,
  caller: Caller,
  groupId: string,
  input: unknown,
): Promise<GroupChange> {
  const { name } = parse(renameGroupBodySchema, input);
  await managedGroup(ctx, caller, groupId);
  const next = await ctx.groups.update(groupId, (current) => (current.name === name ? null : { name }));
  if (!next) throw notFound(GROUP_NOT_FOUND);
  return { group: next, joined: [], left: [] };
}

const isGroupPhoto = (url: string | null | undefined): url is string =>
  Boolean(url?.startsWith('/media/groups/'));

/**
 * POST /api/groups/:id/photo (multipart `photo`): the owner or an admin sets the group's photo. The
 * shared upload code sniffs and re-encodes it before anything is saved; the replaced photo is
 * deleted once the change is stored, and a stored photo whose save failed is deleted too.
 */
export async function setGroupPhoto(
  ctx: ChatContext,
  caller: Caller,
  groupId: string,
  photo: Buffer | undefined,
): Promise<GroupChange> {
  await managedGroup(ctx, caller, groupId);
  if (!photo || photo.length === 0) throw badRequest(GROUP_PHOTO_REQUIRED);
  const stored = await ctx.media.putImage('groups', photo, GROUP_PHOTO_MAX_PX);
  let replaced: string | null = null;
  let next: GroupDoc | null;
  try {
    next = await ctx.groups.update(groupId, (current) => {
      if (!mayManage(current, caller.userId)) throw forbidden(GROUP_ADMINS_ONLY);
      replaced = current.photoUrl ?? null;
      return { photoUrl: stored.url, photoUploadedBy: caller.userId };
    });
  } catch (err) {
    await ctx.media.remove(stored.key);
    throw err;
  }
  if (!next) {
    await ctx.media.remove(stored.key);
    throw notFound(GROUP_NOT_FOUND);
  }
  if (isGroupPhoto(replaced) && replaced !== stored.url) await ctx.media.remove(replaced);
  return { group: next, joined: [], left: [] };
}

/** DELETE /api/groups/:id/photo: the owner or an admin goes back to the default (the group's initials). */
export async function removeGroupPhoto(
  ctx: ChatContext,
  caller: Caller,
  groupId: string,
): Promise<GroupChange> {
  const group = await managedGroup(ctx, caller, groupId);
  return { group: await dropPhoto(ctx, group), joined: [], left: [] };
}

/** Takes the group's photo off it and out of object storage (nothing to do when it has none). */
export async function dropPhoto(
  ctx: ChatContext,
  group: GroupDoc,
  only?: (current: GroupDoc) => boolean,
): Promise<GroupDoc> {
  let removed: string | null = null;
  const next = await ctx.groups.update(group._id, (current) => {
    if (!current.photoUrl || (only && !only(current))) return null;
    removed = current.photoUrl;
    return { photoUrl: null, photoUploadedBy: null };
  });
  if (isGroupPhoto(removed)) await ctx.media.remove(removed);
  return next ?? group;
}

/**
 * A change only the owner makes about one member (`input`: {userId}): `change` gives the group's new
 * fields, or null when nothing changes.
 */
async function ownerChange(
  ctx: ChatContext,
  caller: Caller,
  groupId: string,
  input: unknown,
  change: (current: GroupDoc, userId: string) => Partial<GroupDoc> | null,
): Promise<GroupChange> {
  const { userId } = parse(groupMemberBodySchema, input);
  await memberGroup(ctx, caller, groupId);
  const next = await ctx.groups.update(groupId, (current) => {
    if (current.ownerId !== caller.userId) throw forbidden(GROUP_OWNER_ONLY);
    if (!current.memberIds.includes(userId)) throw badRequest(GROUP_NOT_A_MEMBER);
    return change(current, userId);
  });
  if (!next) throw notFound(GROUP_NOT_FOUND);
  return { group: next, joined: [], left: [] };
}

/** POST /api/groups/:id/owner {userId}: the owner hands ownership to another member (and stays as an admin). */
export function transferOwnership(
  ctx: ChatContext,
  caller: Caller,
  groupId: string,
  input: unknown,
): Promise<GroupChange> {
  return ownerChange(ctx, caller, groupId, input, (current, userId) =>
    userId === caller.userId
      ? null
      : { ownerId: userId, adminIds: [...current.adminIds.filter((id) => id !== userId), caller.userId] },
  );
}

/** POST /api/groups/:id/admins {userId} (name an admin) and DELETE …/admins/:userId (unname): the owner only. */
export function setAdmin(
  ctx: ChatContext,
  caller: Caller,
  groupId: string,
  input: unknown,
  isAdmin: boolean,
): Promise<GroupChange> {
  return ownerChange(ctx, caller, groupId, input, (current, userId) => {
    if (userId === current.ownerId || current.adminIds.includes(userId) === isAdmin) return null;
    return {
      adminIds: isAdmin ? [...current.adminIds, userId] : current.adminIds.filter((id) => id !== userId),
    };
  });
}

/** A group as `viewerId` sees it: members with roles, their last message, unread count and who is blocked between them. */
export async function summarizeGroup(
  ctx: ChatContext,
  viewerId: string,
  group: GroupDoc,
): Promise<GroupSummary> {
  const marks = readMarksOf(ctx, group._id);
  const [lastMessage, unread, people, blocks] = await Promise.all([
    lastMessageOf(ctx, group._id, marks),
    marks.then((known) => unreadCount(ctx, group._id, viewerId, known, UNREAD_COUNT_CAP)),
    ctx.directory.getMany(group.memberIds),
    ctx.blocks.all(blocksMadeBy(viewerId)),
  ]);
  const mine = new Set(blocks.map((block) => block.blockedId));
  // Who blocks the viewer: each other member's own list (short lists, in Redis).
  const theirs = await blocksOf(
    ctx,
    group.memberIds.filter((id) => id !== viewerId),
  );
  const blockedMemberIds = group.memberIds.filter((id) => mine.has(id) || theirs.get(id)?.has(viewerId));
  const members: GroupMember[] = group.memberIds.map((id) => ({
    ...personOf(id, people.get(id)),
    role: id === group.ownerId ? 'owner' : group.adminIds.includes(id) ? 'admin' : 'member',
  }));
  return {
    id: group._id,
    name: group.name,
    photoUrl: group.photoUrl ?? null,
    ownerId: group.ownerId,
    members,
    blockedMemberIds,
    lastMessage,
    lastActivityAt: lastMessage?.createdAt ?? group.createdAt.toISOString(),
    unreadCount: unread,
    createdAt: group.createdAt.toISOString(),
  };
}

/** GET /api/groups: the caller's groups, newest activity first. */
export async function listGroups(ctx: ChatContext, caller: Caller): Promise<GroupSummary[]> {
  const groups = await ctx.groups.all(groupsOf(caller.userId));
  const summaries = await Promise.all(groups.map((group) => summarizeGroup(ctx, caller.userId, group)));
  return summaries.sort(
    (x, y) => y.lastActivityAt.localeCompare(x.lastActivityAt) || y.id.localeCompare(x.id),
  );
}

/** The ids of the groups a user is in (what their sockets join on connecting). */
export function groupIdsOf(ctx: ChatContext, userId: string): Promise<string[]> {
  return ctx.groups.ids(groupsOf(userId));
}
