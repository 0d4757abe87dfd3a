import { type ChatMessage, type ChatSummary, type ReadReceipt } from '@quad/contracts';
import type { FetchArgs } from '@reduxjs/toolkit/query';
import { api } from '../../api/api-slice';
import type { ApiError } from '../../api/api-error';
import { acquireChatSocket, isChatConnected, releaseChatSocket, request } from '../../lib/chat/chat-socket';
import { nextCursorOf } from '../../api/cursor-pages';

/**
 * Listens on the shared chat socket while a cache entry lives: from its first data until it is
 * removed, then lets the socket go (acquired by the entry; the last one to leave closes it).
 */
export async function followChatSocket(
  socket: ReturnType<typeof acquireChatSocket>,
  lifecycle: { cacheDataLoaded: Promise<unknown>; cacheEntryRemoved: Promise<unknown> },
  handlers: {
    onMessage: (message: ChatMessage) => void;
    onReceipt: (receipt: ReadReceipt) => void;
    onConnect: () => void;
    onGroupsChanged?: (notice: { groupId: string }) => void;
  },
): Promise<void> {
  const { onMessage, onReceipt, onConnect, onGroupsChanged } = handlers;
  try {
    await lifecycle.cacheDataLoaded;
    socket.on('message:new', onMessage);
    socket.on('messages:read-receipt', onReceipt);
    socket.on('connect', onConnect);
    if (onGroupsChanged) socket.on('groups:changed', onGroupsChanged);
  } catch {
    /* the entry went away before its data came */
  }
  await lifecycle.cacheEntryRemoved;
  socket.off('message:new', onMessage);
  socket.off('messages:read-receipt', onReceipt);
  socket.off('connect', onConnect);
  if (onGroupsChanged) socket.off('groups:changed', onGroupsChanged);
  releaseChatSocket();
}

/** A conversation as the screen keeps it: oldest first, and the cursor of the page before it (null: all loaded). */
export interface Conversation {
  messages: ChatMessage[];
  olderCursor: string | null;
}

/** The newest page of a conversation as the screen keeps it: oldest first, and the cursor of the page before it. */
export function conversationPage(page: ChatMessage[], meta: unknown): Conversation {
  return {
    messages: [...page].reverse(),
    olderCursor: nextCursorOf(meta),
  };
}

/** What RTK Query hands a conversation's cache entry (`onCacheEntryAdded`), as far as following it needs. */
interface ConversationCacheEntry {
  updateCachedData: (recipe: (draft: Conversation) => void) => unknown;
  getCacheEntry: () => { data?: Conversation };
  dispatch: (action: ReturnType<typeof api.util.invalidateTags>) => unknown;
  cacheDataLoaded: Promise<unknown>;
  cacheEntryRemoved: Promise<unknown>;
}

/**
 * Keeps one conversation (with a user, or a group) live on the chat socket while its cache entry
 * lives: its new messages appended once, its receipts applied, and after a reconnect what was
 * missed since its last message (`messages:since`), or a refetch when that is not complete.
 */
export async function followConversation(
  target: { userId: string } | { groupId: string },
  tag: { type: 'Messages' | 'GroupMessages'; id: string },
  entry: ConversationCacheEntry,
  handlers: {
    belongs: (message: ChatMessage) => boolean;
    onReceipt: (messages: ChatMessage[], receipt: ReadReceipt) => unknown;
  },
): Promise<void> {
  const { updateCachedData, getCacheEntry, dispatch } = entry;
  const socket = acquireChatSocket();
  let connectedBefore = socket.connected;
  const onMessage = (message: ChatMessage) => {
    if (handlers.belongs(message)) updateCachedData((draft) => addMessage(draft.messages, message));
  };
  const onReceipt = (receipt: ReadReceipt) =>
    updateCachedData((draft) => void handlers.onReceipt(draft.messages, receipt));
  const onConnect = async () => {
    if (!connectedBefore) {
      connectedBefore = true;
      return;
    }
    const last = getCacheEntry().data?.messages.at(-1);
    if (!last) return void dispatch(api.util.invalidateTags([tag]));
    const missed = await request<{ messages: ChatMessage[]; complete: boolean }>((s, ack) =>
      s.emit('messages:since', { ...target, afterId: last.id }, ack),
    );
    if (missed.ok && missed.complete) {
      updateCachedData((draft) => {
        for (const message of missed.messages) addMessage(draft.messages, message);
      });
    } else dispatch(api.util.invalidateTags([tag]));
  };
  await followChatSocket(socket, entry, { onMessage, onReceipt, onConnect });
}

/** Inserts a message into an oldest-first list once (by id), keeping the order by time. */
export function addMessage(list: ChatMessage[], message: ChatMessage): void {
  if (list.some((existing) => existing.id === message.id)) return;
  let at = list.length;
  while (at > 0 && list[at - 1]!.createdAt > message.createdAt) at -= 1;
  list.splice(at, 0, message);
}

/** Applies a read receipt to a conversation: the messages the reader received, up to `upToId`, are read. */
export function applyReceipt(list: ChatMessage[], receipt: ReadReceipt): void {
  const upTo = list.findIndex((message) => message.id === receipt.upToId);
  if (upTo === -1) return;
  for (let i = 0; i <= upTo; i++) {
    if (list[i]!.senderId !== receipt.readerId) list[i]!.isRead = true;
  }
}

/**
 * My own read receipt (this tab or another) on a conversation's list entry, a chat's or a group's:
 * read up to its last message, nothing is unread there now. Read up to an earlier one, a newer
 * message passed the receipt on its way, so only the server can count: returns true when the list
 * must be read again.
 */
export function applyMyReceiptToSummary(
  summary: { lastMessage: ChatMessage | null; unreadCount: number },
  receipt: ReadReceipt,
): boolean {
  if (summary.lastMessage?.id === receipt.upToId) {
    summary.unreadCount = 0;
    return false;
  }
  return summary.unreadCount > 0;
}

function summaryWith(summary: ChatSummary, message: ChatMessage): void {
  summary.lastMessage = message;
  summary.lastActivityAt = message.createdAt;
  summary.senderId = message.senderId;
  summary.receiverId = message.receiverId;
  summary.content = message.content;
  summary.createdAt = message.createdAt;
}

const sortByActivity = (list: ChatSummary[]) =>
  list.sort((a, b) => b.lastActivityAt.localeCompare(a.lastActivityAt));

/** What a chat endpoint's `queryFn` returns. */
type Reply<T> = { data: T } | { error: ApiError };
/** The REST fallback: the `baseQuery` a `queryFn` is given. */
type RestResult = { data?: unknown; error?: ApiError; meta?: unknown };
type ChatRest = (args: FetchArgs) => RestResult | PromiseLike<RestResult>;

/**
 * Sends a message (to a person or a group) over the socket, where it is stored then acked with the
 * stored message, or over REST at `url` when the socket is down or did not answer. A client id makes
 * a retry after a lost ack safe; the socket's refusal is the call's error, as REST would answer it.
 */
export async function sendChatMessage(
  baseQuery: ChatRest,
  url: string,
  to: { receiverId: string } | { groupId: string },
  content: string,
): Promise<Reply<ChatMessage>> {
  const clientId =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID()
      : `${Date.now()}-${Math.random()}`;
  const body = { ...to, content, clientId };
  if (isChatConnected()) {
    const result = await request<{ message: ChatMessage }>((s, ack) => s.emit('message:send', body, ack));
    if (result.ok) return { data: result.message };
    if (result.status !== 0) {
      const bodyText = JSON.stringify({ message: result.message });
      return { error: { status: result.status, message: `${result.status}: ${bodyText}`, body: bodyText } };
    }
  }
  const response = await baseQuery({ url, method: 'POST', body });
  return response.error ? { error: response.error } : { data: response.data as ChatMessage };
}

/** Marks a conversation (a person's or a group's) read over the socket, else over REST with `rest`. */
export async function markChatRead(
  baseQuery: ChatRest,
  conversation: { userId: string } | { groupId: string },
  rest: FetchArgs,
): Promise<Reply<ReadReceipt | null>> {
  if (isChatConnected()) {
    const result = await request<{ receipt: ReadReceipt | null }>((s, ack) =>
      s.emit('messages:read', conversation, ack),
    );
    if (result.ok) return { data: result.receipt };
  }
  const response = await baseQuery(rest);
  return response.error
    ? { error: response.error }
    : { data: (response.data as { receipt: ReadReceipt | null }).receipt };
}

/** The page before the loaded ones (`rest` asks for it by cursor), merged into the conversation `update` opens. */
export async function loadOlderInto(
  baseQuery: ChatRest,
  rest: FetchArgs,
  update: (recipe: (draft: Conversation) => void) => void,
): Promise<Reply<null>> {
  const response = await baseQuery(rest);
  if (response.error) return { error: response.error };
  const older = response.data as ChatMessage[];
  const next = nextCursorOf(response.meta);
  update((draft) => {
    for (const message of older) addMessage(draft.messages, message);
    draft.olderCursor = next;
  });
  return { data: null };
}

export const messagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/chats, then kept live by the socket: new messages move a conversation up and count unread. */
    getChats: build.query<ChatSummary[], void>({
      query: () => '/api/chats',
      providesTags: ['Chats'],
      async onCacheEntryAdded(_arg, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, dispatch }) {
        const socket = acquireChatSocket();
        let connectedBefore = socket.connected;
        const onMessage = (message: ChatMessage) => {
          // A group's message: the groups list keeps it (groups-api.ts).
          if (message.groupId) return;
          let known = true;
          updateCachedData((draft) => {
            const summary = draft.find((chat) => chat.id === message.chatId);
            if (!summary) {
              known = false;
              return;
            }
            if (summary.lastMessage?.id !== message.id) {
              summaryWith(summary, message);
              if (message.senderId === summary.participantId) summary.unreadCount += 1;
            }
            sortByActivity(draft);
          });
          if (!known) dispatch(api.util.invalidateTags(['Chats']));
        };
        const onReceipt = (receipt: ReadReceipt) => {
          let stale = false;
          updateCachedData((draft) => {
            const summary = draft.find((chat) => chat.id === receipt.chatId);
            if (summary && receipt.readerId !== summary.participantId) stale = applyMyReceiptToSummary(summary, receipt);
          });
          if (stale) dispatch(api.util.invalidateTags(['Chats']));
        };
        const onConnect = () => {
          // Back after a drop: the list may have moved meanwhile.
          if (connectedBefore) dispatch(api.util.invalidateTags(['Chats']));
          connectedBefore = true;
        };
        await followChatSocket(
          socket,
          { cacheDataLoaded, cacheEntryRemoved },
          { onMessage, onReceipt, onConnect },
        );
      },
    }),

    /**
     * One conversation, oldest first (the newest page of GET /api/messages), kept live by the
     * socket: new messages appended once, read receipts applied, and on reconnect what was missed
     * since the last message it has.
     */
    getMessages: build.query<Conversation, string>({
      query: (userId) => ({ url: '/api/messages', params: { userId, limit: 50 } }),
      transformResponse: conversationPage,
      providesTags: (_result, _error, userId) => [{ type: 'Messages', id: userId }],
      async onCacheEntryAdded(userId, entry) {
        await followConversation({ userId }, { type: 'Messages', id: userId }, entry, {
          belongs: (message) =>
            !message.groupId && (message.senderId === userId || message.receiverId === userId),
          // Their reading marks my messages read; mine (any tab) marks theirs.
          onReceipt: (messages, receipt) =>
            receipt.chatId.split(':').includes(userId) && applyReceipt(messages, receipt),
        });
      },
    }),

    /**
     * Sends over the socket (stored, then acked with the stored message), or over REST when the
     * socket is down. A client id makes a retry after a lost ack safe.
     */
    sendMessage: build.mutation<ChatMessage, { receiverId: string; content: string }>({
      async queryFn({ receiverId, content }, _api, _extra, baseQuery) {
        return sendChatMessage(baseQuery, '/api/messages', { receiverId }, content);
      },
      async onQueryStarted({ receiverId }, { dispatch, queryFulfilled }) {
        try {
          const { data: message } = await queryFulfilled;
          dispatch(
            messagesApi.util.updateQueryData('getMessages', receiverId, (draft) =>
              addMessage(draft.messages, message),
            ),
          );
          let known = false;
          dispatch(
            messagesApi.util.updateQueryData('getChats', undefined, (draft) => {
              const summary = draft.find((chat) => chat.id === message.chatId);
              if (summary) {
                known = true;
                summaryWith(summary, message);
                sortByActivity(draft);
              }
            }),
          );
          if (!known) dispatch(api.util.invalidateTags(['Chats']));
        } catch {
          /* the screen reports the failure */
        }
      },
    }),

    /** Everything `userId` sent me so far is read (socket, else REST). */
    markRead: build.mutation<ReadReceipt | null, string>({
      async queryFn(userId, _api, _extra, baseQuery) {
        return markChatRead(
          baseQuery,
          { userId },
          { url: '/api/messages/read', method: 'POST', body: { userId } },
        );
      },
      async onQueryStarted(userId, { dispatch, queryFulfilled }) {
        await queryFulfilled.catch(() => undefined);
        dispatch(
          messagesApi.util.updateQueryData('getChats', undefined, (draft) => {
            const summary = draft.find((chat) => chat.participantId === userId);
            if (summary) summary.unreadCount = 0;
          }),
        );
      },
    }),

    /** The page before the loaded ones (GET /api/messages with the cursor), merged into the conversation. */
    loadOlderMessages: build.mutation<null, { userId: string; cursor: string }>({
      async queryFn({ userId, cursor }, { dispatch }, _extra, baseQuery) {
        return loadOlderInto(
          baseQuery,
          { url: '/api/messages', params: { userId, cursor, limit: 50 } },
          (recipe) => dispatch(messagesApi.util.updateQueryData('getMessages', userId, recipe)),
        );
      },
    }),

    /** POST /api/chats {participantId}: starts (or finds) a conversation. */
    createChat: build.mutation<ChatSummary, string>({
      query: (participantId) => ({ url: '/api/chats', method: 'POST', body: { participantId } }),
      invalidatesTags: ['Chats'],
    }),
  }),
});

export const {
  useLoadOlderMessagesMutation,
  useGetChatsQuery,
  useGetMessagesQuery,
  useSendMessageMutation,
  useMarkReadMutation,
  useCreateChatMutation,
} = messagesApi;
