import type { ListDef } from '@quad/common';
import type { ChatDoc } from '../models/chat-model';
import type { MessageDoc } from '../models/message-model';

/*
 * Chat's lists, each kept by its repository beside every write (see @quad/common's repository):
 * a conversation's messages (history pages, newest first, and its last message), the messages
 * one participant received in it (unread counts), and each user's conversations. History is
 * never read with a sorted query, which FerretDB answers by reading every message.
 */

export function conversation(chatId: string): ListDef<MessageDoc> {
  return { name: `chat:${chatId}`, filter: { chatId }, contains: (message) => message.chatId === chatId };
}

export function receivedIn(chatId: string, receiverId: string): ListDef<MessageDoc> {
  return {
    name: `chat:${chatId}:to:${receiverId}`,
    filter: { chatId, receiverId },
    contains: (message) => message.chatId === chatId && message.receiverId === receiverId,
  };
}

export function listsOfMessage(message: Pick<MessageDoc, 'chatId' | 'receiverId'>): Array<ListDef<MessageDoc>> {
  return [conversation(message.chatId), receivedIn(message.chatId, message.receiverId)];
}

export function chatsOf(userId: string): ListDef<ChatDoc> {
  return {
    name: `user:${userId}:chats`,
    filter: { participantIds: userId },
    contains: (chat) => chat.participantIds.includes(userId),
  };
}
