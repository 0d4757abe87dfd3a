import {
  GROUP_PHOTO_FIELD,
  type ChatMessage,
  type GroupSummary,
  type MyReport,
  type ReadReceipt,
  type ReportMessageBody,
} from '@quad/contracts';
import { api } from '../../api/api-slice';
import { acquireChatSocket } from '../../lib/chat/chat-socket';
import {
  type Conversation,
  addMessage,
  applyMyReceiptToSummary,
  conversationPage,
  followChatSocket,
  followConversation,
  loadOlderInto,
  markChatRead,
  sendChatMessage,
} from './api';

/*
 * Group chats (issue 23) in the client: the same socket and the same send, read and catch-up
 * requests as one-to-one chats, with `groupId` where those name the other user. Lists stay live:
 * `message:new` with a `groupId` moves a group up and counts unread, receipts count "seen by",
 * and `groups:changed` (created, renamed, members added or removed) reloads the group.
 */

/** A group's receipt: the reader has now seen the messages after their last mark up to `upToId` (not their own). */
export function applyGroupReceipt(list: ChatMessage[], receipt: ReadReceipt): void {
  const upTo = list.findIndex((message) => message.id === receipt.upToId);
  if (upTo === -1) return;
  const from = receipt.previousUpToId
    ? list.findIndex((message) => message.id === receipt.previousUpToId)
    : -1;
  for (let i = from + 1; i <= upTo; i++) {
    const message = list[i]!;
    if (message.senderId === receipt.readerId) continue;
    message.seenBy = (message.seenBy ?? 0) + 1;
    message.isRead = true;
  }
}

function withLastMessage(group: GroupSummary, message: ChatMessage): void {
  group.lastMessage = message;
  group.lastActivityAt = message.createdAt;
}

const byActivity = (list: GroupSummary[]) =>
  list.sort((a, b) => b.lastActivityAt.localeCompare(a.lastActivityAt));

export const groupsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/groups (the argument is the signed-in user's id: their own messages never count as unread), kept live by the socket. */
    getGroups: build.query<GroupSummary[], string>({
      query: () => '/api/groups',
      providesTags: ['Groups'],
      async onCacheEntryAdded(myId, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, dispatch }) {
        const socket = acquireChatSocket();
        let connectedBefore = socket.connected;
        const onMessage = (message: ChatMessage) => {
          if (!message.groupId) return;
          let known = true;
          updateCachedData((draft) => {
            const group = draft.find((entry) => entry.id === message.groupId);
            if (!group) {
              known = false;
              return;
            }
            if (group.lastMessage?.id !== message.id) {
              withLastMessage(group, message);
              if (message.senderId !== myId) group.unreadCount += 1;
            }
            byActivity(draft);
          });
          if (!known) dispatch(api.util.invalidateTags(['Groups']));
        };
        const onReceipt = (receipt: ReadReceipt) => {
          if (receipt.readerId !== myId) return;
          let stale = false;
          updateCachedData((draft) => {
            const group = draft.find((entry) => entry.id === receipt.chatId);
            if (group) stale = applyMyReceiptToSummary(group, receipt);
          });
          if (stale) dispatch(api.util.invalidateTags(['Groups']));
        };
        const onChanged = ({ groupId }: { groupId: string }) => {
          dispatch(api.util.invalidateTags(['Groups', { type: 'GroupMessages', id: groupId }]));
        };
        const onConnect = () => {
          if (connectedBefore) dispatch(api.util.invalidateTags(['Groups']));
          connectedBefore = true;
        };
        await followChatSocket(
          socket,
          { cacheDataLoaded, cacheEntryRemoved },
          { onMessage, onReceipt, onConnect, onGroupsChanged: onChanged },
        );
      },
    }),

    /** A group's conversation, oldest first (its newest page), kept live: new messages once, receipts, catch-up on reconnect. */
    getGroupMessages: build.query<Conversation, string>({
      query: (groupId) => ({
        url: `/api/groups/${encodeURIComponent(groupId)}/messages`,
        params: { limit: 50 },
      }),
      transformResponse: conversationPage,
      providesTags: (_result, _error, groupId) => [{ type: 'GroupMessages', id: groupId }],
      async onCacheEntryAdded(groupId, entry) {
        await followConversation({ groupId }, { type: 'GroupMessages', id: groupId }, entry, {
          belongs: (message) => message.groupId === groupId,
          onReceipt: (messages, receipt) =>
            receipt.chatId === groupId && applyGroupReceipt(messages, receipt),
        });
      },
    }),

    /** The page before the loaded ones, merged into the group's conversation. */
    loadOlderGroupMessages: build.mutation<null, { groupId: string; cursor: string }>({
      async queryFn({ groupId, cursor }, { dispatch }, _extra, baseQuery) {
        return loadOlderInto(
          baseQuery,
          { url: `/api/groups/${encodeURIComponent(groupId)}/messages`, params: { cursor, limit: 50 } },
          (recipe) => dispatch(groupsApi.util.updateQueryData('getGroupMessages', groupId, recipe)),
        );
      },
    }),

    /** Sends to a group over the socket (stored, then acked), or over REST when it is down; a client id makes a retry safe. */
    sendGroupMessage: build.mutation<ChatMessage, { groupId: string; content: string }>({
      async queryFn({ groupId, content }, _api, _extra, baseQuery) {
        return sendChatMessage(
          baseQuery,
          `/api/groups/${encodeURIComponent(groupId)}/messages`,
          { groupId },
          content,
        );
      },
      async onQueryStarted({ groupId }, { dispatch, queryFulfilled }) {
        try {
          const { data: message } = await queryFulfilled;
          dispatch(
            groupsApi.util.updateQueryData('getGroupMessages', groupId, (draft) =>
              addMessage(draft.messages, message),
            ),
          );
        } catch {
          /* the screen reports the failure */
        }
      },
    }),

    /** Everything in the group so far is read (socket, else REST). */
    markGroupRead: build.mutation<ReadReceipt | null, string>({
      async queryFn(groupId, _api, _extra, baseQuery) {
        return markChatRead(
          baseQuery,
          { groupId },
          { url: `/api/groups/${encodeURIComponent(groupId)}/read`, method: 'POST' },
        );
      },
    }),

    createGroup: build.mutation<GroupSummary, { name: string; memberIds: string[] }>({
      query: (body) => ({ url: '/api/groups', method: 'POST', body }),
      invalidatesTags: ['Groups'],
    }),
    renameGroup: build.mutation<GroupSummary, { groupId: string; name: string }>({
      query: ({ groupId, name }) => ({
        url: `/api/groups/${encodeURIComponent(groupId)}`,
        method: 'PUT',
        body: { name },
      }),
      invalidatesTags: ['Groups'],
    }),
    addGroupMembers: build.mutation<GroupSummary, { groupId: string; memberIds: string[] }>({
      query: ({ groupId, memberIds }) => ({
        url: `/api/groups/${encodeURIComponent(groupId)}/members`,
        method: 'POST',
        body: { memberIds },
      }),
      invalidatesTags: ['Groups'],
    }),
    removeGroupMember: build.mutation<GroupSummary, { groupId: string; userId: string }>({
      query: ({ groupId, userId }) => ({
        url: `/api/groups/${encodeURIComponent(groupId)}/members/${encodeURIComponent(userId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: ['Groups'],
    }),
    /** POST /api/groups/:id/photo (multipart): the owner or an admin sets the photo every member sees. */
    setGroupPhoto: build.mutation<GroupSummary, { groupId: string; photo: File }>({
      query: ({ groupId, photo }) => {
        const form = new FormData();
        form.append(GROUP_PHOTO_FIELD, photo);
        return { url: `/api/groups/${encodeURIComponent(groupId)}/photo`, method: 'POST', body: form };
      },
      invalidatesTags: ['Groups'],
    }),
    removeGroupPhoto: build.mutation<GroupSummary, string>({
      query: (groupId) => ({ url: `/api/groups/${encodeURIComponent(groupId)}/photo`, method: 'DELETE' }),
      invalidatesTags: ['Groups'],
    }),
    /** POST /api/messages/:id/report: a direct or group message, to the admins (the report dialog's choice). */
    reportMessage: build.mutation<MyReport, { messageId: string } & ReportMessageBody>({
      query: ({ messageId, ...body }) => ({
        url: `/api/messages/${encodeURIComponent(messageId)}/report`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_result, error) => (error ? [] : ['Reports']),
    }),
    /**
     * The owner names a member an admin (`admin`), makes an admin a plain member again (`member`), or
     * hands the group over (`owner`: the old owner stays as an admin).
     */
    setGroupRole: build.mutation<GroupSummary, { groupId: string; userId: string; role: 'owner' | 'admin' | 'member' }>({
      query: ({ groupId, userId, role }) => {
        const group = `/api/groups/${encodeURIComponent(groupId)}`;
        if (role === 'member') return { url: `${group}/admins/${encodeURIComponent(userId)}`, method: 'DELETE' };
        return { url: `${group}/${role === 'owner' ? 'owner' : 'admins'}`, method: 'POST', body: { userId } };
      },
      invalidatesTags: ['Groups'],
    }),
    leaveGroup: build.mutation<{ left: boolean }, string>({
      query: (groupId) => ({ url: `/api/groups/${encodeURIComponent(groupId)}/leave`, method: 'POST' }),
      invalidatesTags: ['Groups'],
    }),
  }),
});

export const {
  useGetGroupsQuery,
  useGetGroupMessagesQuery,
  useLoadOlderGroupMessagesMutation,
  useSendGroupMessageMutation,
  useMarkGroupReadMutation,
  useCreateGroupMutation,
  useRenameGroupMutation,
  useAddGroupMembersMutation,
  useRemoveGroupMemberMutation,
  useLeaveGroupMutation,
  useSetGroupRoleMutation,
  useSetGroupPhotoMutation,
  useRemoveGroupPhotoMutation,
  useReportMessageMutation,
} = groupsApi;
