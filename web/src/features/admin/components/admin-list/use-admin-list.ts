import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * An admin table's search and filters live in the URL (`?tab=users&q=maya&college=2`), so a link
 * or a reload reopens the same view; the page cursors live here, and a change of search or filter
 * starts again from the first page.
 */
export function useUrlParams<K extends string>(
  keys: readonly K[],
): [Record<K, string>, (changes: Partial<Record<K, string>>) => void] {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(keys.map((key) => [key, params.get(key) ?? ''])) as Record<K, string>;
  const set = useCallback(
    (changes: Partial<Record<K, string>>) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes) as Array<[K, string | undefined]>) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [values, set];
}

/** Keyset paging: a stack of the cursors that led to the page shown; a new `signature` (search, filters) starts over. */
export function useCursorPages(signature: string) {
  const [state, setState] = useState<{ signature: string; stack: string[] }>({ signature, stack: [] });
  const stack = state.signature === signature ? state.stack : [];
  return {
    cursor: stack.at(-1),
    pageNumber: stack.length + 1,
    next: (cursor: string) => setState({ signature, stack: [...stack, cursor] }),
    previous: () => setState({ signature, stack: stack.slice(0, -1) }),
  };
}

/**
 * A table's filters in the URL and its pages, which start over when a filter changes. `params`
 * names, for each URL parameter, the list API's parameter it fills; `args` is the query to send.
 */
export function useFilteredPages<K extends string>(params: Readonly<Record<K, string>>, limit: number) {
  const keys = Object.keys(params) as K[];
  const [filters, setFilters] = useUrlParams(keys);
  const pages = useCursorPages(keys.map((key) => filters[key]).join('|'));
  const args = {
    ...Object.fromEntries(keys.map((key) => [params[key], filters[key]])),
    cursor: pages.cursor,
    limit,
  };
  return { filters, setFilters, pages, args };
}
