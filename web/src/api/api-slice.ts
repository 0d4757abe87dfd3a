import { createAction } from '@reduxjs/toolkit';
import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs } from '@reduxjs/toolkit/query/react';
import { getBearerToken } from '../lib/storage';
import { toApiError, type ApiError } from './api-error';

/** Dispatched when any call answers 402: the app routes to /subscription-required. */
export const subscriptionRequired = createAction('api/subscriptionRequired');

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '',
  // Cookies are always sent (spec section 6): the POST /api/logout page load relies on the session cookie.
  credentials: 'include',
  prepareHeaders: (headers) => {
    const token = getBearerToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
  // Keep error bodies as text so the error message can carry them verbatim (spec section 8).
  responseHandler: async (response) => {
    const text = await response.text();
    if (!response.ok || !text) return text || null;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  },
});

export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError> = async (args, queryApi, extraOptions) => {
  const result = await rawBaseQuery(args, queryApi, extraOptions);
  if (!result.error) return { data: result.data, meta: result.meta };
  const error = toApiError(result.error, result.meta?.response);
  if (error.status === 402) queryApi.dispatch(subscriptionRequired());
  // A ban bites at once: any call answering 'Account suspended' refetches the current user, whose
  // error then shows the suspension screen (spec section 4).
  if (error.status === 403 && error.message.includes('Account suspended') && queryApi.endpoint !== 'getCurrentUser') {
    queryApi.dispatch(api.util.invalidateTags(['CurrentUser']));
  }
  return { error, meta: result.meta };
};

/** Cache tags for every resource; features inject endpoints that provide and invalidate them. */
export const TAG_TYPES = [
  'CurrentUser', 'Colleges', 'Profile', 'ProfilePosts', 'ProfileComments', 'DebugSession',
  'Topics', 'Posts', 'Comments', 'UserStats', 'Friends', 'FriendRequests', 'FriendSuggestions', 'UserSearch', 'Blocks',
  'Chats', 'Messages', 'Groups', 'GroupMessages', 'Subscription', 'PaymentRequests', 'AdminUsers', 'AuditLog', 'Admins', 'Reports', 'BannedUsers', 'Ideas', 'Polls', 'Settings',
  'Notifications', 'NotificationCount', 'NotificationPreferences',
] as const;
export type TagType = (typeof TAG_TYPES)[number];

/**
 * The one API slice. Cache policy of spec section 9: nothing refetches on focus or reconnect,
 * nothing retries (RTK Query retries only when wrapped in `retry`, which is never done here),
 * and cached reads are not refreshed until a mutation invalidates them. Per-endpoint windows
 * (current user 5 min, subscription 2 min, payment requests polled every 30 s) sit on the
 * endpoints and hooks that need them.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAG_TYPES,
  keepUnusedDataFor: 300,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  endpoints: () => ({}),
});
