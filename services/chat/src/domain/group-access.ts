import { GROUP_NOT_FOUND, GROUP_NOT_MEMBER } from '@quad/contracts';
import { forbidden, notFound } from '@quad/common';
import { GROUP_ID_PREFIX, type GroupDoc } from '../models/group-model';
import type { ChatContext } from './context';
import type { Caller } from './people';

/** The group, if the caller is a member of it (404 when it does not exist, 403 when not theirs). */
export async function memberGroup(ctx: ChatContext, caller: Caller, groupId: string): Promise<GroupDoc> {
  const group = groupId.startsWith(GROUP_ID_PREFIX) ? await ctx.groups.find(groupId) : null;
  if (!group) throw notFound(GROUP_NOT_FOUND);
  if (!group.memberIds.includes(caller.userId)) throw forbidden(GROUP_NOT_MEMBER);
  return group;
}
