import {
  type AppNotification,
  type MarkNotificationsReadBody,
  type NotificationPreferences,
  type NotificationPush,
  type NotificationsReadPush,
  type UnreadCount,
  type UpdateNotificationPreferencesBody,
} from '@quad/contracts';
import { api } from '../../api/api-slice';
import { acquireChatSocket, releaseChatSocket } from '../../lib/chat/chat-socket';
import { showBrowserNotification } from './browser-notifications';
import { nextCursorOf } from '../../api/cursor-pages';

/** One page of the bell's list and the cursor of the next (null on the last). */
export interface NotificationPage {
  notifications: AppNotification[];
  nextCursor: string | null;
}

const FIRST_PAGE = { cursor: null } as const;
type PageArg = { cursor: string | null };

/** After a push, the count is read again from the server once this long has passed. */
const COUNT_CONFIRM_MS = 1_000;

/*
 * The bell (issue 23): its unread count and first page are kept live by the one chat socket, which
 * relays the notifications service's pushes ('notification:new', 'notifications:read'); later pages
 * are read as the student scrolls. Socket updates come through onCacheEntryAdded, as for chat.
 *
 * A push's count was true when it was sent, but pushes and answers can pass each other on the way
 * (another tab's "read" sent before a new comment's push may arrive after it). So the count shows
 * the push at once and is read again a moment later (at most once a second), and a mark-read reads
 * it again once answered: the bell always settles on the server's count.
 */
export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUnreadCount: build.query<number, void>({
      query: () => '/api/notifications/unread-count',
      transformResponse: (body: UnreadCount) => body.unread,
      providesTags: ['NotificationCount'],
      async onCacheEntryAdded(_arg, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, dispatch }) {
        const socket = acquireChatSocket();
        let connectedBefore = socket.connected;
        let confirm: ReturnType<typeof setTimeout> | undefined;
        const confirmSoon = () => {
          confirm ??= setTimeout(() => {
            confirm = undefined;
            dispatch(api.util.invalidateTags(['NotificationCount']));
          }, COUNT_CONFIRM_MS);
        };
        const onNew = (push: NotificationPush) => {
          updateCachedData(() => push.unread);
          confirmSoon();
          dispatch(
            notificationsApi.util.updateQueryData('getNotifications', FIRST_PAGE, (draft) => {
              const at = draft.notifications.findIndex((entry) => entry.id === push.notification.id);
              // A conversation's notification moves up when a newer message comes: one entry, on top.
              if (at !== -1) draft.notifications.splice(at, 1);
              draft.notifications.unshift(push.notification);
            }),
          );
          showBrowserNotification(push.notification);
        };
        const onRead = (push: NotificationsReadPush) => {
          updateCachedData(() => push.unread);
          confirmSoon();
          dispatch(
            notificationsApi.util.updateQueryData('getNotifications', FIRST_PAGE, (draft) =>
              markReadIn(draft.notifications, push.ids),
            ),
          );
        };
        const onConnect = () => {
          // Back after a drop: pushes may have been missed meanwhile.
          if (connectedBefore) dispatch(api.util.invalidateTags(['NotificationCount', 'Notifications']));
          connectedBefore = true;
        };
        try {
          await cacheDataLoaded;
          socket.on('notification:new', onNew);
          socket.on('notifications:read', onRead);
          socket.on('connect', onConnect);
        } catch {
          /* the entry went away before its data came */
        }
        await cacheEntryRemoved;
        clearTimeout(confirm);
        socket.off('notification:new', onNew);
        socket.off('notifications:read', onRead);
        socket.off('connect', onConnect);
        releaseChatSocket();
      },
    }),

    getNotifications: build.query<NotificationPage, PageArg>({
      query: ({ cursor }) => ({ url: '/api/notifications', params: cursor ? { cursor } : {} }),
      transformResponse: (notifications: AppNotification[], meta) => ({
        notifications,
        nextCursor: nextCursorOf(meta),
      }),
      providesTags: ['Notifications'],
    }),

    markNotificationsRead: build.mutation<UnreadCount, MarkNotificationsReadBody>({
      query: (body) => ({ url: '/api/notifications/read', method: 'POST', body }),
      // Read again once answered: a push may have come while it was on its way.
      invalidatesTags: ['NotificationCount'],
      // Shown read at once; the answer brings the count.
      async onQueryStarted(body, { dispatch, queryFulfilled, getState }) {
        const ids = body.ids ?? 'all';
        const patches = notificationsApi.util
          .selectCachedArgsForQuery(getState(), 'getNotifications')
          .map((arg) =>
            dispatch(
              notificationsApi.util.updateQueryData('getNotifications', arg, (draft) =>
                markReadIn(draft.notifications, ids),
              ),
            ),
          );
        try {
          const { data } = await queryFulfilled;
          dispatch(notificationsApi.util.upsertQueryData('getUnreadCount', undefined, data.unread));
        } catch {
          for (const patch of patches) patch.undo();
        }
      },
    }),

    getNotificationPreferences: build.query<NotificationPreferences, void>({
      query: () => '/api/notifications/preferences',
      providesTags: ['NotificationPreferences'],
    }),

    updateNotificationPreferences: build.mutation<NotificationPreferences, UpdateNotificationPreferencesBody>(
      {
        query: (body) => ({ url: '/api/notifications/preferences', method: 'PUT', body }),
        async onQueryStarted(_body, { dispatch, queryFulfilled }) {
          const { data } = await queryFulfilled;
          dispatch(notificationsApi.util.upsertQueryData('getNotificationPreferences', undefined, data));
        },
      },
    ),
  }),
});

function markReadIn(list: AppNotification[], ids: string[] | 'all') {
  const now = new Date().toISOString();
  for (const entry of list) {
    if (entry.readAt === null && (ids === 'all' || ids.includes(entry.id))) entry.readAt = now;
  }
}

export const FIRST_NOTIFICATIONS_PAGE: PageArg = FIRST_PAGE;

export const {
  useGetUnreadCountQuery,
  useGetNotificationsQuery,
  useLazyGetNotificationsQuery,
  useMarkNotificationsReadMutation,
  useGetNotificationPreferencesQuery,
  useUpdateNotificationPreferencesMutation,
} = notificationsApi;
