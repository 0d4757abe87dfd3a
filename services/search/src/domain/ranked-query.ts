import MiniSearch from 'minisearch';

/*
 * MiniSearch's own `search` with `combineWith: 'AND'` scores every posting of every word of the
 * query (a result object with arrays per document, for thousands of documents of a common word),
 * then intersects the words' results and sorts them all: 57 % of a query's time in the profile
 * (bench/README.md, search). This answers the same query on the same index, with the same BM25+
 * scores (MiniSearch's formula, field boosts, prefix and fuzzy weights, in the same order of
 * addition), but intersects first: the documents of the word with the fewest postings, kept only
 * when every other word matches them too, and only those are scored. The matched terms (for
 * highlighting) are found only for the documents a page shows.
 *
 * It reads MiniSearch 7's internal fields (`_index`, `_documentIds`, `_fieldIds`, `_fieldLength`,
 * `_avgFieldLength`, `_documentCount`); `internalsOf` checks they are there, and where they are
 * not (a MiniSearch that changed them) the caller falls back to MiniSearch's own search.
 */

type Postings = Map<number, number>;
type TermData = Map<number, Postings>;

interface RadixMap {
  get(term: string): TermData | undefined;
  has(term: string): boolean;
  atPrefix(prefix: string): Iterable<[string, TermData]>;
  fuzzyGet(term: string, maxDistance: number): Map<string, [TermData, number]>;
}

export interface Internals {
  _index: RadixMap;
  _documentIds: Map<number, string>;
  _idToShortId: Map<string, number>;
  _fieldIds: Record<string, number>;
  _fieldLength: Map<number, number[]>;
  _avgFieldLength: number[];
  _documentCount: number;
  _nextId: number;
}

export function internalsOf(index: object): Internals | null {
  const inner = index as unknown as Partial<Internals>;
  return inner._index &&
    typeof inner._index.get === 'function' &&
    typeof inner._index.atPrefix === 'function' &&
    typeof inner._index.fuzzyGet === 'function' &&
    inner._documentIds instanceof Map &&
    inner._idToShortId instanceof Map &&
    inner._fieldLength instanceof Map &&
    typeof inner._fieldIds === 'object' &&
    Array.isArray(inner._avgFieldLength) &&
    typeof inner._documentCount === 'number' &&
    typeof inner._nextId === 'number'
    ? (inner as Internals)
    : null;
}

/** MiniSearch's defaults (`defaultSearchOptions`): BM25+ parameters and the weights of prefix and fuzzy matches. */
const BM25 = { k: 1.2, b: 0.7, d: 0.5 };
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;
const tokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[];

/** One indexed term a query word matches (itself, a longer word it prefixes, or a word within its edits), and its weight. */
interface Expansion {
  term: string;
  weight: number;
  /** Per field (in `fields` order): the term's postings in that field, or undefined. */
  fields: Array<Postings | undefined>;
}

export interface RankedQueryOptions {
  /** The indexed fields in MiniSearch's `fields` order, with their boosts. */
  fields: ReadonlyArray<{ name: string; boost: number }>;
  processTerm: (term: string) => string | null;
  /** Edits allowed for the i-th query word (false: none). */
  fuzzy: (term: string, i: number, terms: string[]) => number | false;
  /** Whether the i-th query word also matches longer words it begins. */
  prefix: (term: string, i: number, terms: string[]) => boolean;
  /** Where a word's matches within its edits are remembered (`FuzzyCache`), if anywhere. */
  fuzzyCache?: FuzzyCache;
}

/**
 * The indexed words within a query word's edits, per partition, as MiniSearch's edit-distance walk
 * finds them (the walk was 18 % of a query's time once scoring was cheap; a third of the bench's
 * queries carry a typo). Exact: `clear()` is called whenever a word new to the partition is indexed
 * (a cached word list could then miss it); a remembered word that has since left the index is
 * skipped when its postings are read. Bounded: full, it starts afresh.
 */
export class FuzzyCache {
  private readonly words = new Map<string, Array<[string, number]>>();
  constructor(private readonly limit = 20_000) {}

  clear(): void {
    this.words.clear();
  }

  get size(): number {
    return this.words.size;
  }

  /** `word`'s neighbours within `edits`, in the walk's order, each with its distance (0 for the word itself). */
  near(inner: Internals, word: string, edits: number): Array<[string, number]> {
    const key = `${edits}:${word}`;
    let found = this.words.get(key);
    if (!found) {
      found = [...inner._index.fuzzyGet(word, edits)].map(([term, [, distance]]) => [term, distance]);
      if (this.words.size >= this.limit) this.words.clear();
      this.words.set(key, found);
    }
    return found;
  }
}

export interface Ranked {
  /** How many documents match. */
  count: number;
  /** The next best match's MiniSearch short id (best first), -1 when none is left. */
  next(): number;
  /** The relevance of the document `next` returned last. */
  score(): number;
  /** The document's id (MiniSearch's `idField`). */
  idOf(shortId: number): string;
  /** The indexed terms the document matched, in MiniSearch's order (`SearchResult.terms`). */
  termsOf(shortId: number): string[];
}

/** Every document a query matches, unordered, with its relevance (by position). */
export interface Matched {
  /** MiniSearch's short ids. */
  candidates: number[];
  scores: Float64Array;
  idOf(shortId: number): string;
  termsOf(shortId: number): string[];
  /** How many times `bestFirst` has walked this set (a remembered set is walked again and again). */
  walks?: number;
  /** The positions of `candidates`, best first: sorted once a set is walked a second time. */
  sorted?: Uint32Array;
}

/**
 * Per index, arrays by MiniSearch short id that a query works in: the driver word's score, whether a
 * document is taken (1) or discarded (2), another word's score and whether it matched. Queries run
 * one at a time (synchronously), so one set per index serves them all; each query zeroes again
 * what it wrote, so none pays to allocate and zero arrays of the whole partition.
 *
 * Beside them, per field, the part of BM25+'s denominator that depends on the document alone,
 * `k · (1 − b + b · length ÷ average length)` (NaN for a document no longer indexed): a query
 * reads it from an array instead of looking the document's lengths up in MiniSearch's map for
 * every posting (the most of a first-time query's time). Worked out when a query first meets the
 * document, and again after the index changes (`stamp` against `version`: the averages move with
 * every document added or removed). The same operations in the same order as the formula written
 * out, so the scores are the same to the last bit.
 */
interface Scratch {
  driverScore: Float64Array;
  seen: Uint8Array;
  wordScore: Float64Array;
  hit: Uint8Array;
  lengthTerm: Float64Array[];
  stamp: Uint32Array;
  version: number;
  /** What the index looked like when `version` was last moved. */
  state: string;
}
const scratches = new WeakMap<Internals, Scratch>();

function scratchFor(inner: Internals): Scratch {
  const size = inner._nextId + 1;
  let scratch = scratches.get(inner);
  if (!scratch || scratch.seen.length < size) {
    // Room to grow, so a partition that keeps growing reallocates now and then, not every query.
    const room = Math.max(size, Math.ceil((scratch?.seen.length ?? 0) * 1.25), 1024);
    const fieldCount = Math.max(-1, ...Object.values(inner._fieldIds)) + 1;
    scratch = {
      driverScore: new Float64Array(room),
      seen: new Uint8Array(room),
      wordScore: new Float64Array(room),
      hit: new Uint8Array(room),
      lengthTerm: Array.from({ length: fieldCount }, () => new Float64Array(room)),
      stamp: new Uint32Array(room),
      version: 1,
      state: '',
    };
    scratches.set(inner, scratch);
  }
  const state = `${inner._nextId} ${inner._documentCount} ${inner._avgFieldLength.join(' ')}`;
  if (state !== scratch.state) {
    scratch.state = state;
    scratch.version += 1;
    if (scratch.version === 0xffffffff) {
      scratch.stamp.fill(0);
      scratch.version = 1;
    }
  }
  return scratch;
}

const EMPTY: Matched = { candidates: [], scores: new Float64Array(0), idOf: () => '', termsOf: () => [] };

/** Every word required (AND); scores as MiniSearch's `search` gives them. `bestFirst` orders them. */
export function rankedQuery(inner: Internals, query: string, options: RankedQueryOptions): Matched {
  const words: string[] = [];
  for (const token of tokenize(query)) {
    const term = options.processTerm(token);
    if (term) words.push(term);
  }
  if (words.length === 0) return EMPTY;
  const fieldIds = options.fields.map((field) => inner._fieldIds[field.name]!);
  const specs: Expansion[][] = words.map((word, i) => {
    const expansions: Expansion[] = [];
    const add = (term: string, weight: number, data: TermData | undefined) => {
      if (data) expansions.push({ term, weight, fields: fieldIds.map((id) => data.get(id)) });
    };
    add(word, 1, inner._index.get(word));
    const edits = options.fuzzy(word, i, words);
    const fuzzy = !edits
      ? undefined
      : options.fuzzyCache
        ? new Map(
            options.fuzzyCache
              .near(inner, word, edits)
              .map(([term, distance]) => [term, [inner._index.get(term), distance] as const]),
          )
        : inner._index.fuzzyGet(word, edits);
    if (options.prefix(word, i, words))
      for (const [term, data] of inner._index.atPrefix(word)) {
        const distance = term.length - word.length;
        if (!distance) continue;
        fuzzy?.delete(term);
        add(term, (PREFIX_WEIGHT * term.length) / (term.length + 0.3 * distance), data);
      }
    if (fuzzy)
      for (const [term, [data, distance]] of fuzzy) {
        if (!distance) continue;
        add(term, (FUZZY_WEIGHT * term.length) / (term.length + distance), data);
      }
    return expansions;
  });
  // The word with the fewest postings drives; every other word must match each of its documents.
  const postingCounts = specs.map((spec) =>
    spec.reduce((sum, e) => sum + e.fields.reduce((n, postings) => n + (postings?.size ?? 0), 0), 0),
  );
  let driver = 0;
  let fewest = Infinity;
  postingCounts.forEach((count, i) => {
    if (count < fewest) [driver, fewest] = [i, count];
  });
  if (fewest === 0) return EMPTY;
  const matches = (spec: Expansion[], doc: number) => {
    for (const expansion of spec)
      for (const postings of expansion.fields) if (postings?.has(doc)) return true;
    return false;
  };
  // BM25+ exactly as MiniSearch's termResults: per word, its expansions in order, each field in
  // order, summed in that order; then the words' sums, in the query's order, times the number of
  // distinct words.
  const total = inner._documentCount;
  const k = BM25.k;
  const b = BM25.b;
  const d = BM25.d;
  const avg = inner._avgFieldLength;
  const idfOf = (postings: Postings) => Math.log(1 + (total - postings.size + 0.5) / (postings.size + 0.5));
  const scratch = scratchFor(inner);
  const { driverScore, seen, wordScore, hit, lengthTerm, stamp, version } = scratch;
  /** `k · (1 − b + b · length ÷ average)` of the document's field; NaN for a document no longer indexed. */
  const lengthTermOf = (doc: number, fieldId: number): number => {
    if (stamp[doc] !== version) {
      const lengths = inner._fieldLength.get(doc);
      for (let id = 0; id < lengthTerm.length; id++)
        lengthTerm[id]![doc] = lengths === undefined ? NaN : k * (1 - b + (b * lengths[id]!) / avg[id]!);
      stamp[doc] = version;
    }
    return lengthTerm[fieldId]![doc]!;
  };
  const termScore = (expansion: Expansion, f: number, freq: number, doc: number) => {
    const fieldId = fieldIds[f]!;
    const raw = idfOf(expansion.fields[f]!) * (d + (freq * (k + 1)) / (freq + lengthTermOf(doc, fieldId)));
    return expansion.weight * options.fields[f]!.boost * raw;
  };

  // The driver word is scored as its postings are read (no lookup per document): its score by
  // MiniSearch's short id in the partition's scratch arrays (`scratchFor`: reused by every query,
  // zeroed again where this one wrote); `seen` is 1 for a document taken, 2 for a discarded one
  // (its postings stay until MiniSearch's vacuum clears them).
  const taken: number[] = [];
  const discarded: number[] = [];
  try {
    for (const expansion of specs[driver]!)
      for (let f = 0; f < expansion.fields.length; f++) {
        const postings = expansion.fields[f];
        if (!postings) continue;
        const fieldId = fieldIds[f]!;
        const factor = expansion.weight * options.fields[f]!.boost;
        const idf = idfOf(postings);
        postings.forEach((freq, doc) => {
          const state = seen[doc];
          if (state === 2) return;
          const norm = lengthTermOf(doc, fieldId);
          if (norm !== norm) {
            seen[doc] = 2;
            discarded.push(doc);
            return;
          }
          if (state !== 1) {
            seen[doc] = 1;
            taken.push(doc);
          }
          driverScore[doc]! += factor * (idf * (d + (freq * (k + 1)) / (freq + norm)));
        });
      }

    // Every other word must match each document: per word, whichever costs less, asking each
    // expansion's postings about each candidate, or reading the expansions' postings once and
    // marking the candidates met (a prefix or a typo can expand a word into hundreds of terms).
    let candidates = taken;
    const sweep = (
      spec: Expansion[],
      visit: (doc: number, freq: number, expansion: Expansion, f: number) => void,
    ) => {
      for (const expansion of spec)
        for (let f = 0; f < expansion.fields.length; f++)
          expansion.fields[f]?.forEach((freq, doc) => {
            if (seen[doc] === 1) visit(doc, freq, expansion, f);
          });
    };
    /** Whether asking the s-th word's postings about each of `count` candidates costs less than reading them all once. */
    const probeCheaper = (s: number, count: number) =>
      count * specs[s]!.length * fieldIds.length <= postingCounts[s]!;
    for (let s = 0; s < specs.length && candidates.length > 0; s++) {
      if (s === driver) continue;
      const spec = specs[s]!;
      if (probeCheaper(s, candidates.length)) {
        candidates = candidates.filter((doc) => {
          if (matches(spec, doc)) return true;
          seen[doc] = 0;
          return false;
        });
        continue;
      }
      sweep(spec, (doc) => {
        hit[doc] = 1;
      });
      candidates = candidates.filter((doc) => {
        if (hit[doc] === 1) {
          hit[doc] = 0;
          return true;
        }
        seen[doc] = 0;
        return false;
      });
    }

    // BM25+ exactly as MiniSearch's termResults: per word, its expansions in order, each field in
    // order, summed in that order; then the words' sums, in the query's order, times the number of
    // distinct words. (`seen` is 1 now for the candidates only.)
    const quality = new Set(words).size;
    const scores = new Float64Array(candidates.length);
    const wordScores = specs.map((spec, s) => {
      if (s === driver) return null;
      const byCandidate = new Float64Array(candidates.length);
      if (probeCheaper(s, candidates.length))
        candidates.forEach((doc, c) => {
          let sum = 0;
          for (const expansion of spec)
            for (let f = 0; f < expansion.fields.length; f++) {
              const freq = expansion.fields[f]?.get(doc);
              if (freq !== undefined) sum += termScore(expansion, f, freq, doc);
            }
          byCandidate[c] = sum;
        });
      else {
        sweep(spec, (doc, freq, expansion, f) => {
          wordScore[doc]! += termScore(expansion, f, freq, doc);
        });
        candidates.forEach((doc, c) => {
          byCandidate[c] = wordScore[doc]!;
          wordScore[doc] = 0;
        });
      }
      return byCandidate;
    });
    for (let c = 0; c < candidates.length; c++) {
      const doc = candidates[c]!;
      let score = 0;
      for (let s = 0; s < specs.length; s++) {
        const wordScore = s === driver ? driverScore[doc]! : wordScores[s]![c]!;
        score = s === 0 ? wordScore : score + wordScore;
      }
      scores[c] = score * quality;
    }
    return {
      candidates,
      scores,
      idOf: (doc) => inner._documentIds.get(doc)!,
      termsOf: (doc) => {
        const terms: string[] = [];
        for (const spec of specs)
          for (const expansion of spec)
            if (!terms.includes(expansion.term) && expansion.fields.some((postings) => postings?.has(doc)))
              terms.push(expansion.term);
        return terms;
      },
    };
  } finally {
    for (const doc of taken) {
      driverScore[doc] = 0;
      seen[doc] = 0;
      hit[doc] = 0;
      wordScore[doc] = 0;
    }
    for (const doc of discarded) seen[doc] = 0;
  }
}

/**
 * A matched set's documents best first, lazily: a binary max-heap of their positions, popped one
 * at a time. The caller stops after a page or a few (SearchIndex.search), so most matches are
 * never sorted. A set walked a second time (a remembered query) is sorted once and kept so
 * (`Matched.sorted`): every later walk reads it in order, with no heap to build (for a common word
 * that was thousands of positions copied and sifted, and as many bytes to collect, per request).
 * Equal scores may come in either order: the caller ranks ties by key.
 */
export function bestFirst(matched: Matched): Ranked {
  const { candidates, scores } = matched;
  // An empty set (one shared object) is never counted or sorted.
  if (!matched.sorted && candidates.length > 0) {
    matched.walks = (matched.walks ?? 0) + 1;
    if (matched.walks >= 2) {
      const positions = new Uint32Array(candidates.length);
      for (let at = 0; at < positions.length; at++) positions[at] = at;
      matched.sorted = positions.sort((a, b) => scores[b]! - scores[a]!);
    }
  }
  if (matched.sorted) return sortedWalk(matched, matched.sorted);
  const heap = new Uint32Array(candidates.length);
  for (let at = 0; at < heap.length; at++) heap[at] = at;
  let size = heap.length;
  const siftDown = (from: number) => {
    let at = from;
    const item = heap[at]!;
    const itemScore = scores[item]!;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= size) break;
      if (child + 1 < size && scores[heap[child + 1]!]! > scores[heap[child]!]!) child += 1;
      if (scores[heap[child]!]! <= itemScore) break;
      heap[at] = heap[child]!;
      at = child;
    }
    heap[at] = item;
  };
  for (let at = (size >> 1) - 1; at >= 0; at--) siftDown(at);
  let last = 0;
  return {
    count: candidates.length,
    next: () => {
      if (size === 0) return -1;
      last = heap[0]!;
      heap[0] = heap[--size]!;
      siftDown(0);
      return candidates[last]!;
    },
    score: () => scores[last]!,
    idOf: matched.idOf,
    termsOf: matched.termsOf,
  };
}

/** `bestFirst` over positions already sorted best first. */
function sortedWalk(matched: Matched, sorted: Uint32Array): Ranked {
  const { candidates, scores } = matched;
  let at = 0;
  let last = 0;
  return {
    count: candidates.length,
    next: () => {
      if (at === sorted.length) return -1;
      last = sorted[at++]!;
      return candidates[last]!;
    },
    score: () => scores[last]!,
    idOf: matched.idOf,
    termsOf: matched.termsOf,
  };
}
