import { type ListDef, listWhere } from '@quad/common';
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
  return listWhere(`chat:${chatId}`, { chatId });
}

export function receivedIn(chatId: string, receiverId: string): ListDef<MessageDoc> {
  return listWhere(`chat:${chatId}:to:${receiverId}`, { chatId, receiverId });
}

/** What one member sent in a group: a member's unread count is the group's newer messages less these. */
export function sentIn(chatId: string, senderId: string): ListDef<MessageDoc> {
  return listWhere(`chat:${chatId}:from:${senderId}`, { chatId, senderId });
}

export function listsOfMessage(
  message: Pick<MessageDoc, 'chatId' | 'receiverId' | 'senderId'>,
): Array<ListDef<MessageDoc>> {
  // A group message is stored once, whatever the number of members (its receiver is the group).
  if (isGroupChatId(message.chatId))
    return [conversation(message.chatId), sentIn(message.chatId, message.senderId)];
  return [conversation(message.chatId), receivedIn(message.chatId, message.receiverId)];
}

export function chatsOf(userId: string): ListDef<ChatDoc> {
  return listWhere(`user:${userId}:chats`, { participantIds: userId });
}

export function readMarksIn(chatId: string): ListDef<ReadMarkDoc> {
  return listWhere(`chat:${chatId}:read-marks`, { chatId });
}

/** The groups a user is a member of now. */
export function groupsOf(userId: string): ListDef<GroupDoc> {
  return listWhere(`user:${userId}:groups`, { memberIds: userId });
}

/** A user's friends now (live facts only): groups are made from them. */
export function friendshipsOf(userId: string): ListDef<FriendshipDoc> {
  return listWhere(`user:${userId}:friendships`, { userIds: userId, live: true });
}

/** The messages one student reported (their account export and deletion). */
export function messageReportsBy(reporterId: string): ListDef<MessageReportDoc> {
  return listWhere(`user:${reporterId}:message-reports`, { reporterId });
}
