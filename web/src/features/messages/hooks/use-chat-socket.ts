import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { ChatMessage, Presence, TypingNotice } from '@quad/contracts';
import { useToast } from '../../../ui/toast';
import {
  type ChatSocket,
  acquireChatSocket,
  isChatConnected,
  isConversationOpen,
  releaseChatSocket,
  request,
  subscribeChatStatus,
} from '../chat-socket';

/** Holds the connection open while the component is mounted, and calls `attach` with it. */
function useSocketEffect(attach: (socket: ChatSocket) => (() => void) | void, deps: unknown[]) {
  useEffect(() => {
    const socket = acquireChatSocket();
    const detach = attach(socket);
    return () => {
      detach?.();
      releaseChatSocket();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
}

/** Connected or not, live (the Connected/Disconnected indicator). */
export function useChatConnected(): boolean {
  useSocketEffect(() => undefined, []);
  return useSyncExternalStore(subscribeChatStatus, isChatConnected, () => false);
}

/** Online status and 'Last seen' of these users: asked on (re)connect, then kept by presence events. */
export function usePresence(userIds: string[]): Map<string, Presence> {
  const [presence, setPresence] = useState(() => new Map<string, Presence>());
  const key = [...new Set(userIds)].sort().join(',');
  useSocketEffect(
    (socket) => {
      const ids = key ? key.split(',') : [];
      const ask = async () => {
        if (ids.length === 0) return;
        const result = await request<{ presence: Presence[] }>((s, ack) => s.emit('presence:query', { userIds: ids }, ack));
        if (result.ok) setPresence(new Map(result.presence.map((p) => [p.userId, p])));
      };
      const onPresence = (status: Presence) => {
        if (ids.includes(status.userId)) setPresence((current) => new Map(current).set(status.userId, status));
      };
      socket.on('connect', ask);
      socket.on('presence', onPresence);
      if (socket.connected) void ask();
      return () => {
        socket.off('connect', ask);
        socket.off('presence', onPresence);
      };
    },
    [key],
  );
  return presence;
}

/** How long a 'typing' notice holds without another. */
const TYPING_SHOWN_MS = 4000;
/** A typing notice is sent at most this often while the user types. */
const TYPING_SEND_EVERY_MS = 2000;

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
        if (notice.userId !== partnerId) return;
        clearTimeout(timer);
        setPartnerTyping(notice.isTyping);
        if (notice.isTyping) timer = setTimeout(() => setPartnerTyping(false), TYPING_SHOWN_MS);
      };
      const onMessage = (message: ChatMessage) => {
        // A message from them ends their typing.
        if (message.senderId === partnerId) setPartnerTyping(false);
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
  useSocketEffect(
    (socket) => {
      const onMessage = (message: ChatMessage) => {
        if (message.senderId === myId || isConversationOpen(message.senderId)) return;
        const name = [message.sender.firstName, message.sender.lastName].filter(Boolean).join(' ');
        toast({ title: 'New message', description: name ? `${name}: ${message.content}` : message.content });
      };
      socket.on('message:new', onMessage);
      return () => void socket.off('message:new', onMessage);
    },
    [myId, toast],
  );
}
