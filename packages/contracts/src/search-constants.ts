/** The search box's constants, apart from its zod schemas (search.ts) so the web bundles them without zod. */

export const SEARCH_TYPES = ['all', 'posts', 'comments', 'ideas', 'polls', 'people'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** How far back the date filter reaches. */
export const SEARCH_SINCE = ['day', 'week', 'month', 'year'] as const;
export type SearchSince = (typeof SEARCH_SINCE)[number];
export const SEARCH_SINCE_MS: Record<SearchSince, number> = {
  day: 24 * 3600 * 1000,
  week: 7 * 24 * 3600 * 1000,
  month: 31 * 24 * 3600 * 1000,
  year: 366 * 24 * 3600 * 1000,
};

export const SEARCH_PAGE_SIZE = { default: 20, max: 50 } as const;
export const SEARCH_QUERY_MAX = 100;
export const SEARCH_MESSAGES = {
  blank: 'Type something to search.',
  tooLong: `Search for at most ${SEARCH_QUERY_MAX} characters.`,
} as const;

export const SEARCH_KINDS = ['post', 'comment', 'idea', 'poll', 'person'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];
