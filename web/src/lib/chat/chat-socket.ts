import { io, type Socket } from 'socket.io-client';
import type { Ack, ChatClientToServerEvents, ChatServerToClientEvents } from '@quad/contracts';
import { requestSessionCheck } from '../auth/session-check';
import { getBearerToken } from '../storage';

/*
 * The one real-time connection of the app (spec section 4): socket.io at /ws, websocket only,
 * authenticated by the stored token in the handshake (never a claimed user id). It opens when
 * the first chat cache entry or screen needs it and closes when the last lets go (logout resets
 * the API cache, which releases them all). socket.io reconnects by itself; listeners hear
 * 'connect' again and catch up.
 */

export type ChatSocket = Socket<ChatServerToClientEvents, ChatClientToServerEvents>;

/** Path of the socket endpoint (CHAT_SOCKET_PATH in contracts; repeated to keep zod out of the bundle). */
const SOCKET_PATH = '/ws';
const ACK_TIMEOUT_MS = 10_000;

type Factory = () => ChatSocket;

const defaultFactory: Factory = () =>
  io({
    path: SOCKET_PATH,
    transports: ['websocket'],
    // Without a stored token there is no one to connect as (yet); acquireChatSocket connects later.
    autoConnect: Boolean(getBearerToken()),
    // A function, so every reconnect sends the token stored now.
    auth: (callback) => callback({ token: getBearerToken() ?? '' }),
  });

let factory: Factory = defaultFactory;
let socket: ChatSocket | null = null;
let holders = 0;
const statusListeners = new Set<() => void>();

function notifyStatus() {
  for (const listener of statusListeners) listener();
}

/** Tests replace the connection with a fake (null restores the real one); any open connection is forgotten. */
export function setChatSocketFactory(next: Factory | null): void {
  factory = next ?? defaultFactory;
  socket = null;
  holders = 0;
}

/** Takes a hold on the connection, opening it if needed. Pair with releaseChatSocket(). */
export function acquireChatSocket(): ChatSocket {
  holders += 1;
  if (!socket) {
    socket = factory();
    socket.on('connect', notifyStatus);
    socket.on('disconnect', (reason) => {
      notifyStatus();
      // Not a drop (those reconnect by themselves): the server cut this session (a ban, a deleted account).
      if (reason === 'io server disconnect') requestSessionCheck();
    });
    notifyStatus();
  } else if (!socket.connected && !socket.active && getBearerToken()) {
    socket.connect();
  }
  return socket;
}

export function releaseChatSocket(): void {
  holders = Math.max(0, holders - 1);
  if (holders === 0 && socket) {
    const closing = socket;
    socket = null;
    closing.disconnect();
    notifyStatus();
  }
}

/** The open connection, if any, without taking a hold. */
export function currentChatSocket(): ChatSocket | null {
  return socket;
}

export function isChatConnected(): boolean {
  return Boolean(socket?.connected);
}

export function subscribeChatStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

/** Emits a request and resolves with its ack (or a refusal when the server does not answer in time). */
export function request<T>(
  emit: (socket: ChatSocket, ack: (result: Ack<T>) => void) => void,
): Promise<Ack<T>> {
  const target = socket;
  if (!target?.connected) return Promise.resolve({ ok: false, status: 0, message: 'Not connected' });
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ ok: false, status: 0, message: 'The server did not answer in time.' }), ACK_TIMEOUT_MS);
    emit(target, (result) => {
      clearTimeout(timer);
      resolve(result);
    });
  });
}

/** Conversations on screen now (by partner id), so a message from that partner raises no 'New message' notice. */
const openConversations = new Map<string, number>();

/** Marks a conversation as on screen; returns the function that takes it off. */
export function markConversationOpen(partnerId: string): () => void {
  openConversations.set(partnerId, (openConversations.get(partnerId) ?? 0) + 1);
  return () => {
    const left = (openConversations.get(partnerId) ?? 1) - 1;
    if (left > 0) openConversations.set(partnerId, left);
    else openConversations.delete(partnerId);
  };
}

export function isConversationOpen(partnerId: string): boolean {
  return openConversations.has(partnerId);
}
