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
