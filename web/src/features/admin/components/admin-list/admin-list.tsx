import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../../../ui/button';
import { Input } from '../../../../ui/input';
import { Spinner } from '../../../../ui/spinner';
import { Footer, PagerButtons, Placeholder } from './admin-list.styles';

/** How long typing pauses before a search goes to the server (and into the URL). */
const SEARCH_DELAY_MS = 300;

/** A search box bound to the URL: typed text goes out after a short pause; a URL change (back, a link) comes in. */
export function SearchField({ label, placeholder, value, onSearch }: { label: string; placeholder: string; value: string; onSearch: (value: string) => void }) {
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

/** What a table shows instead of rows: loading, a failure, or its empty state. */
export function ListStatus({ loading, failed, empty, loadingLabel, emptyText }: { loading: boolean; failed: boolean; empty: boolean; loadingLabel: string; emptyText: ReactNode }) {
  if (loading) {
    return (
      <Placeholder>
        <Spinner label={loadingLabel} />
      </Placeholder>
    );
  }
  if (failed) return <Placeholder role="alert">This list is not available right now. Try again in a moment.</Placeholder>;
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
        <Button size="sm" variant="outline" onClick={() => nextCursor && onNext(nextCursor)} disabled={!nextCursor || busy}>
          Next
        </Button>
      </PagerButtons>
    </Footer>
  );
}
