import {
  CHAT_BLOCKED,
  CHAT_OTHER_COLLEGE,
  CHAT_SELF,
  CHAT_USER_NOT_FOUND,
  CHAT_YOU_BLOCKED,
  type ChatPerson,
} from '@quad/contracts';
import { type AuthContext, type DirectoryEntry, HttpError, assertMayWrite, badRequest, blocksMadeBy, forbidden, hasActiveSubscription, notFound, personOf, SUBSCRIPTION_REQUIRED_MESSAGE } from '@quad/common';
import type { ChatContext } from './context';

/** The caller as chat sees them: who they are by token, and their directory copy. */
export type Caller = Pick<AuthContext, 'userId' | 'isAdmin' | 'collegeId'>;

/** common's person card, saying when the account was deleted: its history stays, nobody writes to it. */
export function chatPersonOf(userId: string, entry: DirectoryEntry | null | undefined): ChatPerson {
  return { ...personOf(userId, entry), ...(entry?.deleted ? { deleted: true } : {}) };
}

/** Whether `blockerId` blocks `blockedId`, from chat's own copy of social's blocks. */
export async function isBlocking(ctx: ChatContext, blockerId: string, blockedId: string): Promise<boolean> {
  const blocks = await ctx.blocks.all(blocksMadeBy(blockerId));
  return blocks.some((block) => block.blockedId === blockedId);
}

/** Those of `otherIds` who block `userId` or whom `userId` blocks: no presence either way. */
export async function blockedEitherWay(ctx: ChatContext, userId: string, otherIds: string[]): Promise<Set<string>> {
  const [mine, theirs] = await Promise.all([
    ctx.blocks.all(blocksMadeBy(userId)),
    Promise.all(otherIds.map(async (otherId) => ((await isBlocking(ctx, otherId, userId)) ? otherId : null))),
  ]);
  return new Set([...mine.map((block) => block.blockedId), ...theirs.filter((id): id is string => id !== null)]);
}

/**
 * Whether `caller` may write to `otherId` (open a conversation with them or message them): not
 * themselves, someone known, of the caller's college unless either is an admin, and neither has
 * blocked the other. Throws the HTTP error that says why not; returns the other's entry.
 */
export async function assertMayMessage(ctx: ChatContext, caller: Caller, otherId: string): Promise<DirectoryEntry> {
  if (otherId === caller.userId) throw badRequest(CHAT_SELF);
  const entries = await ctx.directory.getMany([caller.userId, otherId]);
  const other = entries.get(otherId);
  // A deleted account's history stays readable, but nobody writes to it any more.
  if (!other || other.deleted) throw notFound(CHAT_USER_NOT_FOUND);
  const me = entries.get(caller.userId);
  const isAdmin = caller.isAdmin || Boolean(me?.isAdmin);
  if (!isAdmin && !other.isAdmin && (!me?.collegeId || me.collegeId !== other.collegeId)) {
    throw forbidden(CHAT_OTHER_COLLEGE);
  }
  const [blockedByOther, blockedByMe] = await Promise.all([
    isBlocking(ctx, otherId, caller.userId),
    isBlocking(ctx, caller.userId, otherId),
  ]);
  if (blockedByOther) throw forbidden(CHAT_BLOCKED);
  if (blockedByMe) throw forbidden(CHAT_YOU_BLOCKED);
  return other;
}

/** Chat is a community feature: an active subscription or admin (402 otherwise), as the REST routes check. */
export async function assertMember(ctx: ChatContext, caller: Caller, options: { writes?: boolean } = {}): Promise<void> {
  if (caller.isAdmin) return;
  const entry = await ctx.directory.get(caller.userId);
  if (!hasActiveSubscription(entry)) throw new HttpError(402, SUBSCRIPTION_REQUIRED_MESSAGE);
  // A read-only account (address not confirmed yet) may read its chats but not send (write-access.ts).
  if (options.writes) assertMayWrite(entry);
}
