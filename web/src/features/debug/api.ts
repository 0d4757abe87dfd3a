import { api } from '../../api/api-slice';

/** GET /api/debug/session: what the server sees of this session (never token values). */
export const debugApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDebugSession: build.query<Record<string, unknown>, void>({
      query: () => '/api/debug/session',
      providesTags: ['DebugSession'],
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetDebugSessionQuery } = debugApi;
