import { STORAGE_KEYS, type ChatMessage, type ChatSummary, type Presence } from '@quad/contracts';
import { act } from '@testing-library/react';
import { type ChatSocket, setChatSocketFactory } from '../../../src/lib/chat/chat-socket';
import { makeUser } from '../../fixtures';
import { jsonResponse, stubFetch, type RouteHandler } from '../../utils/fetch-stub';
import { renderApp } from '../../utils/render';

export const me = makeUser({ id: 'me', firstName: 'Ada', lastName: 'Lovelace', subscriptionExpiresAt: '2099-01-01T00:00:00.000Z' });
export const grace = { id: 'grace', firstName: 'Grace', lastName: 'Hopper', profileColor: '#10B981', profileImageUrl: null };
export const linus = { id: 'linus', firstName: 'Linus', lastName: 'Torvalds', profileColor: '#F59E0B', profileImageUrl: null };
export const alan = { id: 'alan', firstName: 'Alan', lastName: 'Turing', profileColor: '#8B5CF6', profileImageUrl: null };

type Handler = (...args: unknown[]) => void;

/**
 * A socket.io client stand-in: the app's real socket code runs against it. `replies` answer the
 * app's requests (by event name); `serverConnect` and `serverEmit` play the server.
 */
export class FakeSocket {
  connected = false;
  readonly sent: Array<{ event: string; body: unknown }> = [];
  readonly replies: Record<string, (body: never) => unknown> = {};
  private readonly handlers = new Map<string, Set<Handler>>();

  on(event: string, handler: Handler) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(handler);
    return this;
  }

  off(event: string, handler: Handler) {
    this.handlers.get(event)?.delete(handler);
    return this;
  }

  emit(event: string, body: unknown, ack?: (result: unknown) => void) {
    this.sent.push({ event, body });
    const reply = this.replies[event];
    if (reply && ack) {
      const result = reply(body as never);
      setTimeout(() => act(() => ack(result)), 0);
    }
    return this;
  }

  /** The app asks to connect; the test decides when the server accepts (serverConnect). */
  connect() {
    this.connectRequests += 1;
    return this;
  }

  connectRequests = 0;

  get active() {
    return this.connected;
  }

  disconnect() {
    this.connected = false;
    this.fire('disconnect');
    return this;
  }

  fire(event: string, ...args: unknown[]) {
    for (const handler of [...(this.handlers.get(event) ?? [])]) handler(...args);
  }

  /** The server accepts the connection. */
  serverConnect() {
    act(() => {
      this.connected = true;
      this.fire('connect');
    });
  }

  /** The server sends an event. */
  serverEmit(event: string, payload: unknown) {
    act(() => this.fire(event, payload));
  }

  listenerCount(event: string): number {
    return this.handlers.get(event)?.size ?? 0;
  }

  sentOf(event: string) {
    return this.sent.filter((entry) => entry.event === event).map((entry) => entry.body);
  }
}

let counter = 0;

export function makeMessage(overrides: Partial<ChatMessage> & Pick<ChatMessage, 'senderId' | 'receiverId'>): ChatMessage {
  counter += 1;
  const sender = [me, grace, linus, alan].find((person) => person.id === overrides.senderId)!;
  return {
    id: `m${counter}`,
    chatId: [overrides.senderId, overrides.receiverId].sort().join(':'),
    content: `Message ${counter}`,
    createdAt: new Date(Date.now() - 60_000 + counter).toISOString(),
    isRead: false,
    clientId: null,
    sender: { firstName: sender.firstName, lastName: sender.lastName },
    ...overrides,
  };
}

export function makeSummary(person: typeof grace, lastMessage: ChatMessage | null, unreadCount = 0): ChatSummary {
  return {
    id: [me.id, person.id].sort().join(':'),
    participantId: person.id,
    participant: person,
    lastMessage,
    lastActivityAt: lastMessage?.createdAt ?? '2025-01-01T00:00:00.000Z',
    unreadCount,
    senderId: lastMessage?.senderId ?? null,
    receiverId: lastMessage?.receiverId ?? null,
    content: lastMessage?.content ?? null,
    createdAt: lastMessage?.createdAt ?? '2025-01-01T00:00:00.000Z',
  };
}

export interface ChatOptions {
  route?: string;
  chats?: ChatSummary[];
  friends?: unknown[];
  messages?: Record<string, ChatMessage[]>;
  presence?: Presence[];
  routes?: Record<string, RouteHandler | Response>;
}

/** The app signed in as `me`, chat answering from fixtures and the fake socket. */
export function renderChat({ route = '/messages', chats = [], friends = [], messages = {}, presence = [], routes = {} }: ChatOptions = {}) {
  localStorage.setItem(STORAGE_KEYS.userDevice, 'desktop');
  localStorage.setItem(STORAGE_KEYS.userToken, 'token');
  const socket = new FakeSocket();
  socket.replies['presence:query'] = (body: { userIds: string[] }) => ({
    ok: true,
    presence: presence.filter((p) => body.userIds.includes(p.userId)),
  });
  socket.replies['messages:read'] = () => ({ ok: true, receipt: null });
  setChatSocketFactory(() => socket as unknown as ChatSocket);
  const network = stubFetch({
    'GET /api/auth/user': jsonResponse(200, me),
    'GET /api/chats': jsonResponse(200, chats),
    'GET /api/friends': jsonResponse(200, friends),
    'GET /api/messages': (request) => {
      const userId = new URL(request.url, 'http://localhost').searchParams.get('userId') ?? '';
      // The server answers newest first.
      return jsonResponse(200, [...(messages[userId] ?? [])].reverse());
    },
    'GET /api/topics': jsonResponse(200, []),
    'GET /api/posts': jsonResponse(200, []),
    'GET /api/user/stats': jsonResponse(200, { totalPosts: 1 }),
    ...routes,
  });
  return { ...renderApp(route), network, socket };
}
