import { NEXT_CURSOR_HEADER } from '@quad/contracts';
import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';

/**
 * The paging of a list the server sends a page at a time: the first page is asked without a cursor,
 * each page names the next one (`nextCursor`, null on the last). For `build.infiniteQuery`'s
 * `infiniteQueryOptions` (the forum feed, the ideas hub, search).
 */
export const cursorPages = {
  initialPageParam: null,
  getNextPageParam: (lastPage: { nextCursor: string | null }) => lastPage.nextCursor,
};

/** The cursor of the next page a response names in its X-Next-Cursor header, or null on the last page. */
export function nextCursorOf(meta: unknown): string | null {
  return (meta as FetchBaseQueryMeta | undefined)?.response?.headers.get(NEXT_CURSOR_HEADER) || null;
}
