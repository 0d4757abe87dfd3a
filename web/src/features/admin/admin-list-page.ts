import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';
import { NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER } from '@quad/contracts';

/**
 * One page of an admin list as the server answers it (rows in the body, the next page's cursor in
 * X-Next-Cursor, the list's size in X-Total-Count): every admin table reads this shape.
 */
export interface AdminListPage<T> {
  rows: T[];
  nextCursor: string | null;
  /** How many rows the list (its status tab) holds before search and filters; null when not told. */
  total: number | null;
}

/** The query string of an admin list: empty values are left out, so the server applies its defaults. */
export type AdminListParams = Record<string, string | number | undefined>;

export function toAdminListPage<T>(rows: T[], meta: FetchBaseQueryMeta | undefined): AdminListPage<T> {
  const headers = meta?.response?.headers;
  const total = headers?.get(TOTAL_COUNT_HEADER);
  return {
    rows: Array.isArray(rows) ? rows : [],
    nextCursor: headers?.get(NEXT_CURSOR_HEADER) || null,
    total: total ? Number(total) : null,
  };
}

export function adminListParams(params: AdminListParams): Record<string, string | number> {
  return Object.fromEntries(Object.entries(params).filter((entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== ''));
}
