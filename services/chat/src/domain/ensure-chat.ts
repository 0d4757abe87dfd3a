import { HttpError } from '@quad/common';
import { type ChatDoc, chatIdOf } from '../models/chat-model';
import type { ChatContext } from './context';

/** The conversation between two users, stored once whoever opens it first (and however many replicas at once). */
export async function ensureChat(ctx: ChatContext, a: string, b: string): Promise<{ chat: ChatDoc; created: boolean }> {
  const id = chatIdOf(a, b);
  const existing = await ctx.chats.find(id);
  if (existing) return { chat: existing, created: false };
  try {
    const participantIds = (a < b ? [a, b] : [b, a]) as [string, string];
    return { chat: await ctx.chats.insert({ _id: id, participantIds, createdAt: new Date() }), created: true };
  } catch (err) {
    if (!(err instanceof HttpError && err.status === 409)) throw err;
    return { chat: (await ctx.chats.find(id))!, created: false };
  }
}

/** How many conversation ids a process remembers as stored before it starts over. */
const KNOWN_CHATS_MAX = 100_000;

/**
 * That the conversation between two users is stored, for every message sent in it. Conversations
 * are never deleted, so once this process has seen one stored it asks no one again.
 */
export async function ensureChatStored(ctx: ChatContext, a: string, b: string): Promise<void> {
  const id = chatIdOf(a, b);
  if (ctx.knownChats.has(id)) return;
  await ensureChat(ctx, a, b);
  if (ctx.knownChats.size >= KNOWN_CHATS_MAX) ctx.knownChats.clear();
  ctx.knownChats.add(id);
}
