import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Presence } from '@quad/contracts';
import { type ChatSocket, acquireChatSocket, isChatConnected, releaseChatSocket, request, subscribeChatStatus } from './chat-socket';

/*
 * Hooks on the one real-time connection that any screen may use: whether it is connected, and
 * who is online (chat's presence; the friends and home screens overlay it on friend lists).
 */

/** Holds the connection open while the component is mounted, and calls `attach` with it. */
export function useSocketEffect(attach: (socket: ChatSocket) => (() => void) | void, deps: unknown[]) {
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
