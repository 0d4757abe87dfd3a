import { useRef, useState } from 'react';
import { useStore } from 'react-redux';
import { isGroupChatId, type ChatMessage, type TypingNotice } from '@quad/contracts';
import { type ChatSocket, isConversationOpen } from '../../../lib/chat/chat-socket';
import { useSocketEffect } from '../../../lib/chat/use-chat-socket';
import { useToast } from '../../../ui/toast';
import type { RootState } from '../../../app/store';
import { groupsApi } from '../groups-api';

/** How long a 'typing' notice holds without another. */
export const TYPING_SHOWN_MS = 4000;
/** A typing notice is sent at most this often while the user types. */
export const TYPING_SEND_EVERY_MS = 2000;

/** Whether `partnerId` is typing to me now, and a function that tells them I am (or stopped). */
export function useTyping(partnerId: string | null): { partnerTyping: boolean; notifyTyping: (isTyping: boolean) => void } {
  const [partnerTyping, setPartnerTyping] = useState(false);
  const lastSent = useRef(0);
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
  const notifyTyping = (isTyping: boolean) => {
    const socket = socketRef.current;
    if (!partnerId || !socket?.connected) return;
    const now = Date.now();
    if (isTyping && now - lastSent.current < TYPING_SEND_EVERY_MS) return;
    lastSent.current = isTyping ? now : 0;
    socket.emit('typing', { receiverId: partnerId, isTyping });
  };
  return { partnerTyping, notifyTyping };
}

/**
 * A 'New message' notice (spec section 4) when a message arrives from someone whose conversation
 * is not on screen. Mounted once for the signed-in app (ChatNotifier), it also keeps the real-time
 * connection open from sign-in to logout.
 */
export function useNewMessageNotice(myId: string): void {
  const { toast } = useToast();
  const store = useStore<RootState>();
  useSocketEffect(
    (socket) => {
      const onMessage = (message: ChatMessage) => {
        if (message.senderId === myId || isConversationOpen(message.groupId ?? message.senderId)) return;
        const name = [message.sender.firstName, message.sender.lastName].filter(Boolean).join(' ');
        // A group's message: named by the group when its list is loaded, and none from a member blocked either way.
        const group = message.groupId
          ? groupsApi.endpoints.getGroups.select(myId)(store.getState()).data?.find((entry) => entry.id === message.groupId)
          : undefined;
        if (group?.blockedMemberIds.includes(message.senderId)) return;
        const from = group ? `${name} in ${group.name}` : name;
        toast({ title: 'New message', description: from ? `${from}: ${message.content}` : message.content });
      };
      socket.on('message:new', onMessage);
      return () => void socket.off('message:new', onMessage);
    },
    [myId, toast, store],
  );
}
