import { type SearchHit, type SearchSince, type SearchType } from '@quad/contracts';
import { api } from '../../api/api-slice';
import { cursorPages, nextCursorOf } from '../../api/cursor-pages';

/** What the search page (and the header box) asks for. */
export interface SearchArg {
  q: string;
  type: SearchType;
  topicId: number | null;
  since: SearchSince | null;
  limit?: number;
}

export interface SearchPage {
  hits: SearchHit[];
  nextCursor: string | null;
}

/**
 * GET /api/search, a page at a time ("Load more" follows X-Next-Cursor). Results go stale as the
 * college writes, so they are kept 30 s rather than the app's 5 minutes.
 */
export const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    search: build.infiniteQuery<SearchPage, SearchArg, string | null>({
      infiniteQueryOptions: cursorPages,
      query: ({ queryArg, pageParam }) => ({
        url: '/api/search',
        params: {
          q: queryArg.q.trim(),
          type: queryArg.type,
          topicId: queryArg.topicId ?? undefined,
          since: queryArg.since ?? undefined,
          limit: queryArg.limit,
          cursor: pageParam ?? undefined,
        },
      }),
      transformResponse: (hits: SearchHit[], meta) => ({
        hits: Array.isArray(hits) ? hits : [],
        nextCursor: nextCursorOf(meta),
      }),
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useSearchInfiniteQuery } = searchApi;
