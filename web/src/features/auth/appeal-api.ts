import type { Appeal, CreateAppealBody, MyAppealResponse } from '@quad/contracts';
import { api } from '../../api/api-slice';

/** While a review is pending, the suspension screen asks again this often: an accepted appeal lets the student back in. */
export const APPEAL_POLL_MS = 30_000;

/**
 * A suspended student's appeal (reachable while banned: the gateway lets /api/appeals through).
 * Tagged 'BannedUsers', the admin side's tag for bans and their appeals.
 */
export const appealApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMyAppeal: build.query<MyAppealResponse, void>({
      query: () => '/api/appeals/mine',
      providesTags: ['BannedUsers'],
    }),
    submitAppeal: build.mutation<Appeal, CreateAppealBody>({
      query: (body) => ({ url: '/api/appeals', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['BannedUsers']),
    }),
  }),
});

export const { useGetMyAppealQuery, useSubmitAppealMutation } = appealApi;
