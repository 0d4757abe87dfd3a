import type { CreatePollBody, Poll } from '@quad/contracts';
import { api } from '../../api/api-slice';
import type { AppDispatch } from '../../app/store';

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
      query: ({ pollId, optionIndex }) => ({
        url: `/api/polls/${encodeURIComponent(pollId)}/vote`,
        method: 'POST',
        body: { optionIndex },
      }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => replaceAnsweredPoll(dispatch, queryFulfilled),
    }),

    removeVote: build.mutation<Poll, string>({
      query: (pollId) => ({ url: `/api/polls/${encodeURIComponent(pollId)}/vote`, method: 'DELETE' }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => replaceAnsweredPoll(dispatch, queryFulfilled),
    }),

    deletePoll: build.mutation<{ message: string }, string>({
      query: (pollId) => ({ url: `/api/polls/${encodeURIComponent(pollId)}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : [POLLS_LIST]),
    }),
  }),
});

/** A vote or its removal answers with the poll as it now stands: it replaces that poll in the cached list. */
async function replaceAnsweredPoll(
  dispatch: AppDispatch,
  answer: Promise<{ data: Poll }>,
): Promise<void> {
  const { data: poll } = await answer.catch(() => ({ data: null }));
  if (!poll) return;
  dispatch(
    pollsApi.util.updateQueryData('getPolls', undefined, (polls) => {
      const index = polls.findIndex((candidate) => candidate.id === poll.id);
      if (index >= 0) polls[index] = poll;
    }),
  );
}

export const {
  useGetPollsQuery,
  useCreatePollMutation,
  useVotePollMutation,
  useRemoveVoteMutation,
  useDeletePollMutation,
} = pollsApi;
