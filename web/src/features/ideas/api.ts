import {
  type CreateIdeaBody,
  type Idea,
  type IdeaCategory,
  type IdeaComment,
  type IdeaInterestResponse,
  type IdeaSkill,
  type IdeaSort,
  type IdeaStage,
  type IdeaStats,
  type InterestedStudent,
} from '@quad/contracts';
import { api } from '../../api/api-slice';
import { cursorPages, nextCursorOf } from '../../api/cursor-pages';

/** What the hub asks for: search text and filters ('' means any), and the order. */
export interface IdeasQueryArg {
  search: string;
  category: IdeaCategory | '';
  stage: IdeaStage | '';
  skill: IdeaSkill | '';
  sort: IdeaSort;
}

export interface IdeasPage {
  ideas: Idea[];
  nextCursor: string | null;
}

const IDEAS_LIST = { type: 'Ideas', id: 'LIST' } as const;
const IDEA_STATS = { type: 'Ideas', id: 'STATS' } as const;
const ideaTag = (id: string) => ({ type: 'Ideas' as const, id });
const commentsTag = (id: string) => ({ type: 'Ideas' as const, id: `comments:${id}` });
const interestedTag = (id: string) => ({ type: 'Ideas' as const, id: `interested:${id}` });

/**
 * The ideas hub (spec section 7, Ideas and polls) plus the detail page's comments and interest.
 * Every list provides Ideas/LIST and a tag per idea, so creating or deleting refreshes the lists
 * and a comment or an interest refreshes the lists and pages that show that idea.
 */
export const ideasApi = api.injectEndpoints({
  endpoints: (build) => ({
    getIdeas: build.infiniteQuery<IdeasPage, IdeasQueryArg, string | null>({
      infiniteQueryOptions: cursorPages,
      query: ({ queryArg, pageParam }) => ({
        url: '/api/ideas',
        params: {
          search: queryArg.search.trim() || undefined,
          category: queryArg.category || undefined,
          stage: queryArg.stage || undefined,
          skill: queryArg.skill || undefined,
          sort: queryArg.sort,
          cursor: pageParam ?? undefined,
        },
      }),
      transformResponse: (ideas: Idea[], meta) => ({
        ideas: Array.isArray(ideas) ? ideas : [],
        nextCursor: nextCursorOf(meta),
      }),
      providesTags: (result) => [
        IDEAS_LIST,
        ...(result?.pages.flatMap((page) => page.ideas.map((idea) => ideaTag(idea.id))) ?? []),
      ],
    }),

    getIdeaStats: build.query<IdeaStats, void>({
      query: () => '/api/ideas/stats',
      providesTags: [IDEA_STATS],
    }),

    getIdea: build.query<Idea, string>({
      query: (id) => `/api/ideas/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [ideaTag(id)],
    }),

    createIdea: build.mutation<Idea, CreateIdeaBody>({
      query: (body) => ({ url: '/api/ideas', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [IDEAS_LIST, IDEA_STATS]),
    }),

    deleteIdea: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/api/ideas/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : [IDEAS_LIST, IDEA_STATS]),
    }),

    getIdeaComments: build.query<IdeaComment[], string>({
      query: (id) => `/api/ideas/${encodeURIComponent(id)}/comments`,
      providesTags: (_result, _error, id) => [commentsTag(id)],
    }),

    createIdeaComment: build.mutation<IdeaComment, { ideaId: string; content: string }>({
      query: ({ ideaId, content }) => ({
        url: `/api/ideas/${encodeURIComponent(ideaId)}/comments`,
        method: 'POST',
        body: { content },
      }),
      invalidatesTags: (_result, error, { ideaId }) => (error ? [] : [commentsTag(ideaId), ideaTag(ideaId)]),
    }),

    deleteIdeaComment: build.mutation<{ message: string }, { ideaId: string; commentId: string }>({
      query: ({ ideaId, commentId }) => ({
        url: `/api/ideas/${encodeURIComponent(ideaId)}/comments/${encodeURIComponent(commentId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_result, error, { ideaId }) => (error ? [] : [commentsTag(ideaId), ideaTag(ideaId)]),
    }),

    setIdeaInterest: build.mutation<IdeaInterestResponse, { ideaId: string; interested: boolean }>({
      query: ({ ideaId, interested }) => ({
        url: `/api/ideas/${encodeURIComponent(ideaId)}/interest`,
        method: interested ? 'POST' : 'DELETE',
      }),
      invalidatesTags: (_result, error, { ideaId }) =>
        error ? [] : [ideaTag(ideaId), interestedTag(ideaId)],
    }),

    /** Only the idea's author (and admins) may read it. */
    getInterestedStudents: build.query<InterestedStudent[], string>({
      query: (id) => `/api/ideas/${encodeURIComponent(id)}/interested`,
      providesTags: (_result, _error, id) => [interestedTag(id)],
    }),
  }),
});

export const {
  useGetIdeasInfiniteQuery,
  useGetIdeaStatsQuery,
  useGetIdeaQuery,
  useCreateIdeaMutation,
  useDeleteIdeaMutation,
  useGetIdeaCommentsQuery,
  useCreateIdeaCommentMutation,
  useDeleteIdeaCommentMutation,
  useSetIdeaInterestMutation,
  useGetInterestedStudentsQuery,
} = ideasApi;
