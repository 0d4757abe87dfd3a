import { SEARCH_SINCE, SEARCH_TYPES, type SearchSince, type SearchType, type Topic } from '@quad/contracts';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { SearchIcon } from '../../../ui/icons';
import { EmptyState, PageContainer, PageHeader } from '../../../ui/page';
import { Select } from '../../../ui/select';
import { Spinner } from '../../../ui/spinner';
import { Tabs } from '../../../ui/tabs';
import { useSearchInfiniteQuery } from '../api';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { SearchResult } from './search-result';
import { Filters, PageSearch, Results } from './search.styles';
import { space } from '../../../app/theme';
import { LoadFailed } from '../../../ui/load-failed';

const TAB_LABEL: Record<SearchType, string> = {
  all: 'All',
  posts: 'Posts',
  comments: 'Comments',
  ideas: 'Ideas',
  polls: 'Polls',
  people: 'People',
};

const SINCE_LABEL: Record<SearchSince, string> = {
  day: 'Past day',
  week: 'Past week',
  month: 'Past month',
  year: 'Past year',
};

/** How long typing must pause before the results follow. */
export const SEARCH_DEBOUNCE_MS = 250;

const isType = (value: string | null): value is SearchType => SEARCH_TYPES.includes(value as SearchType);
const isSince = (value: string | null): value is SearchSince => SEARCH_SINCE.includes(value as SearchSince);

/**
 * /search?q=&type=&topicId=&since=: everything the student may open that matches, by tab, as they
 * type (debounced; the address follows, so a search can be shared and Back works), with topic and
 * date filters and the matched words highlighted. `topics` come from the forum (the app composes).
 */
export function SearchPage({ topics }: { topics: readonly Topic[] }) {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const type = isType(params.get('type')) ? (params.get('type') as SearchType) : 'all';
  const since = isSince(params.get('since')) ? (params.get('since') as SearchSince) : null;
  const topicParam = Number(params.get('topicId'));
  const topicId = Number.isInteger(topicParam) && topicParam > 0 ? topicParam : null;

  const [text, setText] = useState(q);
  // The box follows the address when it changes elsewhere (the header box, Back).
  const [shownQ, setShownQ] = useState(q);
  if (shownQ !== q) {
    setShownQ(q);
    setText(q);
  }
  const settled = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (settled.trim() === q.trim()) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (settled.trim()) next.set('q', settled.trim());
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
    // Only the settled text moves the address; the rest is read from it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  function setParam(name: string, value: string | null) {
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });
  }

  const arg = q.trim() ? { q, type, topicId, since } : skipToken;
  const { data, isFetching, isLoading, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useSearchInfiniteQuery(arg);
  const hits = useMemo(() => {
    const seen = new Set<string>();
    return (data?.pages ?? [])
      .flatMap((page) => page.hits)
      .filter((hit) => !seen.has(`${hit.kind}:${hit.id}`) && Boolean(seen.add(`${hit.kind}:${hit.id}`)));
  }, [data]);

  let results;
  if (!q.trim()) {
    results = (
      <Card>
        <EmptyState
          icon={<SearchIcon />}
          title="Search Quad"
          description="Find posts, comments, ideas, polls and people of your college. Typos are fine."
        />
      </Card>
    );
  } else if (isLoading) {
    results = <Spinner label="Searching..." />;
  } else if (isError) {
    results = <LoadFailed title="Search failed" alert onRetry={refetch} />;
  } else if (hits.length === 0) {
    results = (
      <Card>
        <EmptyState
          icon={<SearchIcon />}
          title={`No results for “${q.trim()}”`}
          description="Try other words, another tab, or fewer filters."
        />
      </Card>
    );
  } else {
    results = (
      <>
        <Results aria-label="Search results" aria-busy={isFetching}>
          {hits.map((hit) => (
            <SearchResult key={`${hit.kind}:${hit.id}`} hit={hit} />
          ))}
        </Results>
        {hasNextPage && (
          <div style={{ textAlign: 'center', marginTop: space(4) }}>
            <Button
              variant="outline"
              onClick={() => void fetchNextPage()}
              loading={isFetchingNextPage}
              disabled={isFetchingNextPage}
            >
              {isFetchingNextPage ? 'Loading...' : 'Load more'}
            </Button>
          </div>
        )}
      </>
    );
  }

  const panel = (
    <>
      <Filters>
        <Select
          label="Topic"
          placeholder="Any topic"
          value={topicId === null ? '' : String(topicId)}
          onChange={(event) => setParam('topicId', event.target.value || null)}
          options={topics.map((topic) => ({ value: String(topic.id), label: topic.name }))}
        />
        <Select
          label="Date"
          placeholder="Any time"
          value={since ?? ''}
          onChange={(event) => setParam('since', event.target.value || null)}
          options={SEARCH_SINCE.map((value) => ({ value, label: SINCE_LABEL[value] }))}
        />
      </Filters>
      <div role="status" className="visually-hidden">
        {q.trim() && !isFetching ? `${hits.length}${hasNextPage ? '+' : ''} results` : ''}
      </div>
      {results}
    </>
  );

  return (
    <PageContainer>
      <PageHeader
        title="Search"
        icon={<SearchIcon />}
        description="Posts, comments, ideas, polls and people of your college"
      />
      <form role="search" onSubmit={(event) => event.preventDefault()}>
        <PageSearch
          look="page"
          aria-label="Search"
          placeholder="Search Quad"
          value={text}
          autoFocus={!q}
          enterKeyHint="search"
          onChange={(event) => setText(event.target.value)}
        />
      </form>
      <Tabs
        label="Result types"
        value={type}
        onValueChange={(next) => setParam('type', next === 'all' ? null : next)}
        items={SEARCH_TYPES.map((value) => ({ value, label: TAB_LABEL[value], content: panel }))}
      />
    </PageContainer>
  );
}
