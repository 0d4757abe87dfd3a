import { type ChatSummary, UNREAD_COUNT_CAP } from '@quad/contracts';
import type { ChatDoc } from '../models/chat-model';
import type { ChatContext } from './context';
import { ensureChat } from './ensure-chat';
import { chatsOf } from './lists';
import { lastMessageOf, readMarksOf, unreadCount } from './messages';
import { type Caller, assertMayMessage, chatPersonOf } from './people';

async function summarize(ctx: ChatContext, viewerId: string, chat: ChatDoc): Promise<ChatSummary> {
  const participantId = chat.participantIds.find((id) => id !== viewerId) ?? viewerId;
  // The conversation's read marks once, for the last message's read state and the viewer's unread
  // count, read alongside the newest message and the partner rather than before them.
  const marks = readMarksOf(ctx, chat._id);
  const [lastMessage, unread, partner] = await Promise.all([
    lastMessageOf(ctx, chat._id, marks),
    marks.then((known) => unreadCount(ctx, chat._id, viewerId, known, UNREAD_COUNT_CAP)),
    ctx.directory.get(participantId),
  ]);
  return {
    id: chat._id,
    participantId,
    participant: chatPersonOf(participantId, partner),
    lastMessage,
    lastActivityAt: lastMessage?.createdAt ?? chat.createdAt.toISOString(),
    unreadCount: unread,
    senderId: lastMessage?.senderId ?? null,
    receiverId: lastMessage?.receiverId ?? null,
    content: lastMessage?.content ?? null,
    createdAt: lastMessage?.createdAt ?? chat.createdAt.toISOString(),
  };
}

/** POST /api/chats: opens (or finds) the conversation with `participantId`, if the caller may write to them. */
export async function openChat(ctx: ChatContext, caller: Caller, participantId: string): Promise<{ summary: ChatSummary; created: boolean }> {
  await assertMayMessage(ctx, caller, participantId);
  const { chat, created } = await ensureChat(ctx, caller.userId, participantId);
  return { summary: await summarize(ctx, caller.userId, chat), created };
}

/** GET /api/chats: the caller's conversations, newest activity first, each with its last message and unread count. */
export async function listChats(ctx: ChatContext, caller: Caller): Promise<ChatSummary[]> {
  const chats = await ctx.chats.all(chatsOf(caller.userId));
  const summaries = await Promise.all(chats.map((chat) => summarize(ctx, caller.userId, chat)));
  return summaries.sort((x, y) => y.lastActivityAt.localeCompare(x.lastActivityAt) || y.id.localeCompare(x.id));
}
