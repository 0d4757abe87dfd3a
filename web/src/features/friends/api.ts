import type { BlockedUser, Friend, FriendRequest, FriendRequestList, Person } from '@quad/contracts';
import { api } from '../../api/api-slice';

/** Every list that shows how the caller stands with someone: refreshed after any change of standing. */
const STANDING_TAGS = ['Friends', 'FriendRequests', 'FriendSuggestions', 'UserSearch'] as const;

/**
 * Friends, friend requests, suggestions, both user searches and blocks (spec section 7, Friends and
 * messages; blocks are Quad's addition). Any change of how two students stand (a request sent,
 * answered, a friend removed, a block) refreshes every list that shows it.
 */
export const friendsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getFriends: build.query<Friend[], void>({
      query: () => '/api/friends',
      providesTags: ['Friends'],
    }),
    getFriendRequests: build.query<FriendRequestList, void>({
      query: () => '/api/friend-requests',
      providesTags: ['FriendRequests'],
    }),
    getFriendSuggestions: build.query<Person[], void>({
      query: () => '/api/friends/suggestions',
      providesTags: ['FriendSuggestions'],
    }),
    /** The Search tab: GET /api/search/users, only with 3 characters or more. */
    searchUsers: build.query<Person[], string>({
      query: (q) => ({ url: '/api/search/users', params: { q } }),
      providesTags: ['UserSearch'],
    }),
    /** The Add Friend dialog: GET /api/users/search?q= with any non-blank text. */
    searchUsersForDialog: build.query<Person[], string>({
      query: (q) => ({ url: '/api/users/search', params: { q } }),
      providesTags: ['UserSearch'],
    }),
    sendFriendRequest: build.mutation<FriendRequest, string>({
      query: (friendId) => ({ url: '/api/friend-requests', method: 'POST', body: { friendId } }),
      invalidatesTags: [...STANDING_TAGS],
    }),
    answerFriendRequest: build.mutation<FriendRequest, { id: string; answer: 'accept' | 'reject' }>({
      query: ({ id, answer }) => ({
        url: `/api/friend-requests/${encodeURIComponent(id)}/${answer}`,
        method: 'POST',
      }),
      invalidatesTags: [...STANDING_TAGS],
    }),
    removeFriend: build.mutation<{ message: string }, string>({
      query: (friendId) => ({ url: `/api/friends/${encodeURIComponent(friendId)}`, method: 'DELETE' }),
      invalidatesTags: [...STANDING_TAGS],
    }),
    getBlockedUsers: build.query<BlockedUser[], void>({
      query: () => '/api/blocks',
      providesTags: ['Blocks'],
    }),
    blockUser: build.mutation<BlockedUser, string>({
      query: (userId) => ({ url: '/api/blocks', method: 'POST', body: { userId } }),
      invalidatesTags: ['Blocks', ...STANDING_TAGS],
    }),
    unblockUser: build.mutation<{ message: string }, string>({
      query: (userId) => ({ url: `/api/blocks/${encodeURIComponent(userId)}`, method: 'DELETE' }),
      invalidatesTags: ['Blocks', ...STANDING_TAGS],
    }),
    /** POST /api/chats {participantId}: a friend card's Message action opens the chat on /messages. */
    startChat: build.mutation<{ id: string }, string>({
      query: (participantId) => ({ url: '/api/chats', method: 'POST', body: { participantId } }),
      invalidatesTags: ['Chats'],
    }),
  }),
});

export const {
  useGetFriendsQuery,
  useGetFriendRequestsQuery,
  useGetFriendSuggestionsQuery,
  useSearchUsersQuery,
  useSearchUsersForDialogQuery,
  useSendFriendRequestMutation,
  useAnswerFriendRequestMutation,
  useRemoveFriendMutation,
  useGetBlockedUsersQuery,
  useBlockUserMutation,
  useUnblockUserMutation,
  useStartChatMutation,
} = friendsApi;
