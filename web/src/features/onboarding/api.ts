import type { TutorialCompleteResponse } from '@quad/contracts';
import { api } from '../../api/api-slice';

export const onboardingApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/tutorial/complete; the current user is refetched so tutorialCompleted is fresh everywhere. */
    completeTutorial: build.mutation<TutorialCompleteResponse, void>({
      query: () => ({ url: '/api/tutorial/complete', method: 'POST' }),
      invalidatesTags: (_result, error) => (error ? [] : ['CurrentUser']),
    }),
  }),
});

export const { useCompleteTutorialMutation } = onboardingApi;
