import type { ChatMessage } from '@quad/contracts';
import type { DirectoryEntry } from '@quad/common';
import { isGroupChatId } from '../models/group-model';
import type { MessageDoc } from '../models/message-model';
import type { ReadMarkDoc } from '../models/read-mark-model';

/** A message's place in its conversation: time in ms, then id (ObjectIds of one process grow). */
export function positionOf(message: Pick<MessageDoc, '_id' | 'createdAt'>): { score: number; id: string } {
  return { score: message.createdAt.getTime(), id: String(message._id) };
}

/** Whether a message is at or before a read mark. */
export function isCoveredBy(message: Pick<MessageDoc, '_id' | 'createdAt'>, mark: ReadMarkDoc | null | undefined): boolean {
  if (!mark) return false;
  const { score, id } = positionOf(message);
  return score < mark.upToScore || (score === mark.upToScore && id <= mark.upToId);
}

/**
 * A stored message as the API and the socket send it; `receiverMark` decides `isRead`. A group's
 * message is read when any other member's mark (of its `groupMarks`) covers it, and counts them.
 */
export function presentMessage(
  message: MessageDoc,
  sender: DirectoryEntry | undefined | null,
  receiverMark: ReadMarkDoc | null | undefined,
  groupMarks?: ReadMarkDoc[],
): ChatMessage {
  if (isGroupChatId(message.chatId)) {
    const seenBy = (groupMarks ?? []).filter((mark) => mark.readerId !== message.senderId && isCoveredBy(message, mark)).length;
    return { ...presentOne(message, sender, null), isRead: seenBy > 0, groupId: message.chatId, seenBy };
  }
  return presentOne(message, sender, receiverMark);
}

function presentOne(message: MessageDoc, sender: DirectoryEntry | undefined | null, receiverMark: ReadMarkDoc | null | undefined): ChatMessage {
  return {
    id: String(message._id),
    chatId: message.chatId,
    senderId: message.senderId,
    receiverId: message.receiverId,
    content: message.content,
    createdAt: message.createdAt.toISOString(),
    isRead: isCoveredBy(message, receiverMark),
    clientId: message.clientId,
    sender: { firstName: sender?.firstName ?? '', lastName: sender?.lastName ?? '' },
  };
}
