import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { SearchInput } from '../../../ui/search-input';
import { useSearchInfiniteQuery } from '../api';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { hitPath, searchPath } from '../paths';
import { Highlighted } from './highlighted';
import { KIND_LABEL, authorLabel } from './search-result';
import { BoxRoot, Kbd, SuggestionLink, SuggestionMeta, Suggestions } from './search.styles';

const SUGGESTIONS = 6;
const SUGGEST_DEBOUNCE_MS = 200;

/** Whether a key press belongs to a field being typed in (where `/` is a character, not a shortcut). */
function isTyping(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  if (!element) return false;
  const tag = element.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || element.isContentEditable;
}

/**
 * The header's search box: `/` anywhere focuses it; as the student types (debounced) the best
 * matches drop down (arrow keys move through them, Enter opens one); Enter on the text opens the
 * full results at /search?q=.
 */
export function HeaderSearch() {
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const settled = useDebouncedValue(text.trim(), SUGGEST_DEBOUNCE_MS);

  useEffect(() => {
    function onKeyDown(event: globalThis.KeyboardEvent) {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target))
        return;
      event.preventDefault();
      inputRef.current?.focus();
      inputRef.current?.select();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const { data } = useSearchInfiniteQuery(
    open && settled.length >= 2
      ? { q: settled, type: 'all', topicId: null, since: null, limit: SUGGESTIONS }
      : skipToken,
  );
  const hits = open && settled.length >= 2 ? (data?.pages[0]?.hits ?? []) : [];

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function submit() {
    const q = text.trim();
    if (!q) return;
    close();
    inputRef.current?.blur();
    navigate(searchPath(q));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape') {
      close();
      inputRef.current?.blur();
    } else if (event.key === 'ArrowDown' && hits.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index + 1) % hits.length);
    } else if (event.key === 'ArrowUp' && hits.length > 0) {
      event.preventDefault();
      setActive((index) => (index <= 0 ? hits.length - 1 : index - 1));
    } else if (event.key === 'Enter' && active >= 0 && hits[active]) {
      event.preventDefault();
      const target = hitPath(hits[active]!);
      close();
      inputRef.current?.blur();
      navigate(target);
    }
  }

  return (
    <BoxRoot
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      onBlur={(event) => {
        // Leaving the box and its suggestions closes them; moving between them does not.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close();
      }}
    >
      <SearchInput
        look="header"
        ref={inputRef}
        aria-label="Search Quad"
        placeholder="Search Quad"
        role="combobox"
        aria-expanded={hits.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
        aria-keyshortcuts="/"
        enterKeyHint="search"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      >
        <Kbd aria-hidden="true">/</Kbd>
      </SearchInput>
      {hits.length > 0 && (
        <Suggestions id={listId} role="listbox" aria-label="Suggestions">
          {hits.map((hit, index) => {
            const author = authorLabel(hit);
            return (
              <li
                key={`${hit.kind}:${hit.id}`}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
              >
                <SuggestionLink to={hitPath(hit)} $active={index === active} tabIndex={-1} onClick={close}>
                  <Highlighted text={hit.kind === 'comment' ? hit.snippet : hit.title} terms={hit.terms} />
                  <SuggestionMeta>
                    {KIND_LABEL[hit.kind]}
                    {hit.kind === 'comment' && hit.title ? ` on ${hit.title}` : ''}
                    {author ? ` · ${author}` : ''}
                  </SuggestionMeta>
                </SuggestionLink>
              </li>
            );
          })}
          <li role="presentation">
            <SuggestionLink to={searchPath(text.trim())} tabIndex={-1} onClick={close}>
              See all results for “{text.trim()}”
            </SuggestionLink>
          </li>
        </Suggestions>
      )}
    </BoxRoot>
  );
}
