import type { User } from '@quad/contracts';
import { api } from '../../api/api-slice';
import type { ApiError } from '../../api/api-error';
import { onSessionCheck } from './session-check';

const USER_CACHE_SECONDS = 5 * 60;

/** The current user: GET /api/auth/user, null when the server answers 401 (spec section 7). */
export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCurrentUser: build.query<User | null, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const result = await baseQuery('/api/auth/user');
        if (result.error) {
          const error = result.error as ApiError;
          return error.status === 401 ? { data: null } : { error };
        }
        return { data: (result.data as User | null) ?? null };
      },
      providesTags: ['CurrentUser'],
      keepUnusedDataFor: USER_CACHE_SECONDS,
      // The server cut the real-time connection (a ban): read the user again now, not at the next click.
      async onCacheEntryAdded(_arg, { dispatch, cacheEntryRemoved }) {
        const stop = onSessionCheck(() => dispatch(api.util.invalidateTags(['CurrentUser'])));
        await cacheEntryRemoved;
        stop();
      },
    }),
  }),
});

export const { useGetCurrentUserQuery } = sessionApi;

/** Subscribe to the current user, refetching when the cached copy is older than five minutes. */
export function useCurrentUserQuery() {
  return useGetCurrentUserQuery(undefined, { refetchOnMountOrArgChange: USER_CACHE_SECONDS });
}
