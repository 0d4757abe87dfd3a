import type { Response } from 'express';
import { TOTAL_COUNT_HEADER } from '@quad/contracts';
import { sendPage } from './answer';
import type { ListDef } from './data/list-index';
import type { AcceptFilter, Page, Repository, Stored } from './data/repository';

/*
 * How every admin list answers (users, payment requests, reports, bans, appeals, audit log): the
 * rows as a JSON array, the next page's cursor in X-Next-Cursor (absent on the last page) and the
 * list's size before search and filters in X-Total-Count.
 */

/**
 * How many documents one filtered or searched page may examine: a filter that matches little
 * answers a short page with a cursor to go on from instead of reading a whole campus.
 */
export const ADMIN_LIST_SCAN_LIMIT = 2000;

/**
 * One page of an admin list, through its filters (`accept`, at most ADMIN_LIST_SCAN_LIMIT documents
 * examined) and within a date range, with the list's size before them.
 */
export async function adminListPage<T extends Stored>(
  repository: Repository<T>,
  list: ListDef<T>,
  query: { cursor?: string | null; limit: number },
  filters: { accept?: AcceptFilter<T>; scoreRange?: { min?: number; max?: number } } = {},
): Promise<Page<T> & { total: number }> {
  const [page, total] = await Promise.all([
    repository.page(list, {
      cursor: query.cursor ?? null,
      limit: query.limit,
      scanLimit: ADMIN_LIST_SCAN_LIMIT,
      ...filters,
    }),
    repository.count(list),
  ]);
  return { ...page, total };
}

export function sendAdminPage(
  res: Response,
  rows: unknown[],
  page: { nextCursor: string | null; total?: number },
): void {
  if (page.total !== undefined) res.setHeader(TOTAL_COUNT_HEADER, String(page.total));
  sendPage(res, rows, page.nextCursor);
}

/** A case- and accent-blind "contains" for searches over a few text fields (payments, reports, bans). */
export function textMatches(query: string | undefined, fields: Array<string | null | undefined>): boolean {
  if (!query) return true;
  const needle = fold(query);
  return fields.some((field) => field != null && fold(field).includes(needle));
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/**
 * Lower case without accents. A filtered page folds every field of up to ADMIN_LIST_SCAN_LIMIT
 * documents, and Unicode decomposition was most of that: printable ASCII (most names, e-mails,
 * reasons) has nothing to decompose and skips it.
 */
function fold(text: string): string {
  if (PRINTABLE_ASCII.test(text)) return text.toLowerCase();
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}
