import MiniSearch, { type SearchResult } from 'minisearch';
import type { EventData, SearchKind } from '@quad/contracts';
import {
  FuzzyCache,
  type Internals,
  type Matched,
  type Ranked,
  bestFirst,
  internalsOf,
  rankedQuery,
} from './ranked-query';

/*
 * The search read model: everything a student may search, kept in this process's memory from the
 * owning services' events (src/incoming-events.ts), in one MiniSearch index per college plus one
 * for ideas (every college's). Partitioning by college makes the college rule hold by construction
 * (a student's query never touches another college's index) and keeps each query's work to one
 * college's documents; it is also the line along which a campus too big for one process is split
 * (README.md).
 *
 * Every change is applied idempotently, whatever replays it: content and people carry a version
 * (the owner's counter) and an older or repeated version changes nothing; a deleted or removed id
 * is remembered (a tombstone) and never indexed again. Blocks and bans are facts kept beside the
 * index and applied when a query is answered, so lifting one needs no re-indexing.
 */

/** One searchable thing. `authorId` never leaves this process for anonymous content. */
export interface IndexedDoc {
  key: string;
  kind: SearchKind;
  id: string;
  /** The index it lives in: its college, IDEAS for ideas, NO_COLLEGE for content without one. */
  partition: string;
  authorId: string;
  isAnonymous: boolean;
  title: string;
  text: string;
  topicId: number | null;
  postId: string | null;
  createdAt: number | null;
  version: number;
}

export interface IndexedUser {
  id: string;
  firstName: string;
  lastName: string;
  profileColor: string;
  profileImageUrl: string | null;
  collegeId: string | null;
  collegeName: string | null;
  major: string;
  graduationYear: number | null;
  isAdmin: boolean;
  version: number;
}

export const IDEAS = '~ideas';
export const NO_COLLEGE = '~none';

const keyOf = (kind: SearchKind, id: string) => `${kind}:${id}`;

/**
 * English function words: in most documents, so they rank nothing, and a query with one would
 * score nearly every document of a college (the slowest queries of the bench, before they went).
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  `a about an and any are as at be been but by can could did do does for from had has have he her his how i if in into is it its
  just me my no not of on or our she so some than that the their them then there these they this to too us was we were what
  when where which who why will with would you your`.split(/\s+/),
);

/** Lower case without accents, so "café" and "Cafe" meet; stop words are neither indexed nor searched. */
export function normalizeTerm(term: string): string | null {
  const folded = term
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  return folded.length > 0 && !STOP_WORDS.has(folded) ? folded : null;
}

/** One partition's engine, and the edits of words asked in it (cleared when a word new to it is indexed). */
interface Partition {
  engine: MiniSearch<IndexedDoc>;
  fuzzy: FuzzyCache;
  /**
   * The matched sets of queries asked since the partition last changed, by query text (the engine's
   * answer before scope, blocks, bans and recency, which are applied per request). Emptied by every
   * document added, replaced or removed, and not used while MiniSearch's vacuum runs or once it has
   * run since (its dirt count changed), so a remembered set is what the query would find now.
   */
  queries: Map<string, { matched: Matched; dirt: number }>;
  /** How many matches `queries` holds in all. */
  remembered: number;
  /** True while a document is being added: a word the engine does not hold yet is then new to it. */
  adding: boolean;
  /** The engine itself, seen as the internals `rankedQuery` reads; null where they are not there. */
  inner: Internals | null;
  /**
   * The indexed documents by MiniSearch's short id (`byShortId`, where the engine's internals are
   * what `rankedQuery` reads): a match is one array read away, where a lookup of its id in
   * MiniSearch's map and then of the key in the index's map cost ~1.5 µs a match (cache misses in
   * two maps of 25,000 and 100,000 entries), a third of a query's walk.
   */
  byShortId: Array<IndexedDoc | undefined> | null;
}

function newPartition(): Partition {
  const partition: Partition = {
    engine: undefined as never,
    fuzzy: new FuzzyCache(),
    queries: new Map(),
    remembered: 0,
    adding: false,
    inner: null,
    byShortId: null,
  };
  let terms: { has(term: string): boolean } | undefined;
  partition.engine = new MiniSearch<IndexedDoc>({
    idField: 'key',
    fields: ['title', 'text'],
    storeFields: [],
    processTerm: (term) => {
      const normal = normalizeTerm(term);
      if (normal !== null && partition.adding && partition.fuzzy.size > 0 && !terms?.has(normal))
        partition.fuzzy.clear();
      return normal;
    },
  });
  partition.inner = internalsOf(partition.engine);
  terms = partition.inner?._index;
  if (partition.inner) partition.byShortId = [];
  return partition;
}

export interface QueryOptions {
  /** The partitions to look in, in no particular order. */
  partitions: string[];
  /** Kept only when it returns true (scope, blocks, bans, filters). */
  keep: (doc: IndexedDoc) => boolean;
}

export interface Match {
  doc: IndexedDoc;
  score: number;
  terms: string[];
}

/** How many edits a word may be away from what it matches: none below four letters, one up to nine, two from ten. */
export const fuzziness = (term: string): number | false =>
  term.length < 4 ? false : term.length < 10 ? 1 : 2;

/**
 * How a query matches: every word required, titles counting double; typo-tolerant by length
 * (`fuzziness`: "calculater" finds "calculator"); the last word also as a prefix once it has three
 * letters (as you type). Measured against FlexSearch and Orama in bench/src/engines.bench.ts
 * (services/search/README.md). `SearchIndex.search` narrows the fuzziness to the words the index
 * does not know (`knownWordsTakenAsWritten`).
 */
export const QUERY_OPTIONS = {
  boost: { title: 2 },
  combineWith: 'AND',
  prefix: (term: string, i: number, terms: string[]) => i === terms.length - 1 && term.length >= 3,
  fuzzy: fuzziness,
} as const;

/**
 * Whether the index holds `term` as written. MiniSearch keeps its terms in a radix tree it does not
 * expose (`_index`, a SearchableMap with `has`); when that ever changes, every word is taken as
 * possibly misspelt (the query is then slower, never wrong).
 */
function termLookup(index: MiniSearch<IndexedDoc>): (term: string) => boolean {
  const terms = (index as unknown as { _index?: { has?: (term: string) => boolean } })._index;
  return typeof terms?.has === 'function' ? (term) => terms.has!(term) : () => false;
}

/**
 * The query options for one partition: a word the partition's index knows is taken as written,
 * and only a word it does not know is looked up with edits. Matching a known word's neighbours too
 * ("form" also finding "from", "farm", "foam") scored every document of every neighbour, two
 * thirds of a query's time in the bench, and ranked them below the exact word anyway.
 */
export function knownWordsTakenAsWritten(index: MiniSearch<IndexedDoc>) {
  const known = termLookup(index);
  return { ...QUERY_OPTIONS, fuzzy: (term: string) => (known(term) ? false : fuzziness(term)) };
}

const FIELDS = [
  { name: 'title', boost: QUERY_OPTIONS.boost.title },
  { name: 'text', boost: 1 },
] as const;

/** At most this many matches (of all remembered queries) per partition: ~8 MB. */
const REMEMBERED_MATCHES = 500_000;

/**
 * A query's matches in one partition, best first, as MiniSearch's `search` with
 * `knownWordsTakenAsWritten` ranks them, but scoring only the documents that hold every word
 * (`rankedQuery`); MiniSearch's own search where its internals are not what `rankedQuery` reads.
 * Read through `Ranked`, one match at a time with nothing made per match, since only a page's
 * worth of them is shown.
 */
function rankedResults(partition: Partition, query: string, remember: number): Ranked {
  const { engine: index, fuzzy: fuzzyCache, inner } = partition;
  if (!inner) {
    const results = index.search(query, {
      ...knownWordsTakenAsWritten(index),
      processTerm: normalizeTerm,
    }) as SearchResult[];
    // Positions in MiniSearch's answer stand for its documents.
    let at = -1;
    return {
      count: results.length,
      next: () => (++at < results.length ? at : -1),
      score: () => results[at]!.score,
      idOf: (position) => results[position]!.id as string,
      termsOf: (position) => results[position]!.terms,
    };
  }
  const dirt = index.dirtCount;
  let matched = remember > 0 ? partition.queries.get(query) : undefined;
  if (!matched || matched.dirt !== dirt) {
    matched = {
      dirt,
      matched: rankedQuery(inner, query, {
        fields: FIELDS,
        processTerm: normalizeTerm,
        fuzzy: (term) => (inner._index.has(term) ? false : fuzziness(term)),
        prefix: QUERY_OPTIONS.prefix,
        fuzzyCache,
      }),
    };
    if (remember > 0 && !index.isVacuuming) {
      // Bounded by count and by the matches held (16 bytes each): the oldest go first.
      const stale = partition.queries.get(query);
      if (stale) {
        partition.queries.delete(query);
        partition.remembered -= stale.matched.candidates.length;
      }
      partition.remembered += matched.matched.candidates.length;
      for (const [text, old] of partition.queries) {
        if (partition.queries.size < remember && partition.remembered <= REMEMBERED_MATCHES) break;
        partition.queries.delete(text);
        partition.remembered -= old.matched.candidates.length;
      }
      partition.queries.set(query, matched);
    }
  }
  return bestFirst(matched.matched);
}

/** How much newer content is lifted: a day-old post scores up to 1.5x a year-old one of equal relevance. */
const RECENCY_BOOST = 0.5;
const RECENCY_HALF_LIFE_DAYS = 30;

export interface SearchIndexOptions {
  /**
   * How many queries' matched sets each partition remembers until it changes (0: none). The bench's
   * queries repeat (2,000 of them over thousands of requests, nothing written meanwhile), so they
   * meet it far more often than a campus where posts arrive every minute would.
   */
  rememberedQueries?: number;
}

export class SearchIndex {
  private readonly rememberedQueries: number;

  constructor(options: SearchIndexOptions = {}) {
    this.rememberedQueries = options.rememberedQueries ?? 0;
  }

  private readonly partitions = new Map<string, Partition>();
  private readonly docs = new Map<string, IndexedDoc>();
  /** Removed ids by kind (no key made per check: a comment's post is checked for every comment matched). */
  private readonly gone = new Map<SearchKind, Set<string>>();
  readonly users = new Map<string, IndexedUser>();
  private readonly bans = new Map<string, { until: number; version: number }>();
  /** blocker → the users they blocked. */
  private readonly blocked = new Map<string, Set<string>>();
  /** blocked → the users who blocked them. */
  private readonly blockedBy = new Map<string, Set<string>>();

  get size(): number {
    return this.docs.size;
  }

  /** Each partition's engine, for benchmarks that time the engine alone. */
  engines(): ReadonlyMap<string, MiniSearch<IndexedDoc>> {
    return new Map([...this.partitions].map(([name, partition]) => [name, partition.engine]));
  }

  partitionNames(): string[] {
    return [...this.partitions.keys()];
  }

  private partition(name: string): Partition {
    let partition = this.partitions.get(name);
    if (!partition) {
      partition = newPartition();
      this.partitions.set(name, partition);
    }
    return partition;
  }

  /** Adds or replaces a document, unless it is gone or an equal or newer version is indexed. */
  put(doc: Omit<IndexedDoc, 'key'>): void {
    const key = keyOf(doc.kind, doc.id);
    if (this.isGone(doc.kind, doc.id)) return;
    const current = this.docs.get(key);
    if (current && current.version >= doc.version) return;
    if (current) this.discard(current);
    // One literal, fields in one order, so every document has one shape (hidden class): the query
    // path reads seven fields of each match, and a spread of event data of differing shapes made
    // those reads megamorphic.
    const indexed: IndexedDoc = {
      key,
      kind: doc.kind,
      id: doc.id,
      partition: doc.partition,
      authorId: doc.authorId,
      isAnonymous: doc.isAnonymous,
      title: doc.title,
      text: doc.text,
      topicId: doc.topicId,
      postId: doc.postId,
      createdAt: doc.createdAt,
      version: doc.version,
    };
    this.docs.set(key, indexed);
    const partition = this.partition(indexed.partition);
    partition.queries.clear();
    partition.remembered = 0;
    partition.adding = true;
    try {
      partition.engine.add(indexed);
    } finally {
      partition.adding = false;
    }
    if (partition.byShortId) {
      // MiniSearch gives each added document the next short id.
      const inner = partition.inner!;
      const shortId = inner._nextId - 1;
      if (inner._documentIds.get(shortId) === key) partition.byShortId[shortId] = indexed;
      else partition.byShortId = null; // not the MiniSearch this was written for: look matches up by id
    }
  }

  /** Removes a document for good: a later (replayed or late) create of the same id is ignored. */
  remove(kind: SearchKind, id: string): void {
    const key = keyOf(kind, id);
    let gone = this.gone.get(kind);
    if (!gone) this.gone.set(kind, (gone = new Set()));
    gone.add(id);
    this.unindex(key);
  }

  private unindex(key: string): void {
    const current = this.docs.get(key);
    if (!current) return;
    this.discard(current);
    this.docs.delete(key);
  }

  private discard(doc: IndexedDoc): void {
    const partition = this.partitions.get(doc.partition);
    if (!partition) return;
    partition.queries.clear();
    partition.remembered = 0;
    if (partition.byShortId) {
      const shortId = partition.inner!._idToShortId.get(doc.key);
      if (shortId !== undefined) partition.byShortId[shortId] = undefined;
    }
    partition.engine.discard(doc.key);
  }

  get(kind: SearchKind, id: string): IndexedDoc | undefined {
    return this.docs.get(keyOf(kind, id));
  }

  isGone(kind: SearchKind, id: string): boolean {
    return this.gone.get(kind)?.has(id) ?? false;
  }

  /** auth.user.registered|updated: the user's directory record, and their entry in People. */
  putUser(user: EventData<'auth.user.registered'>): void {
    const current = this.users.get(user.userId);
    if (current && current.version >= user.version) return;
    this.users.set(user.userId, {
      id: user.userId,
      firstName: user.firstName,
      lastName: user.lastName,
      profileColor: user.profileColor,
      profileImageUrl: user.profileImageUrl,
      collegeId: user.collegeId,
      collegeName: user.collegeName,
      major: user.major,
      graduationYear: user.graduationYear,
      isAdmin: user.isAdmin,
      version: user.version,
    });
    const key = keyOf('person', user.userId);
    // Admins are anonymous to students, a student without a college belongs to no People list, and
    // a deleted account is nobody to find (auth.user.updated with `deleted`).
    if (user.isAdmin || !user.collegeId || user.deleted) {
      this.unindex(key);
      return;
    }
    this.unindex(key);
    this.put({
      kind: 'person',
      id: user.userId,
      partition: user.collegeId,
      authorId: user.userId,
      isAnonymous: false,
      title: `${user.firstName} ${user.lastName}`.trim(),
      text: user.major,
      topicId: null,
      postId: null,
      createdAt: null,
      version: -1,
    });
  }

  /** moderation.user.banned|unbanned, ordered by the ban's version. */
  setBan(userId: string, until: Date | null, version: number): void {
    const current = this.bans.get(userId);
    if (current && current.version >= version) return;
    this.bans.set(userId, { until: until ? until.getTime() : 0, version });
  }

  isBanned(userId: string, now = Date.now()): boolean {
    return (this.bans.get(userId)?.until ?? 0) > now;
  }

  /** social.block.created|removed, applied in the SOCIAL stream's order. */
  setBlock(blockerId: string, blockedId: string, live: boolean): void {
    const edit = (map: Map<string, Set<string>>, from: string, to: string) => {
      let set = map.get(from);
      if (!set && live) map.set(from, (set = new Set()));
      if (live) set!.add(to);
      else set?.delete(to);
    };
    edit(this.blocked, blockerId, blockedId);
    edit(this.blockedBy, blockedId, blockerId);
  }

  /** Whether either of two users blocked the other. */
  blockedEitherWay(a: string, b: string): boolean {
    return Boolean(this.blocked.get(a)?.has(b) || this.blockedBy.get(a)?.has(b));
  }

  /**
   * The best `want` matches of `query` (QUERY_OPTIONS) in the given partitions that `keep`
   * accepts, best first, relevance lifted by recency; fewer when fewer match.
   *
   * Only the head of each partition's answer is looked at: MiniSearch ranks by relevance, recency
   * lifts a score by at most RECENCY_BOOST, so once a match's relevance lifted by the most recency
   * can give falls below the `want`-th best lifted score so far, no later match can enter. Before,
   * every match (thousands for a common word) was looked up, checked, lifted and sorted again
   * for a page of 20.
   */
  search(query: string, options: QueryOptions & { want: number }, now = Date.now()): Match[] {
    const best: Match[] = [];
    // A deep page (a cursor far down) keeps every match and sorts once instead of inserting in order.
    const deep = options.want > 200;
    const order = (a: Match, b: Match) =>
      b.score - a.score || (a.doc.key < b.doc.key ? -1 : a.doc.key > b.doc.key ? 1 : 0);
    for (const partition of options.partitions) {
      const index = this.partitions.get(partition);
      if (!index) continue;
      const ranked = rankedResults(index, query, this.rememberedQueries);
      const byShortId = index.byShortId;
      for (let found = ranked.next(); found >= 0; found = ranked.next()) {
        const relevance = ranked.score();
        if (!deep && best.length >= options.want && relevance * (1 + RECENCY_BOOST) < best[best.length - 1]!.score)
          break;
        const doc = byShortId ? byShortId[found] : this.docs.get(ranked.idOf(found));
        if (doc === undefined || !options.keep(doc)) continue;
        const ageDays = doc.createdAt === null ? null : Math.max(0, now - doc.createdAt) / 86_400_000;
        const recency =
          ageDays === null ? 1 : 1 + RECENCY_BOOST * Math.pow(0.5, ageDays / RECENCY_HALF_LIFE_DAYS);
        const match = { doc, score: relevance * recency, terms: [] as string[] };
        if (deep) {
          match.terms = ranked.termsOf(found);
          best.push(match);
          continue;
        }
        if (best.length >= options.want && order(match, best[best.length - 1]!) >= 0) continue;
        match.terms = ranked.termsOf(found);
        // Insert in order (ties by key, so every replica answers the same order); `want` is a page or a few.
        let at = best.length;
        while (at > 0 && order(match, best[at - 1]!) < 0) at--;
        best.splice(at, 0, match);
        if (best.length > options.want) best.pop();
      }
    }
    return deep ? best.sort(order).slice(0, options.want) : best;
  }
}
