import type { Profile, ProfileComment, ProfilePost, User } from '@quad/contracts';
import { api } from '../../api/api-slice';
import type { ApiError } from '../../api/api-error';

/**
 * Reads a list that may not exist yet: until the forum service serves the profile activity
 * endpoints they answer 404, which the profile shows as its empty state.
 */
function listOrEmptyOn404<T>(url: string) {
  return async (_arg: void, _api: unknown, _extra: unknown, baseQuery: (arg: string) => unknown) => {
    const result = (await baseQuery(url)) as { data?: unknown; error?: ApiError };
    if (result.error) {
      return result.error.status === 404 ? { data: [] as T[] } : { error: result.error };
    }
    return { data: Array.isArray(result.data) ? (result.data as T[]) : [] };
  };
}

export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<Profile, void>({
      query: () => '/api/profile',
      providesTags: ['Profile'],
    }),
    getProfilePosts: build.query<ProfilePost[], void>({
      queryFn: listOrEmptyOn404<ProfilePost>('/api/profile/posts'),
      providesTags: ['ProfilePosts'],
    }),
    getProfileComments: build.query<ProfileComment[], void>({
      queryFn: listOrEmptyOn404<ProfileComment>('/api/profile/comments'),
      providesTags: ['ProfileComments'],
    }),
    /** Multipart: a photo, a colour, or the full edit — see profileUpdateFieldsSchema. */
    updateProfile: build.mutation<User, FormData>({
      query: (body) => ({ url: '/api/profile/update', method: 'POST', body }),
      invalidatesTags: ['Profile', 'CurrentUser'],
    }),
  }),
});

export const { useGetProfileQuery, useGetProfilePostsQuery, useGetProfileCommentsQuery, useUpdateProfileMutation } = profileApi;
