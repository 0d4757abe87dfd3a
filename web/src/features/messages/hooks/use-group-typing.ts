import { useRef, useState } from 'react';
import type { ChatMessage, TypingNotice } from '@quad/contracts';
import type { ChatSocket } from '../../../lib/chat/chat-socket';
import { useSocketEffect } from '../../../lib/chat/use-chat-socket';
import { TYPING_SEND_EVERY_MS, TYPING_SHOWN_MS } from './use-chat-socket';

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
  const lastSent = useRef(0);
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
  const notifyTyping = (isTyping: boolean) => {
    const socket = socketRef.current;
    if (!socket?.connected) return;
    const now = Date.now();
    if (isTyping && now - lastSent.current < TYPING_SEND_EVERY_MS) return;
    lastSent.current = isTyping ? now : 0;
    socket.emit('typing', { groupId, isTyping });
  };
  return { typingIds, notifyTyping };
}
