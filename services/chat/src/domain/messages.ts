import { setTimeout as sleep } from 'node:timers/promises';
import { Types } from 'mongoose';
import {
  CATCH_UP_LIMIT,
  MESSAGE_RATE_LIMITED,
  type ChatMessage,
  type ReadReceipt,
  type SendGroupMessageBody,
  type SendMessageBody,
  sendGroupMessageBodySchema,
  sendMessageBodySchema,
} from '@quad/contracts';
import { HttpError, type ListDef, parse, takeAllowance } from '@quad/common';
import { chatIdOf } from '../models/chat-model';
import { isGroupChatId } from '../models/group-model';
import type { MessageDoc } from '../models/message-model';
import { type ReadMarkDoc, readMarkIdOf } from '../models/read-mark-model';
import { ensureChatStored } from './ensure-chat';
import type { ChatContext } from './context';
import { memberGroup } from './group-access';
import { conversation, readMarksIn, receivedIn, sentIn } from './lists';
import { type Caller, assertMayMessage } from './people';
import { isCoveredBy, positionOf, presentMessage } from './present';

/** How long a resend waits for the first send of the same message to be stored. */
const RESEND_WAIT_MS = 5000;
/**
 * How much older than the client's last message the reconnect catch-up also looks: a message is
 * listed once stored, and one stored late sorts before messages stored (and seen) meanwhile. The
 * client keeps each message once by id.
 */
const CATCH_UP_OVERLAP_MS = 60_000;
/** A client id's claim: the message's id, and this suffix once it went out live. */
const DELIVERED_SUFFIX = ':delivered';
/** How long a message's client id is remembered against resends. */
const CLIENT_ID_TTL_SECONDS = 24 * 3600;

export interface Sent {
  message: ChatMessage;
  /** False when this was a resend of a message already stored (delivered by it only if its first send died before delivering). */
  created: boolean;
}

/** A conversation's read marks (one per participant who has read in it). */
export function readMarksOf(ctx: ChatContext, chatId: string): Promise<ReadMarkDoc[]> {
  return ctx.readMarks.all(readMarksIn(chatId));
}

/** Presents messages of one conversation with its read marks (read unless given) and the senders' names. */
async function presentAll(
  ctx: ChatContext,
  chatId: string,
  docs: MessageDoc[],
  knownMarks?: Promise<ReadMarkDoc[]>,
): Promise<ChatMessage[]> {
  if (docs.length === 0) return [];
  const group = isGroupChatId(chatId);
  const senders = group
    ? [...new Set(docs.map((doc) => doc.senderId))]
    : (chatId.split(':') as [string, string]);
  const [marks, people] = await Promise.all([
    knownMarks ?? readMarksOf(ctx, chatId),
    ctx.directory.getMany(senders),
  ]);
  if (group) return docs.map((doc) => presentMessage(doc, people.get(doc.senderId), null, marks));
  const markOf = (userId: string) => marks.find((mark) => mark.readerId === userId);
  return docs.map((doc) => presentMessage(doc, people.get(doc.senderId), markOf(doc.receiverId)));
}

/** Where a send goes: a pair's conversation (`receiverId`), or a group (`groupId`, its receiver the group). */
interface SendTarget {
  chatId: string;
  receiverId: string;
  content: string;
  clientId?: string;
  /** Who may write there (college and blocks, or group membership); throws why not. */
  may: () => Promise<unknown>;
  /** That the conversation is stored (a group is stored when created). */
  store: () => Promise<void>;
}

function sendTargetOf(
  ctx: ChatContext,
  caller: Caller,
  input: SendMessageBody | SendGroupMessageBody | unknown,
): SendTarget {
  const toGroup =
    typeof input === 'object' && input !== null && 'groupId' in input && !('receiverId' in input);
  if (toGroup) {
    const body = parse(sendGroupMessageBodySchema, input);
    return {
      ...body,
      chatId: body.groupId,
      receiverId: body.groupId,
      may: () => memberGroup(ctx, caller, body.groupId),
      store: () => Promise.resolve(),
    };
  }
  const body = parse(sendMessageBodySchema, input);
  return {
    ...body,
    chatId: chatIdOf(caller.userId, body.receiverId),
    may: () => assertMayMessage(ctx, caller, body.receiverId),
    store: () => ensureChatStored(ctx, caller.userId, body.receiverId),
  };
}

/**
 * Stores a message from `caller` and returns it as it will be delivered. Checks, in order: the
 * body, who may write to whom (college, blocks), the sender's rate limit. With a `clientId`, a
 * second send of the same message returns the first one's stored message (`created: false`), so a
 * client resending after a lost ack never makes a duplicate.
 */
export async function sendMessage(
  ctx: ChatContext,
  caller: Caller,
  input: SendMessageBody | SendGroupMessageBody | unknown,
  options: {
    /**
     * Called with the new message (never for a resend) once it is stored, in the same tick as its
     * list writes are queued: a broadcast made in it on the shared Redis connection leaves in the
     * same write and reaches the other replicas after the lists have it. The send resolves after.
     */
    onStored?: (message: ChatMessage) => void;
  } = {},
): Promise<Sent> {
  const body = sendTargetOf(ctx, caller, input);
  const { chatId } = body;
  let id = new Types.ObjectId();
  const claimKey = body.clientId
    ? `chat:${ctx.namespace}:client-message:${caller.userId}:${body.clientId}`
    : null;
  // The checks and the resend claim go out together (one round trip to Redis, not three); a message
  // refused by a check gives its claim back, so a resend gets the same refusal.
  const [may, allowance, claim] = await Promise.allSettled([
    body.may(),
    takeAllowance(ctx.messageLimiter, caller.userId, MESSAGE_RATE_LIMITED),
    claimKey
      ? ctx.redis.set(claimKey, id.toHexString(), 'EX', CLIENT_ID_TTL_SECONDS, 'NX')
      : Promise.resolve('OK' as const),
  ]);
  const claimed = claim.status === 'fulfilled' && claim.value === 'OK';
  const release = () =>
    claimKey && claimed
      ? ctx.redis.del(claimKey).then(
          () => undefined,
          () => undefined,
        )
      : Promise.resolve();
  for (const check of [may, allowance, claim]) {
    if (check.status === 'rejected') {
      await release();
      throw check.reason;
    }
  }
  /** Delivers live (the caller's `onStored`) and records that on the claim, so a resend does not again. */
  const deliver = (message: ChatMessage) => {
    try {
      options.onStored?.(message);
    } catch (err) {
      // Stored all the same: the tabs catch up on reconnect, and the send is not refused.
      ctx.logger.error({ err }, 'a stored message was not delivered live');
      return;
    }
    if (claimKey)
      void ctx.redis
        .set(claimKey, `${id.toHexString()}${DELIVERED_SUFFIX}`, 'KEEPTTL')
        .catch(() => undefined);
  };
  const storedBefore = async (doc: MessageDoc, undelivered: boolean): Promise<Sent> => {
    const message = (await presentAll(ctx, doc.chatId, [doc]))[0]!;
    if (undelivered) deliver(message);
    return { message, created: false };
  };
  if (claimKey && !claimed) {
    const claimValue = await ctx.redis.get(claimKey);
    const deadline = Date.now() + RESEND_WAIT_MS;
    if (!claimValue) throw new HttpError(409, 'This message is still being sent. Please try again.');
    id = new Types.ObjectId(claimValue.replace(DELIVERED_SUFFIX, ''));
    for (;;) {
      // From the database, and mirrored if the first send died before its list indexes had it
      // (else the conversation's history and catch-up would never show it). Stored and never
      // delivered: its first send died in between, so this one delivers it.
      const first = await ctx.messages.refresh(id);
      if (first) return storedBefore(first, !claimValue.endsWith(DELIVERED_SUFFIX));
      if (Date.now() > deadline) break;
      await sleep(50);
    }
    // The first send claimed the message and never stored it: its process died in between (or it
    // is very slow). This resend stores it, under the id the first one claimed, so whichever of the
    // two writes comes second finds the id taken, and the message is stored once either way.
  }
  let message: ChatMessage | undefined;
  try {
    const [sender] = await Promise.all([ctx.directory.get(caller.userId), body.store()]);
    const doc = await ctx.messages.append(
      {
        _id: id,
        chatId,
        senderId: caller.userId,
        receiverId: body.receiverId,
        content: body.content,
        clientId: body.clientId ?? null,
        createdAt: new Date(),
      },
      {
        whileMirroring: (stored) => {
          message = presentMessage(stored, sender, null, []);
          deliver(message);
        },
      },
    );
    message ??= presentMessage(doc, sender, null, []);
  } catch (err) {
    // Stored meanwhile under this id by the other send of it (see above): that one is the message.
    // A resend delivers it unless the first send recorded its delivery: a first send that stored it
    // this late has usually died; a first send that finds its id taken leaves delivery to the resend.
    const stored = claimKey ? await ctx.messages.refresh(id).catch(() => null) : null;
    if (stored) {
      const undelivered =
        !claimed && !(await ctx.redis.get(claimKey!).catch(() => null))?.endsWith(DELIVERED_SUFFIX);
      return storedBefore(stored, undelivered);
    }
    // Not stored: a resend must be free to store it.
    await release();
    throw err;
  }
  return { message, created: true };
}

/** Where a history page starts and how long it is. */
type PageRequest = { cursor?: string; limit: number };
/** A history page: its messages newest first, and the next page's cursor (null on the last). */
type HistoryPage = { messages: ChatMessage[]; nextCursor: string | null };

/** One page of the conversation between `caller` and `otherId`, newest first, from its list index. */
export async function historyPage(
  ctx: ChatContext,
  caller: Caller,
  otherId: string,
  options: PageRequest,
): Promise<HistoryPage> {
  return pageOf(ctx, chatIdOf(caller.userId, otherId), options);
}

/** One page of a group's conversation, newest first, for a member of it. */
export async function groupHistoryPage(
  ctx: ChatContext,
  caller: Caller,
  groupId: string,
  options: PageRequest,
): Promise<HistoryPage> {
  await memberGroup(ctx, caller, groupId);
  return pageOf(ctx, groupId, options);
}

async function pageOf(ctx: ChatContext, chatId: string, options: PageRequest): Promise<HistoryPage> {
  const page = await ctx.messages.page(conversation(chatId), {
    cursor: options.cursor,
    limit: options.limit,
  });
  return { messages: await presentAll(ctx, chatId, page.items), nextCursor: page.nextCursor };
}

/**
 * Reconnect catch-up: the messages of the conversation after `afterId` (the newest one the client
 * has), oldest first. `complete` is false when more than CATCH_UP_LIMIT came after it (or it is
 * unknown): the client then reloads the conversation's first page instead.
 */
export async function messagesSince(
  ctx: ChatContext,
  caller: Caller,
  otherId: string,
  afterId: string,
): Promise<{ messages: ChatMessage[]; complete: boolean }> {
  return sinceIn(ctx, chatIdOf(caller.userId, otherId), afterId);
}

/** Reconnect catch-up in a group the caller is a member of (as `messagesSince`). */
export async function groupMessagesSince(
  ctx: ChatContext,
  caller: Caller,
  groupId: string,
  afterId: string,
): Promise<{ messages: ChatMessage[]; complete: boolean }> {
  await memberGroup(ctx, caller, groupId);
  return sinceIn(ctx, groupId, afterId);
}

async function sinceIn(
  ctx: ChatContext,
  chatId: string,
  afterId: string,
): Promise<{ messages: ChatMessage[]; complete: boolean }> {
  const { items } = await ctx.messages.page(conversation(chatId), { limit: CATCH_UP_LIMIT + 1 });
  const cut = items.findIndex((doc) => String(doc._id) === afterId);
  if (cut === -1)
    return {
      messages: await presentAll(ctx, chatId, items.slice(0, CATCH_UP_LIMIT).reverse()),
      complete: false,
    };
  // A message stored late (a slow write, or a resend finishing what a crashed replica stored) sorts
  // before messages the client already saw: those just older than `afterId` come along too.
  const overlapFrom = new Date(items[cut]!.createdAt).getTime() - CATCH_UP_OVERLAP_MS;
  let end = cut + 1;
  while (end < items.length && new Date(items[end]!.createdAt).getTime() >= overlapFrom) end += 1;
  const newer = items.slice(0, end).filter((_, i) => i !== cut);
  return { messages: await presentAll(ctx, chatId, newer.reverse()), complete: true };
}

/**
 * `caller` has read everything `otherId` sent them in their conversation so far: their read mark
 * moves forward to the newest message they received (never back). Returns the receipt for the
 * sender, or null when there was nothing new to mark.
 */
export async function markRead(
  ctx: ChatContext,
  caller: Caller,
  otherId: string,
): Promise<ReadReceipt | null> {
  const chatId = chatIdOf(caller.userId, otherId);
  return readUpTo(ctx, chatId, caller.userId, receivedIn(chatId, caller.userId));
}

/** `caller` has read everything in a group of theirs so far (their own messages too). Receipt as `markRead`. */
export async function markGroupRead(
  ctx: ChatContext,
  caller: Caller,
  groupId: string,
): Promise<ReadReceipt | null> {
  await memberGroup(ctx, caller, groupId);
  return readUpTo(ctx, groupId, caller.userId, conversation(groupId));
}

/** A member added to a group starts with what was said before read (their unread count starts at 0). */
export async function startReadingAtNewest(
  ctx: ChatContext,
  groupId: string,
  readerId: string,
): Promise<void> {
  await readUpTo(ctx, groupId, readerId, conversation(groupId));
}

/** Moves `readerId`'s mark in a conversation to the newest message on `list`; the receipt, or null when there is none or nothing new. */
async function readUpTo(
  ctx: ChatContext,
  chatId: string,
  readerId: string,
  list: ListDef<MessageDoc>,
): Promise<ReadReceipt | null> {
  const [newest] = await ctx.messages.newest(list, 1);
  return newest ? moveReadMark(ctx, chatId, readerId, newest) : null;
}

/** Moves `readerId`'s mark in a conversation forward to `newest` (never back); the receipt, or null when it was there already. */
async function moveReadMark(
  ctx: ChatContext,
  chatId: string,
  readerId: string,
  newest: MessageDoc,
): Promise<ReadReceipt | null> {
  const { score, id } = positionOf(newest);
  const markId = readMarkIdOf(chatId, readerId);
  const readAt = new Date();
  const group = isGroupChatId(chatId);
  const receipt = (previous: ReadMarkDoc | null): ReadReceipt => ({
    chatId,
    readerId,
    upToId: id,
    readAt: readAt.toISOString(),
    ...(group ? { previousUpToId: previous?.upToId ?? null } : {}),
  });
  for (let attempt = 0; attempt < 3; attempt++) {
    const mark = await ctx.readMarks.find(markId);
    if (mark) {
      if (isCoveredBy(newest, mark)) return null;
      let before: ReadMarkDoc | null = null;
      await ctx.readMarks.update(markId, (current) => {
        if (isCoveredBy(newest, current)) return null;
        before = current;
        return { upToScore: score, upToId: id, readAt };
      });
      return before ? receipt(before) : null;
    }
    try {
      await ctx.readMarks.insert({ _id: markId, chatId, readerId, upToScore: score, upToId: id, readAt });
      return receipt(null);
    } catch (err) {
      // Another tab's read stored the mark first: move it on the next round.
      if (!(err instanceof HttpError && err.status === 409)) throw err;
    }
  }
  return null;
}

/**
 * How many messages `readerId` has not read in a conversation, up to `cap`: those newer than their
 * read mark (one of the conversation's `marks`). In a direct conversation they are counted in the
 * index of what the reader received; in a group, the group's newer messages less the reader's own.
 */
export async function unreadCount(
  ctx: ChatContext,
  chatId: string,
  readerId: string,
  marks: ReadMarkDoc[],
  cap: number,
): Promise<number> {
  const mark = marks.find((entry) => entry.readerId === readerId);
  const position = mark ? { score: mark.upToScore, id: mark.upToId } : null;
  if (!isGroupChatId(chatId))
    return Math.min(cap, await ctx.messages.countNewer(receivedIn(chatId, readerId), position));
  const [all, own] = await Promise.all([
    ctx.messages.countNewer(conversation(chatId), position),
    ctx.messages.countNewer(sentIn(chatId, readerId), position),
  ]);
  return Math.min(cap, Math.max(0, all - own));
}

/**
 * The newest message of a conversation, presented with the conversation's `marks` (already on their
 * way: the message is read meanwhile); null for a conversation without messages.
 */
export async function lastMessageOf(
  ctx: ChatContext,
  chatId: string,
  marks: Promise<ReadMarkDoc[]>,
): Promise<ChatMessage | null> {
  const newest = await ctx.messages.newest(conversation(chatId), 1);
  return (await presentAll(ctx, chatId, newest, marks))[0] ?? null;
}
