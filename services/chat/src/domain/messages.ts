import { setTimeout as sleep } from 'node:timers/promises';
import { Types } from 'mongoose';
import {
  CATCH_UP_LIMIT,
  type ChatMessage,
  type ReadReceipt,
  type SendMessageBody,
  sendMessageBodySchema,
} from '@quad/contracts';
import { HttpError, InvalidCursorError, badRequest, parse } from '@quad/common';
import { chatIdOf } from '../models/chat-model';
import type { MessageDoc } from '../models/message-model';
import { type ReadMarkDoc, readMarkIdOf } from '../models/read-mark-model';
import { ensureChatStored } from './ensure-chat';
import type { ChatContext } from './context';
import { conversation, readMarksIn, receivedIn } from './lists';
import { type Caller, assertMayMessage } from './people';
import { isCoveredBy, positionOf, presentMessage } from './present';
import { takeMessageAllowance } from './rate-limit';

/** How long a resend waits for the first send of the same message to be stored. */
const RESEND_WAIT_MS = 5000;
/** How long a message's client id is remembered against resends. */
const CLIENT_ID_TTL_SECONDS = 24 * 3600;

export interface Sent {
  message: ChatMessage;
  /** False when this was a resend of a message already stored: nothing new to deliver. */
  created: boolean;
}

/** A conversation's read marks (one per participant who has read in it). */
export function readMarksOf(ctx: ChatContext, chatId: string): Promise<ReadMarkDoc[]> {
  return ctx.readMarks.all(readMarksIn(chatId));
}

/** Presents messages of one conversation with both participants' read marks (read unless given) and names. */
async function presentAll(ctx: ChatContext, chatId: string, docs: MessageDoc[], knownMarks?: Promise<ReadMarkDoc[]>): Promise<ChatMessage[]> {
  if (docs.length === 0) return [];
  const [a, b] = chatId.split(':') as [string, string];
  const [marks, people] = await Promise.all([knownMarks ?? readMarksOf(ctx, chatId), ctx.directory.getMany([a, b])]);
  const markOf = (userId: string) => marks.find((mark) => mark.readerId === userId);
  return docs.map((doc) => presentMessage(doc, people.get(doc.senderId), markOf(doc.receiverId)));
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
  input: SendMessageBody | unknown,
  options: {
    /**
     * Called with the new message (never for a resend) once it is stored, in the same tick as its
     * list writes are queued: a broadcast made in it on the shared Redis connection leaves in the
     * same write and reaches the other replicas after the lists have it. The send resolves after.
     */
    onStored?: (message: ChatMessage) => void;
  } = {},
): Promise<Sent> {
  const body = parse(sendMessageBodySchema, input);
  const chatId = chatIdOf(caller.userId, body.receiverId);
  const id = new Types.ObjectId();
  const claimKey = body.clientId ? `chat:${ctx.namespace}:client-message:${caller.userId}:${body.clientId}` : null;
  // The checks and the resend claim go out together (one round trip to Redis, not three); a message
  // refused by a check gives its claim back, so a resend gets the same refusal.
  const [may, allowance, claim] = await Promise.allSettled([
    assertMayMessage(ctx, caller, body.receiverId),
    takeMessageAllowance(ctx, caller.userId),
    claimKey ? ctx.redis.set(claimKey, id.toHexString(), 'EX', CLIENT_ID_TTL_SECONDS, 'NX') : Promise.resolve('OK' as const),
  ]);
  const claimed = claim.status === 'fulfilled' && claim.value === 'OK';
  const release = () => (claimKey && claimed ? ctx.redis.del(claimKey).then(() => undefined, () => undefined) : Promise.resolve());
  for (const check of [may, allowance, claim]) {
    if (check.status === 'rejected') {
      await release();
      throw check.reason;
    }
  }
  if (claimKey && !claimed) {
    const firstId = await ctx.redis.get(claimKey);
    const deadline = Date.now() + RESEND_WAIT_MS;
    if (firstId) {
      for (;;) {
        const first = await ctx.messages.find(new Types.ObjectId(firstId));
        if (first) return { message: (await presentAll(ctx, first.chatId, [first]))[0]!, created: false };
        if (Date.now() > deadline) break;
        await sleep(50);
      }
    }
    throw new HttpError(409, 'This message is still being sent. Please try again.');
  }
  let message: ChatMessage | undefined;
  try {
    const [sender] = await Promise.all([ctx.directory.get(caller.userId), ensureChatStored(ctx, caller.userId, body.receiverId)]);
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
          message = presentMessage(stored, sender, null);
          try {
            options.onStored?.(message);
          } catch (err) {
            // Stored all the same: the tabs catch up on reconnect, and the send is not refused.
            ctx.logger.error({ err }, 'a stored message was not delivered live');
          }
        },
      },
    );
    message ??= presentMessage(doc, sender, null);
  } catch (err) {
    // Not stored: a resend must be free to store it.
    await release();
    throw err;
  }
  return { message, created: true };
}

/** One page of the conversation between `caller` and `otherId`, newest first, from its list index. */
export async function historyPage(
  ctx: ChatContext,
  caller: Caller,
  otherId: string,
  options: { cursor?: string; limit: number },
): Promise<{ messages: ChatMessage[]; nextCursor: string | null }> {
  const chatId = chatIdOf(caller.userId, otherId);
  try {
    const page = await ctx.messages.page(conversation(chatId), { cursor: options.cursor, limit: options.limit });
    return { messages: await presentAll(ctx, chatId, page.items), nextCursor: page.nextCursor };
  } catch (err) {
    if (err instanceof InvalidCursorError) throw badRequest('Invalid cursor.');
    throw err;
  }
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
  const chatId = chatIdOf(caller.userId, otherId);
  const { items } = await ctx.messages.page(conversation(chatId), { limit: CATCH_UP_LIMIT + 1 });
  const cut = items.findIndex((doc) => String(doc._id) === afterId);
  const newer = cut === -1 ? items.slice(0, CATCH_UP_LIMIT) : items.slice(0, cut);
  return { messages: (await presentAll(ctx, chatId, newer.reverse())), complete: cut !== -1 };
}

/**
 * `caller` has read everything `otherId` sent them in their conversation so far: their read mark
 * moves forward to the newest message they received (never back). Returns the receipt for the
 * sender, or null when there was nothing new to mark.
 */
export async function markRead(ctx: ChatContext, caller: Caller, otherId: string): Promise<ReadReceipt | null> {
  const chatId = chatIdOf(caller.userId, otherId);
  const [newest] = await ctx.messages.newest(receivedIn(chatId, caller.userId), 1);
  if (!newest) return null;
  const { score, id } = positionOf(newest);
  const markId = readMarkIdOf(chatId, caller.userId);
  const readAt = new Date();
  const receipt = { chatId, readerId: caller.userId, upToId: id, readAt: readAt.toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    const mark = await ctx.readMarks.find(markId);
    if (mark) {
      if (isCoveredBy(newest, mark)) return null;
      let moved = false;
      await ctx.readMarks.update(markId, (current) => {
        if (isCoveredBy(newest, current)) return null;
        moved = true;
        return { upToScore: score, upToId: id, readAt };
      });
      return moved ? receipt : null;
    }
    try {
      await ctx.readMarks.insert({ _id: markId, chatId, readerId: caller.userId, upToScore: score, upToId: id, readAt });
      return receipt;
    } catch (err) {
      // Another tab's read stored the mark first: move it on the next round.
      if (!(err instanceof HttpError && err.status === 409)) throw err;
    }
  }
  return null;
}

/**
 * How many messages `readerId` has not read in a conversation, up to `cap`: those their read mark
 * (one of the conversation's `marks`) does not cover, counted in the index of what they received.
 */
export async function unreadCount(ctx: ChatContext, chatId: string, readerId: string, marks: ReadMarkDoc[], cap: number): Promise<number> {
  const mark = marks.find((entry) => entry.readerId === readerId);
  const unread = await ctx.messages.countNewer(receivedIn(chatId, readerId), mark ? { score: mark.upToScore, id: mark.upToId } : null);
  return Math.min(cap, unread);
}

/**
 * The newest message of a conversation, presented with the conversation's `marks` (already on their
 * way: the message is read meanwhile); null for a conversation without messages.
 */
export async function lastMessageOf(ctx: ChatContext, chatId: string, marks: Promise<ReadMarkDoc[]>): Promise<ChatMessage | null> {
  const newest = await ctx.messages.newest(conversation(chatId), 1);
  return (await presentAll(ctx, chatId, newest, marks))[0] ?? null;
}
