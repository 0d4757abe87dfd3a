import type { ListDef } from '@quad/common';
import type { ChatDoc } from '../models/chat-model';
import type { FriendshipDoc } from '../models/friendship-model';
import { type GroupDoc, isGroupChatId } from '../models/group-model';
import type { MessageDoc } from '../models/message-model';
import type { MessageReportDoc } from '../models/message-report-model';
import type { ReadMarkDoc } from '../models/read-mark-model';

/*
 * Chat's lists, each kept by its repository beside every write (see @quad/common's repository):
 * a conversation's messages (history pages, newest first, and its last message), the messages
 * one participant received in it (unread counts), each user's conversations, a conversation's
 * read marks, and the users one user blocks. History is never read with a sorted query, which
 * FerretDB answers by reading every message; and the checks of every send (blocks, read marks,
 * usually absent) are answered from these lists in Redis, not by a database lookup that finds
 * nothing (and so caches nothing).
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

/** What one member sent in a group: a member's unread count is the group's newer messages less these. */
export function sentIn(chatId: string, senderId: string): ListDef<MessageDoc> {
  return {
    name: `chat:${chatId}:from:${senderId}`,
    filter: { chatId, senderId },
    contains: (message) => message.chatId === chatId && message.senderId === senderId,
  };
}

export function listsOfMessage(message: Pick<MessageDoc, 'chatId' | 'receiverId' | 'senderId'>): Array<ListDef<MessageDoc>> {
  // A group message is stored once, whatever the number of members (its receiver is the group).
  if (isGroupChatId(message.chatId)) return [conversation(message.chatId), sentIn(message.chatId, message.senderId)];
  return [conversation(message.chatId), receivedIn(message.chatId, message.receiverId)];
}

export function chatsOf(userId: string): ListDef<ChatDoc> {
  return {
    name: `user:${userId}:chats`,
    filter: { participantIds: userId },
    contains: (chat) => chat.participantIds.includes(userId),
  };
}

export function readMarksIn(chatId: string): ListDef<ReadMarkDoc> {
  return { name: `chat:${chatId}:read-marks`, filter: { chatId }, contains: (mark) => mark.chatId === chatId };
}

/** The groups a user is a member of now. */
export function groupsOf(userId: string): ListDef<GroupDoc> {
  return {
    name: `user:${userId}:groups`,
    filter: { memberIds: userId },
    contains: (group) => group.memberIds.includes(userId),
  };
}

/** A user's friends now (live facts only): groups are made from them. */
export function friendshipsOf(userId: string): ListDef<FriendshipDoc> {
  return {
    name: `user:${userId}:friendships`,
    filter: { userIds: userId, live: true },
    contains: (friendship) => friendship.live && friendship.userIds.includes(userId),
  };
}

/** The messages one student reported (their account export and deletion). */
export function messageReportsBy(reporterId: string): ListDef<MessageReportDoc> {
  return { name: `user:${reporterId}:message-reports`, filter: { reporterId }, contains: (report) => report.reporterId === reporterId };
}
