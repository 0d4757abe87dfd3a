import { useRef, useState, type RefObject } from 'react';
import { isGroupChatId, type ChatMessage, type TypingNotice } from '@quad/contracts';
import type { ChatSocket } from '../../../lib/chat/chat-socket';
import { useSocketEffect } from '../../../lib/chat/use-chat-socket';

/** How long a 'typing' notice holds without another. */
export const TYPING_SHOWN_MS = 4000;
/** A typing notice is sent at most this often while the user types. */
export const TYPING_SEND_EVERY_MS = 2000;

/**
 * The function that tells the other side I am typing (or stopped): at most one 'typing' notice
 * every TYPING_SEND_EVERY_MS while I type, and a stop at once; nothing while the socket is down.
 */
function useTypingNotifier(socketRef: RefObject<ChatSocket | null>, target: { receiverId: string } | { groupId: string } | null) {
  const lastSent = useRef(0);
  return (isTyping: boolean) => {
    const socket = socketRef.current;
    if (!target || !socket?.connected) return;
    const now = Date.now();
    if (isTyping && now - lastSent.current < TYPING_SEND_EVERY_MS) return;
    lastSent.current = isTyping ? now : 0;
    socket.emit('typing', { ...target, isTyping });
  };
}

/** Whether `partnerId` is typing to me now, and a function that tells them I am (or stopped). */
export function useTyping(partnerId: string | null): { partnerTyping: boolean; notifyTyping: (isTyping: boolean) => void } {
  const [partnerTyping, setPartnerTyping] = useState(false);
  const socketRef = useRef<ChatSocket | null>(null);
  useSocketEffect(
    (socket) => {
      socketRef.current = socket;
      setPartnerTyping(false);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const onTyping = (notice: TypingNotice) => {
        if (notice.userId !== partnerId || isGroupChatId(notice.chatId)) return;
        clearTimeout(timer);
        setPartnerTyping(notice.isTyping);
        if (notice.isTyping) timer = setTimeout(() => setPartnerTyping(false), TYPING_SHOWN_MS);
      };
      const onMessage = (message: ChatMessage) => {
        // A message from them ends their typing.
        if (message.senderId === partnerId && !message.groupId) setPartnerTyping(false);
      };
      socket.on('typing', onTyping);
      socket.on('message:new', onMessage);
      return () => {
        clearTimeout(timer);
        socket.off('typing', onTyping);
        socket.off('message:new', onMessage);
        socketRef.current = null;
      };
    },
    [partnerId],
  );
  const notifyTyping = useTypingNotifier(socketRef, partnerId ? { receiverId: partnerId } : null);
  return { partnerTyping, notifyTyping };
}

/**
 * Who is typing in a group now (their ids, never mine and never a member I block or who blocks
 * me), and a function that tells the group I am typing (or stopped).
 */
export function useGroupTyping(
  groupId: string,
  myId: string,
  hiddenIds: string[],
): { typingIds: string[]; notifyTyping: (isTyping: boolean) => void } {
  const [typingIds, setTypingIds] = useState<string[]>([]);
  const socketRef = useRef<ChatSocket | null>(null);
  const hiddenKey = hiddenIds.join(',');
  useSocketEffect(
    (socket) => {
      socketRef.current = socket;
      setTypingIds([]);
      const hidden = new Set(hiddenKey ? hiddenKey.split(',') : []);
      const timers = new Map<string, ReturnType<typeof setTimeout>>();
      const stop = (userId: string) => {
        clearTimeout(timers.get(userId));
        timers.delete(userId);
        setTypingIds((ids) => ids.filter((id) => id !== userId));
      };
      const onTyping = (notice: TypingNotice) => {
        if (notice.chatId !== groupId || notice.userId === myId || hidden.has(notice.userId)) return;
        if (!notice.isTyping) return stop(notice.userId);
        clearTimeout(timers.get(notice.userId));
        timers.set(notice.userId, setTimeout(() => stop(notice.userId), TYPING_SHOWN_MS));
        setTypingIds((ids) => (ids.includes(notice.userId) ? ids : [...ids, notice.userId]));
      };
      const onMessage = (message: ChatMessage) => {
        // A message from them ends their typing.
        if (message.groupId === groupId) stop(message.senderId);
      };
      socket.on('typing', onTyping);
      socket.on('message:new', onMessage);
      return () => {
        for (const timer of timers.values()) clearTimeout(timer);
        socket.off('typing', onTyping);
        socket.off('message:new', onMessage);
        socketRef.current = null;
      };
    },
    [groupId, myId, hiddenKey],
  );
  const notifyTyping = useTypingNotifier(socketRef, { groupId });
  return { typingIds, notifyTyping };
}
