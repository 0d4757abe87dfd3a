import {
  SearchIndex,
  fuzziness,
  knownWordsTakenAsWritten,
  normalizeTerm,
  QUERY_OPTIONS,
} from '../src/domain/search-index';
import { bestFirst, internalsOf, rankedQuery } from '../src/domain/ranked-query';
import { snippetOf } from '../src/domain/search';

/*
 * The index's query path alone (no servers): the page it answers is the head of the full ranking,
 * and a correctly spelt word is not widened to its neighbours while a misspelt one still is.
 */
const DAY = 86_400_000;
const NOW = Date.parse('2026-11-25T12:00:00Z');
const WORDS = ['farm', 'form', 'calculator', 'rideshare', 'physics', 'library', 'campus', 'market'];

function indexWith(count: number, rememberedQueries = 0): SearchIndex {
  const index = new SearchIndex({ rememberedQueries });
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

describe('search index: the query path scores only documents that hold every word', () => {
  const index = indexWith(600);
  // A few removed, then the engine vacuumed: between a removal and the vacuum both count the removed
  // document's postings in a word's frequency (MiniSearch only some of them, as it meets them).
  beforeAll(async () => {
    for (let i = 0; i < 600; i += 50) index.remove('post', `p${i}`);
    await index.engines().get('c1')!.vacuum();
  });

  test.each([
    'farm',
    'calculator rideshare',
    'campus',
    'physics libr',
    'markat',
    'form farm note',
    'filler',
    'the',
    // A second word with more probes (its expansions × fields × candidates) than postings: read
    // once, its postings marking the candidates met, instead of asked about each candidate.
    'campus fxrm',
    'library note farm',
  ])(
    'when "%s" is asked, then the matches, their order and the matched words are MiniSearch\'s own, and again when the set is walked a second and third time (a remembered query)',
    (query) => {
      const engine = index.engines().get('c1')!;
      const expected = engine.search(query, {
        ...knownWordsTakenAsWritten(engine),
        processTerm: normalizeTerm,
      });
      const inner = internalsOf(engine)!;
      const matched = rankedQuery(inner, query, {
        fields: [
          { name: 'title', boost: 2 },
          { name: 'text', boost: 1 },
        ],
        processTerm: normalizeTerm,
        fuzzy: (term) => (inner._index.has(term) ? false : fuzziness(term)),
        prefix: QUERY_OPTIONS.prefix,
      });
      for (const walk of [1, 2, 3]) {
        const ranked = bestFirst(matched);
        expect(Boolean(matched.sorted)).toBe(walk > 1 && matched.candidates.length > 0);
        const got: Array<{ id: string; score: number; terms: string[] }> = [];
        for (let doc = ranked.next(); doc >= 0; doc = ranked.next())
          got.push({ id: ranked.idOf(doc), score: ranked.score(), terms: ranked.termsOf(doc) });
        expect(got.length).toBe(expected.length);
        const byId = new Map(expected.map((result) => [result.id as string, result]));
        for (const hit of got) {
          const theirs = byId.get(hit.id)!;
          expect(theirs).toBeDefined();
          expect(hit.score).toBe(theirs.score);
          expect(hit.terms).toEqual(theirs.terms);
        }
        const scores = got.map((hit) => hit.score);
        expect(scores).toEqual([...scores].sort((a, b) => b - a));
      }
    },
  );
});

describe('search index: what a query remembers of each document follows the index', () => {
  const options = (inner: NonNullable<ReturnType<typeof internalsOf>>) => ({
    fields: [
      { name: 'title', boost: 2 },
      { name: 'text', boost: 1 },
    ],
    processTerm: normalizeTerm,
    fuzzy: (term: string) => (inner._index.has(term) ? false : fuzziness(term)),
    prefix: QUERY_OPTIONS.prefix,
  });
  const scoresOf = (matched: ReturnType<typeof rankedQuery>) =>
    new Map(matched.candidates.map((doc, at) => [matched.idOf(doc), matched.scores[at]!]));

  test('when documents are added and removed between two queries, then the second scores as MiniSearch does on the changed index', async () => {
    const index = indexWith(300);
    const engine = index.engines().get('c1')!;
    const inner = internalsOf(engine)!;
    for (const query of ['campus', 'campus fxrm', 'physics libr']) rankedQuery(inner, query, options(inner));
    for (let i = 0; i < 40; i++)
      index.put({
        kind: 'post',
        id: `long${i}`,
        partition: 'c1',
        authorId: 'u1',
        isAnonymous: false,
        title: 'campus campus library',
        text: `campus farm ${'physics '.repeat(30)}`,
        topicId: 1,
        postId: null,
        createdAt: NOW,
        version: 0,
      });
    for (let i = 0; i < 300; i += 7) index.remove('post', `p${i}`);
    // As above: MiniSearch counts a removed document's postings until its vacuum has run.
    await engine.vacuum();
    for (const query of ['campus', 'campus fxrm', 'physics libr']) {
      const expected = engine.search(query, { ...knownWordsTakenAsWritten(engine), processTerm: normalizeTerm });
      const got = scoresOf(rankedQuery(inner, query, options(inner)));
      expect(got.size).toBe(expected.length);
      for (const result of expected) expect(got.get(result.id as string)).toBe(result.score);
    }
  });
});

describe('search index: remembered queries and typo neighbours follow every change', () => {
  const all = { partitions: ['c1'], keep: () => true, want: 10_000 };
  const post = (id: string, title: string, version = 0) => ({
    kind: 'post' as const,
    id,
    partition: 'c1',
    authorId: 'u1',
    isAnonymous: false,
    title,
    text: 'filler',
    topicId: 1,
    postId: null,
    createdAt: NOW,
    version,
  });

  test('when a query is asked again after a post is added, edited or removed, then the answer has changed with it', () => {
    const index = indexWith(200, 100);
    const before = ids(index.search('campus', all, NOW));
    expect(ids(index.search('campus', all, NOW))).toEqual(before);
    index.put(post('new', 'campus news'));
    expect(ids(index.search('campus', all, NOW))).toContain('new');
    index.put(post('new', 'library news', 1));
    expect(ids(index.search('campus', all, NOW))).not.toContain('new');
    expect(ids(index.search('campus', all, NOW))).toEqual(before);
    index.put(post('new2', 'campus again'));
    expect(ids(index.search('campus', all, NOW))).toContain('new2');
    index.remove('post', 'new2');
    expect(ids(index.search('campus', all, NOW))).toEqual(before);
  });

  test('when a word new to the college is indexed, then a misspelling it is one edit from finds it', () => {
    const index = indexWith(200, 100);
    expect(index.search('calculatr', all, NOW).flatMap((match) => match.terms)).not.toContain('calculatro');
    index.put(post('odd', 'calculatro'));
    const terms = index.search('calculatr', all, NOW).flatMap((match) => match.terms);
    expect(terms).toContain('calculatro');
    expect(terms).toContain('calculator');
  });
});

describe('snippets: the window around the first matched word', () => {
  const filler = 'lorem ipsum dolor sit amet '.repeat(12);

  test('when the matched word is written in capitals far into a long text, then the snippet shows it, cut at whole words', () => {
    const snippet = snippetOf(`${filler}the Calculator was left at the LIBRARY desk. ${filler}`, ['library', 'calculator']);
    expect(snippet).toMatch(/^…/);
    expect(snippet).toContain('the Calculator was left at the LIBRARY desk.');
    expect(snippet.length).toBeLessThanOrEqual(182);
  });

  test('when the cut falls inside an emoji, then the snippet leaves it out rather than half of it', () => {
    const snippet = snippetOf(`a${'🎉'.repeat(120)}`, []);
    expect(snippet).toBe(`a${'🎉'.repeat(89)}…`);
    expect(snippet).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  test('when the text has accents, then a folded term still finds its word', () => {
    const snippet = snippetOf(`${filler}meet at the Café Résumé corner tonight ${filler}`, ['resume']);
    expect(snippet).toContain('Café Résumé corner');
  });

  test('when a term holds characters special in patterns, or none is found, then the text opens the snippet', () => {
    const text = `${filler}${filler}`.trim();
    expect(snippetOf(text, ['c++'])).toBe(snippetOf(text, []));
    expect(snippetOf(text, [])).toMatch(/^lorem ipsum/);
  });
});
