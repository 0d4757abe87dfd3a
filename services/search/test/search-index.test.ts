import { SearchIndex } from '../src/domain/search-index';

/*
 * The index's query path alone (no servers): the page it answers is the head of the full ranking,
 * and a correctly spelt word is not widened to its neighbours while a misspelt one still is.
 */
const DAY = 86_400_000;
const NOW = Date.parse('2026-11-25T12:00:00Z');
const WORDS = ['farm', 'form', 'calculator', 'rideshare', 'physics', 'library', 'campus', 'market'];

function indexWith(count: number): SearchIndex {
  const index = new SearchIndex();
  for (let i = 0; i < count; i++) {
    const words = [
      WORDS[i % WORDS.length]!,
      WORDS[(i * 3 + 1) % WORDS.length]!,
      WORDS[(i * 5 + 2) % WORDS.length]!,
    ];
    index.put({
      kind: 'post',
      id: `p${i}`,
      partition: 'c1',
      authorId: `u${i % 7}`,
      isAnonymous: false,
      title: i % 4 === 0 ? words[0]! : 'note',
      text: `${words.join(' ')} ${'filler '.repeat(i % 9)}`,
      topicId: 1,
      postId: null,
      createdAt: NOW - (i % 200) * DAY,
      version: 0,
    });
  }
  return index;
}

const ids = (matches: Array<{ doc: { id: string } }>) => matches.map((match) => match.doc.id);

describe('search index: ranking and typo tolerance', () => {
  const index = indexWith(600);
  const all = { partitions: ['c1'], keep: () => true };

  test.each(['farm', 'calculator rideshare', 'campus', 'physics libr', 'markat'])(
    'when a page of 21 is asked for "%s", then it is the head of the full ranking',
    (query) => {
      const full = index.search(query, { ...all, want: 10_000 }, NOW);
      expect(full.length).toBeGreaterThan(21);
      expect(ids(index.search(query, { ...all, want: 21 }, NOW))).toEqual(ids(full.slice(0, 21)));
    },
  );

  test('when a filter rejects most matches, then the page still holds the best of those it keeps', () => {
    const keep = (doc: { authorId: string }) => doc.authorId === 'u3';
    const full = index.search('campus', { partitions: ['c1'], keep, want: 10_000 }, NOW);
    expect(ids(index.search('campus', { partitions: ['c1'], keep, want: 5 }, NOW))).toEqual(
      ids(full.slice(0, 5)),
    );
  });

  test('when a word the index knows is searched, then its neighbours are not; a misspelt word finds both', () => {
    const form = index.search('form', { ...all, want: 10_000 }, NOW);
    expect(form.every((match) => match.terms.includes('form'))).toBe(true);
    expect(form.some((match) => match.terms.includes('farm'))).toBe(false);
    const typo = index.search('fxrm', { ...all, want: 10_000 }, NOW);
    expect(new Set(typo.flatMap((match) => match.terms))).toEqual(new Set(['farm', 'form']));
  });
});
