import type { CreatePollBody, Poll } from '@quad/contracts';
import { api } from '../../api/api-slice';

const POLLS_LIST = { type: 'Polls', id: 'LIST' } as const;

/**
 * Polls (spec section 7). A vote answers with the poll as it now stands, which replaces that poll
 * in the cached list at once; creating and deleting refetch the list.
 */
export const pollsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPolls: build.query<Poll[], void>({
      query: () => '/api/polls/all',
      providesTags: [POLLS_LIST],
    }),

    createPoll: build.mutation<Poll, CreatePollBody>({
      query: (body) => ({ url: '/api/polls', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [POLLS_LIST]),
    }),

    votePoll: build.mutation<Poll, { pollId: string; optionIndex: number }>({
      query: ({ pollId, optionIndex }) => ({ url: `/api/polls/${encodeURIComponent(pollId)}/vote`, method: 'POST', body: { optionIndex } }),
      onQueryStarted: async (_arg, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(replacePoll(data));
      },
    }),

    removeVote: build.mutation<Poll, string>({
      query: (pollId) => ({ url: `/api/polls/${encodeURIComponent(pollId)}/vote`, method: 'DELETE' }),
      onQueryStarted: async (_arg, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(replacePoll(data));
      },
    }),

    deletePoll: build.mutation<{ message: string }, string>({
      query: (pollId) => ({ url: `/api/polls/${encodeURIComponent(pollId)}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : [POLLS_LIST]),
    }),
  }),
});

function replacePoll(poll: Poll) {
  return pollsApi.util.updateQueryData('getPolls', undefined, (polls) => {
    const index = polls.findIndex((candidate) => candidate.id === poll.id);
    if (index >= 0) polls[index] = poll;
  });
}

export const { useGetPollsQuery, useCreatePollMutation, useVotePollMutation, useRemoveVoteMutation, useDeletePollMutation } = pollsApi;
