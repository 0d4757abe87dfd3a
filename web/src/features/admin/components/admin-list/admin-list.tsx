import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../../../ui/button';
import { Input } from '../../../../ui/input';
import { Select, type SelectOption } from '../../../../ui/select';
import { Spinner } from '../../../../ui/spinner';
import type { AdminListPage } from '../../admin-list-page';
import { Controls, Email, Footer, LongText, PagerButtons, Placeholder, Table, TableScroll } from './admin-list.styles';
import type { useCursorPages } from './use-admin-list';

/** How long typing pauses before a search goes to the server (and into the URL). */
const SEARCH_DELAY_MS = 300;

/** A search box bound to the URL: typed text goes out after a short pause; a URL change (back, a link) comes in. */
export function SearchField({
  label,
  placeholder,
  value,
  onSearch,
}: {
  label: string;
  placeholder: string;
  value: string;
  onSearch: (value: string) => void;
}) {
  const [text, setText] = useState(value);
  // A search changed from outside (back, a link) replaces what is in the box.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value);
  }
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return (
    <Input
      label={label}
      type="search"
      placeholder={placeholder}
      value={text}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        window.clearTimeout(timer.current);
        timer.current = window.setTimeout(() => onSearch(next.trim()), SEARCH_DELAY_MS);
      }}
    />
  );
}

/** One control above a table, bound to the URL parameter `key`. */
export type FilterSpec<K extends string> =
  | { kind: 'search'; key: K; label: string; placeholder: string }
  | { kind: 'date'; key: K; label: string }
  | {
      kind: 'select';
      key: K;
      label: string;
      options: readonly SelectOption[];
      /** The empty first choice ('All', 'Any'). */
      placeholder?: string;
      /** The choice an empty parameter means (it is left out of the URL). */
      defaultValue?: string;
    };

/** The search and filters above a table, as a list of specs: each reads and writes its URL parameter. */
export function FilterControls<K extends string>({
  specs,
  values,
  onChange,
}: {
  specs: readonly FilterSpec<K>[];
  values: Record<K, string>;
  onChange: (changes: Partial<Record<K, string>>) => void;
}) {
  return (
    <Controls>
      {specs.map((spec) => {
        const set = (value: string) => onChange({ [spec.key]: value } as Partial<Record<K, string>>);
        const value = values[spec.key];
        if (spec.kind === 'search') {
          return (
            <SearchField
              key={spec.key}
              label={spec.label}
              placeholder={spec.placeholder}
              value={value}
              onSearch={set}
            />
          );
        }
        if (spec.kind === 'date') {
          return (
            <Input
              key={spec.key}
              label={spec.label}
              type="date"
              value={value}
              onChange={(e) => set(e.target.value)}
            />
          );
        }
        const { defaultValue } = spec;
        return (
          <Select
            key={spec.key}
            label={spec.label}
            placeholder={spec.placeholder}
            options={spec.options}
            value={value || (defaultValue ?? '')}
            onChange={(e) => set(e.target.value === defaultValue ? '' : e.target.value)}
          />
        );
      })}
    </Controls>
  );
}

/** What a table shows instead of rows: loading, a failure, or its empty state. */
export function ListStatus({
  loading,
  failed,
  empty,
  loadingLabel,
  emptyText,
}: {
  loading: boolean;
  failed: boolean;
  empty: boolean;
  loadingLabel: string;
  emptyText: ReactNode;
}) {
  if (loading) {
    return (
      <Placeholder>
        <Spinner label={loadingLabel} />
      </Placeholder>
    );
  }
  if (failed)
    return (
      <Placeholder role="alert">This list is not available right now. Try again in a moment.</Placeholder>
    );
  if (empty) return <Placeholder>{emptyText}</Placeholder>;
  return null;
}

/** Previous and Next over keyset pages, with the page number and the list's size. */
export function Pager({
  label,
  pageNumber,
  total,
  noun,
  nextCursor,
  onNext,
  onPrevious,
  busy,
}: {
  label: string;
  pageNumber: number;
  total: number | null;
  noun: string;
  nextCursor: string | null;
  onNext: (cursor: string) => void;
  onPrevious: () => void;
  busy: boolean;
}) {
  return (
    <Footer>
      <span aria-live="polite">
        Page {pageNumber}
        {total !== null && ` · ${total.toLocaleString('en-US')} ${noun}`}
      </span>
      <PagerButtons aria-label={label}>
        <Button size="sm" variant="outline" onClick={onPrevious} disabled={pageNumber === 1 || busy}>
          Previous
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => nextCursor && onNext(nextCursor)}
          disabled={!nextCursor || busy}
        >
          Next
        </Button>
      </PagerButtons>
    </Footer>
  );
}

/** An admin list's query, as RTK Query's hook gives it. */
export interface PagedQuery<Row> {
  data?: AdminListPage<Row>;
  isFetching: boolean;
  isError: boolean;
}

/**
 * A column of an admin table: a header alone is a text column, which wraps; `fit` keeps a column to
 * one line at its content's width (a date, an amount, a badge, buttons).
 */
export type TableColumn = string | { header: ReactNode; fit: true };

/** A column that keeps to one line at its content's width. */
export const fit = (header: ReactNode): TableColumn => ({ header, fit: true });

/** Free text of any length in a cell (a note, a reason): cut to a few lines, the whole text in its tooltip. */
export function CellText({ text }: { text: string }) {
  return <LongText title={text}>{text}</LongText>;
}

/** An e-mail address that wraps after its @ in a narrow column, rather than at any letter. */
export function EmailText({ address }: { address: string }) {
  const at = address.lastIndexOf('@');
  if (at < 0) return <Email>{address}</Email>;
  return (
    <Email>
      {address.slice(0, at + 1)}
      <wbr />
      {address.slice(at + 1)}
    </Email>
  );
}

export interface PagedTableProps<Row> {
  /** The table's accessible name, e.g. 'Audit log'. */
  label: string;
  columns: readonly TableColumn[];
  query: PagedQuery<Row>;
  /** One `<tr>` for a row. */
  children: (row: Row) => ReactNode;
  pages: ReturnType<typeof useCursorPages>;
  /** The pager's accessible name and the noun of its count: 'Audit log pages', 'actions'. */
  pagerLabel: string;
  noun: string;
  loadingLabel: string;
  emptyText: string;
  /** What an empty page says when Next may still find rows further on (a search over a long list). */
  emptyStretchText?: string;
  /** A spinner instead of the rows while a new search or page loads (the rows shown would not match it). */
  spinWhileFetching?: boolean;
  /** A list polled in the background keeps its pager usable while it refreshes. */
  polled?: boolean;
}

/** An admin table a page at a time: the rows, or loading, a failure or its empty state; then the pager. */
export function PagedTable<Row>({
  label,
  columns,
  query,
  children,
  pages,
  pagerLabel,
  noun,
  loadingLabel,
  emptyText,
  emptyStretchText,
  spinWhileFetching = false,
  polled = false,
}: PagedTableProps<Row>) {
  const rows = query.data?.rows ?? [];
  const nextCursor = query.data?.nextCursor ?? null;
  const firstLoad = query.isFetching && !query.data;
  const spinning = spinWhileFetching ? query.isFetching : firstLoad;
  const fitColumns = columns.flatMap((column, index) => (typeof column === 'string' ? [] : [index + 1]));
  return (
    <>
      {rows.length > 0 && !(spinWhileFetching && query.isFetching) ? (
        <TableScroll>
          <Table aria-label={label} $fitColumns={fitColumns}>
            <thead>
              <tr>
                {columns.map((column, index) => (
                  <th key={index} scope="col">
                    {typeof column === 'string' ? column : column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>{rows.map(children)}</tbody>
          </Table>
        </TableScroll>
      ) : (
        <ListStatus
          loading={spinning}
          failed={query.isError}
          empty={rows.length === 0}
          loadingLabel={loadingLabel}
          emptyText={nextCursor && emptyStretchText ? emptyStretchText : emptyText}
        />
      )}
      <Pager
        label={pagerLabel}
        pageNumber={pages.pageNumber}
        total={query.data?.total ?? null}
        noun={noun}
        nextCursor={nextCursor}
        onNext={pages.next}
        onPrevious={pages.previous}
        busy={polled ? firstLoad : query.isFetching}
      />
    </>
  );
}
