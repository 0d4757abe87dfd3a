import type { Comment, CreateReportBody, Post, Topic, UserStats } from '@quad/contracts';
import { api } from '../../api/api-slice';
import { adjustCachedProfileStat } from '../../api/profile-stats';
import { cursorPages, nextCursorOf } from '../../api/cursor-pages';

/** One page of a board and the cursor of the next one (from the X-Next-Cursor header; null on the last). */
export interface PostsPage {
  posts: Post[];
  nextCursor: string | null;
}

/** Which board: a topic id, or null for every topic (the mobile 'All Topics' choice). */
export interface PostsQueryArg {
  topicId: number | null;
}

/** The feed query for a board selection ('all' is every topic). */
export function postsQueryArg(selection: number | 'all'): PostsQueryArg {
  return { topicId: selection === 'all' ? null : selection };
}

const POSTS_LIST = { type: 'Posts', id: 'LIST' } as const;

/**
 * Topic boards, posts, comments, views, stats and reports (spec section 7, Forum).
 *
 * Cache tags: every feed provides Posts/LIST plus one tag per post it holds, so creating or
 * deleting refreshes every feed and editing (or commenting, which moves commentCount) refreshes
 * the feeds that show that post. Topic counts and the first-post banner's stats follow creates
 * and deletes; comments are tagged per post.
 */
export const forumApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTopics: build.query<Topic[], void>({
      query: () => '/api/topics',
      providesTags: ['Topics'],
    }),

    getPosts: build.infiniteQuery<PostsPage, PostsQueryArg, string | null>({
      infiniteQueryOptions: cursorPages,
      query: ({ queryArg, pageParam }) => ({
        url: '/api/posts',
        params: { topicId: queryArg.topicId ?? undefined, cursor: pageParam ?? undefined },
      }),
      transformResponse: (posts: Post[], meta) => ({
        posts: Array.isArray(posts) ? posts : [],
        nextCursor: nextCursorOf(meta),
      }),
      providesTags: (result) => [
        POSTS_LIST,
        ...(result?.pages.flatMap((page) =>
          page.posts.map((post) => ({ type: 'Posts' as const, id: post.id })),
        ) ?? []),
      ],
    }),

    /** One post on its own page (a search result opens it); refreshed by its edit. */
    getPost: build.query<Post, string>({
      query: (id) => `/api/posts/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Posts', id }],
    }),

    getUserStats: build.query<UserStats, void>({
      query: () => '/api/user/stats',
      providesTags: ['UserStats'],
    }),

    /** Multipart: title, content, topicId, isAnonymous ('true'/'false'), optional image. */
    createPost: build.mutation<Post, FormData>({
      query: (body) => ({ url: '/api/posts', method: 'POST', body }),
      invalidatesTags: [POSTS_LIST, 'Topics', 'UserStats', 'ProfilePosts'],
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) =>
        adjustCachedProfileStat(dispatch, queryFulfilled, 'totalPosts', 1),
    }),

    updatePost: build.mutation<Post, { id: string; title: string; content: string }>({
      query: ({ id, title, content }) => ({
        url: `/api/posts/${encodeURIComponent(id)}`,
        method: 'PUT',
        body: { title, content },
      }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [{ type: 'Posts', id }, 'ProfilePosts']),
    }),

    deletePost: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/api/posts/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, error, id) =>
        error
          ? []
          : [POSTS_LIST, { type: 'Comments', id }, 'Topics', 'UserStats', 'ProfilePosts', 'ProfileComments'],
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) =>
        adjustCachedProfileStat(dispatch, queryFulfilled, 'totalPosts', -1),
    }),

    /** Counts a view (once per viewer, never the author's); the feed is not refetched for it. */
    recordPostView: build.mutation<{ viewCount: number }, string>({
      query: (id) => ({ url: `/api/posts/${encodeURIComponent(id)}/view`, method: 'POST' }),
    }),

    getComments: build.query<Comment[], string>({
      query: (postId) => ({ url: '/api/comments', params: { postId } }),
      providesTags: (_result, _error, postId) => [{ type: 'Comments', id: postId }],
    }),

    createComment: build.mutation<Comment, { postId: string; content: string; isAnonymous: boolean }>({
      query: (body) => ({ url: '/api/comments', method: 'POST', body }),
      invalidatesTags: (_result, error, { postId }) =>
        error ? [] : [{ type: 'Comments', id: postId }, { type: 'Posts', id: postId }, 'ProfileComments'],
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) =>
        adjustCachedProfileStat(dispatch, queryFulfilled, 'totalComments', 1),
    }),

    updateComment: build.mutation<Comment, { id: string; postId: string; content: string }>({
      query: ({ id, content }) => ({
        url: `/api/comments/${encodeURIComponent(id)}`,
        method: 'PUT',
        body: { content },
      }),
      invalidatesTags: (_result, error, { postId }) =>
        error ? [] : [{ type: 'Comments', id: postId }, 'ProfileComments'],
    }),

    deleteComment: build.mutation<{ message: string }, { id: string; postId: string }>({
      query: ({ id }) => ({ url: `/api/comments/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, error, { postId }) =>
        error ? [] : [{ type: 'Comments', id: postId }, { type: 'Posts', id: postId }, 'ProfileComments'],
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) =>
        adjustCachedProfileStat(dispatch, queryFulfilled, 'totalComments', -1),
    }),

    /** Blocks a post's author (social service); the feeds refetch and collapse their posts. */
    blockAuthor: build.mutation<unknown, string>({
      query: (userId) => ({ url: '/api/blocks', method: 'POST', body: { userId } }),
      invalidatesTags: (_result, error) =>
        error ? [] : [POSTS_LIST, 'Comments', 'Blocks', 'Friends', 'FriendSuggestions'],
    }),

    /** Served by the moderation service; until it exists the gateway answers 404 and the dialog says so. */
    submitReport: build.mutation<unknown, CreateReportBody>({
      query: (body) => ({ url: '/api/reports', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Reports']),
    }),
  }),
});

export const {
  useGetTopicsQuery,
  useGetPostsInfiniteQuery,
  useGetPostQuery,
  useGetUserStatsQuery,
  useCreatePostMutation,
  useUpdatePostMutation,
  useDeletePostMutation,
  useRecordPostViewMutation,
  useGetCommentsQuery,
  useCreateCommentMutation,
  useUpdateCommentMutation,
  useDeleteCommentMutation,
  useSubmitReportMutation,
  useBlockAuthorMutation,
} = forumApi;
