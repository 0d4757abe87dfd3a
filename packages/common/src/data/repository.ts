import type { Redis } from 'ioredis';
import mongoose, { type Model } from 'mongoose';
import { badRequest, conflict } from '../errors';
import { INVALID_CURSOR_MESSAGE } from './cursor';
import type { Logger } from '../logger';
import { type DocCache, createDocCache } from './doc-cache';
import { withDocumentLock } from './document-lock';
import { type GroupCommit, createGroupCommit } from './group-commit';
import { insertEach } from './insert-each';
import {
  type ListDef,
  ListIndex,
  type ListPosition,
  type ResolvedList,
  decodeListCursor,
  encodeListCursor,
  scoreOf,
} from './list-index';
import type { Outbox, OutboxEvent } from './outbox';
import { SearchIndex, decodeSearchCursor, encodeSearchCursor, normalizeSearchText } from './search-index';

/*
 * One repository per collection: the only code that writes its documents. Each write takes the
 * document's lock (document-lock.ts: one writer at a time across every process), writes the
 * database, bumps the document's `version` counter, and mirrors the change into the document
 * cache (doc-cache.ts) and the document's lists (list-index.ts) in the same call, with its events
 * recorded in the outbox (outbox.ts) ahead of the write. Domain code speaks of posts and votes;
 * it never names a Redis key or remembers to mirror a change.
 *
 * Reads by `_id` come from the cache, else the database (then cached); lists come from the
 * indexes, a page at a time by keyset (score, id).
 */

/** What a repository stores: an id and a version counter every write bumps. */
export interface Stored {
  _id: unknown;
  version: number;
}

export type RepositoryEvent = OutboxEvent;

export interface RepositoryDeps {
  redis: Redis;
  logger: Logger;
  outbox: Outbox;
  /** Namespaces the Redis keys: one repository mirrors one database (test files each have their own). */
  namespace: string;
}

export interface RepositoryOptions<T> {
  model: Model<T>;
  /** Unique within the service: names the Redis keys, e.g. `posts`. */
  name: string;
  /** Every list a document is on; the repository keeps them right on every write. */
  listsOf?: (doc: T) => Array<ListDef<T>>;
  /**
   * The terms a prefix search finds a document by (search-index.ts; normalise them with
   * `searchTermsFor`), e.g. a user's names and e-mail. Without it the repository has no search.
   */
  searchTermsOf?: (doc: T) => string[];
}

export interface Page<T> {
  items: T[];
  /** Null on the last page. */
  nextCursor: string | null;
}

/** Batches of appends one repository writes at once (group-commit.ts). */
const APPEND_WRITERS = 2;

/** Which of a batch of documents a filtered page keeps (may look elsewhere: a user directory). */
export type AcceptFilter<T> = (docs: T[]) => boolean[] | Promise<boolean[]>;

export class Repository<T extends Stored> {
  readonly cache: DocCache<T>;
  private readonly index: ListIndex<T>;
  private readonly prefix: string;
  private appends?: GroupCommit<T, T>;
  private readonly searchIndex: SearchIndex<T> | null;

  constructor(
    private readonly deps: RepositoryDeps,
    private readonly options: RepositoryOptions<T>,
  ) {
    this.prefix = `repo:${deps.namespace}:${options.name}`;
    this.cache = createDocCache<T>({ redis: deps.redis, logger: deps.logger, keyOf: (id) => `${this.prefix}:doc:${id}` });
    this.index = new ListIndex<T>(deps.redis, options.model, deps.logger);
    this.searchIndex = options.searchTermsOf
      ? new SearchIndex<T>(deps.redis, options.model, deps.logger, `${this.prefix}:search`, options.searchTermsOf)
      : null;
  }

  get collectionName(): string {
    return this.options.model.collection.collectionName;
  }

  private resolve(list: ListDef<T>): ResolvedList<T> {
    return { ...list, key: this.keyOf(list) };
  }

  private keyOf(list: ListDef<T>): string {
    return `${this.prefix}:list:${list.name}`;
  }

  /** Every list named for a document, whether or not it passes the list's test. */
  private candidateLists(doc: T): Array<ResolvedList<T>> {
    return (this.options.listsOf?.(doc) ?? []).map((list) => this.resolve(list));
  }

  private lockKey(id: unknown): string {
    return `${this.prefix}:${String(id)}`;
  }

  /**
   * Mirrors a write: the cache gets `after` (or a tombstone); `after` joins (or is re-scored in) the
   * lists whose test it passes and leaves every other list named for it or for `before`. With
   * `before` null it re-states every membership, which also repairs a mirror a crash cut short.
   */
  private async mirror(id: string, before: T | null, after: T | null, created = false): Promise<void> {
    // The cache's write and the lists' writes are queued in this same tick, on the same connection:
    // they leave in one auto-pipelined write and Redis runs them in order (the cache first, so a
    // reader that finds the id in a list finds this version), in one round trip instead of two.
    // Neither throws.
    const cached = after && created ? this.cache.replace(after) : after ? this.cache.put(after) : this.cache.drop(id);
    const candidates = after ? this.candidateLists(after) : [];
    const now = candidates.filter((list) => list.contains(after!)).map((list) => ({ key: list.key, score: scoreOf(list, after!) }));
    const stay = new Set(now.map((entry) => entry.key));
    const named = [...candidates, ...(before ? this.candidateLists(before) : [])].map((list) => list.key);
    const left = [...new Set(named)].filter((key) => !stay.has(key));
    // Only re-score what changed: an unchanged membership with the same score needs no write.
    const previous = new Map(
      before ? this.candidateLists(before).filter((list) => list.contains(before)).map((list) => [list.key, scoreOf(list, before)]) : [],
    );
    const listed = this.index.mirror(
      id,
      now.filter((entry) => previous.get(entry.key) !== entry.score),
      before ? left.filter((key) => previous.has(key)) : left,
    );
    await Promise.all([cached, listed]);
    await this.searchIndex?.mirror(id, before, after);
  }

  /**
   * Stores a new document (version 0) and mirrors it. `events` are recorded ahead with a guard on
   * the document's presence. A duplicate `_id` answers 409 (callers that insert one document per
   * fact catch it as "already there").
   */
  async insert(fields: Omit<T, 'version' | '_id'> & { _id?: T['_id'] }, events: RepositoryEvent[] = []): Promise<T> {
    const _id = fields._id ?? new mongoose.Types.ObjectId();
    return withDocumentLock(this.deps.redis, this.lockKey(_id), async () => {
      const guard = { collection: this.collectionName, id: _id, present: true };
      const doc = await this.deps.outbox.commit(
        events.map((event) => ({ ...event, guard })),
        async () => {
          try {
            const created = (await this.options.model.create({ ...fields, _id, version: 0 } as never)) as unknown;
            return (created as { toObject(): T }).toObject();
          } catch (err) {
            if ((err as { code?: number }).code === 11000) throw conflict('Already exists.');
            throw err;
          }
        },
        { settle: (created) => this.mirror(String(_id), null, created, true) },
      );
      return doc;
    });
  }

  /**
   * Stores a new document under an id made in this process (a fresh ObjectId, given or made here:
   * nobody else can know it yet, so no lock), for
   * documents that are only ever added, many at a time: chat messages. Appends from one process
   * are group-committed (group-commit.ts): one insert per batch (insert-each.ts), then each is mirrored like
   * an insert. No events: a document whose creation others must hear of goes through `insert`.
   */
  async append(
    fields: Omit<T, 'version' | '_id'> & { _id?: mongoose.Types.ObjectId },
    options: {
      /**
       * Called once the document is stored and its mirror's Redis commands are queued, before their
       * replies: a command sent in it on the repository's Redis connection leaves in the same write,
       * after the mirror's, and Redis runs it after them (chat publishes the message to the other
       * replicas here, so whoever hears of it finds it in its lists).
       */
      whileMirroring?: (doc: T) => void;
    } = {},
  ): Promise<T> {
    // Two batches may be written at once: at low load a message arriving while another's insert is
    // in flight goes at once instead of waiting for it (chat's tail, bench/README.md). One sender's
    // messages are appended one after another, so their order never depends on which lands first.
    this.appends ??= createGroupCommit((docs) => insertEach(this.options.model, docs), 500, APPEND_WRITERS);
    const doc = await this.appends.add({ _id: new mongoose.Types.ObjectId(), ...fields, version: 0 } as unknown as T);
    // Mirrored outside the group commit: the next batch's insert does not wait for this batch's
    // Redis writes (a batch's mirrors still leave together: they are issued in the same tick and
    // auto-pipelined). The append resolves once its document is stored and mirrored, as before.
    const mirrored = this.mirror(String(doc._id), null, doc, true);
    options.whileMirroring?.(doc);
    await mirrored;
    return doc;
  }

  /**
   * Changes a document: `change` sees its current version and returns the fields to set (or null
   * to leave it as it is); the write bumps the version. Serialized across processes, so no change
   * is lost. `events` are made from the next version and recorded ahead of the write. Returns the
   * new version, the unchanged document when `change` returned null, or null when it is gone.
   */
  async update(
    id: unknown,
    change: (current: T) => Partial<Omit<T, '_id' | 'version'>> | null,
    events?: (next: T) => RepositoryEvent[],
  ): Promise<T | null> {
    return withDocumentLock(this.deps.redis, this.lockKey(id), async () => {
      let current = await this.load(String(id), id);
      // Twice at most: a cached copy older than the database (a writer died between its write and
      // its mirror) makes the version-checked write miss; the database's copy is then the truth.
      for (let attempt = 0; current && attempt < 2; attempt++) {
        const patch = change(current);
        if (!patch) {
          // Nothing to change; re-state the mirror in case a crash cut the last write's short.
          await this.mirror(String(id), null, current);
          return current;
        }
        // Documents stored before versions existed count as version 0.
        const version = (current.version ?? 0) + 1;
        const planned = { ...current, ...patch, version } as T;
        const guard = { collection: this.collectionName, id: current._id, present: true, minVersion: version };
        const base = current;
        const after = await this.deps.outbox.commit(
          (events?.(planned) ?? []).map((event) => ({ ...event, guard })),
          () =>
            this.options.model
              .findOneAndUpdate(
                (base.version == null ? { _id: base._id } : { _id: base._id, version: base.version }) as never,
                { $set: { ...patch, version } },
                { returnDocument: 'after' },
              )
              .lean<T>()
              .exec(),
          { happened: (written) => written !== null, settle: (written) => this.mirror(String(id), base, written) },
        );
        if (after) return after;
        current = await this.options.model.findById(id).lean<T>().exec();
        if (current) await this.mirror(String(id), null, current);
      }
      if (!current) await this.cache.drop(String(id));
      return null;
    });
  }

  /** Deletes a document and mirrors it out. `events` are made from it. Null when it was already gone. */
  async remove(id: unknown, events?: (removed: T) => RepositoryEvent[]): Promise<T | null> {
    return withDocumentLock(this.deps.redis, this.lockKey(id), async () => {
      const current = await this.load(String(id), id);
      if (!current) return null;
      const guard = { collection: this.collectionName, id: current._id, present: false };
      const removed = await this.deps.outbox.commit(
        (events?.(current) ?? []).map((event) => ({ ...event, guard })),
        () => this.options.model.findOneAndDelete({ _id: current._id } as never).lean<T>().exec(),
        { happened: (gone) => gone !== null, settle: () => this.mirror(String(id), current, null) },
      );
      // Already gone from the database (a stale cached copy): its remover published; drop the copy.
      if (!removed) await this.mirror(String(id), current, null);
      return removed;
    });
  }

  /**
   * The document as the database holds it, with the cache and list indexes brought up to it when a
   * writer died between its write and its mirror (they otherwise stay behind until the next write).
   * For what must act on the database's state, such as the consumer of a document's own event: the
   * outbox publishes an event once its write is in the database, mirrored or not.
   */
  async refresh(id: unknown): Promise<T | null> {
    return withDocumentLock(this.deps.redis, this.lockKey(id), async () => {
      const key = String(id);
      const cached = (await this.cache.getMany([key])).get(key);
      const doc = await this.options.model.findById(id).lean<T>().exec();
      if (!doc) {
        if (cached) await this.mirror(key, cached, null);
        return null;
      }
      if (cached === null) await this.mirror(key, null, doc, true);
      else if (!cached || (cached.version ?? 0) < (doc.version ?? 0)) await this.mirror(key, cached ?? null, doc);
      return doc;
    });
  }

  /** Reads from the database (by `_id` only) and caches what it found. */
  private async load(key: string, id: unknown): Promise<T | null> {
    const cached = (await this.cache.getMany([key])).get(key);
    if (cached !== undefined) return cached;
    const doc = await this.options.model.findById(id).lean<T>().exec();
    if (doc) await this.cache.put(doc);
    return doc;
  }

  /** One document by id; null when it does not exist. */
  async find(id: unknown): Promise<T | null> {
    return (await this.findMany([id]))[0]!;
  }

  /** Documents by id, in order (null where missing): cached ones, the rest by `_id` lookups. */
  async findMany(ids: unknown[]): Promise<Array<T | null>> {
    const keys = ids.map(String);
    const cached = await this.cache.getMany(keys);
    // Usually all are cached (a feed page): no promise per document then.
    if (cached.size === keys.length) return keys.map((key) => cached.get(key)!);
    return Promise.all(
      keys.map(async (key, i) => {
        const known = cached.get(key);
        if (known !== undefined) return known;
        const doc = await this.options.model.findById(ids[i]).lean<T>().exec();
        if (doc) await this.cache.put(doc);
        return doc;
      }),
    );
  }

  /**
   * One page of a list, newest first, and the cursor of the next. A cursor this code did not issue
   * is a 400 'Invalid cursor.' (thrown here: no caller maps it).
   *
   * With `accept`, only the documents it accepts fill the page (an admin list's filters): the list
   * is read on in batches until the page is full or `scanLimit` documents were examined, so a
   * filter that matches little costs a bounded read; the cursor then points just past the last
   * document examined and the page may be short (even empty) with a next cursor.
   */
  async page(
    list: ListDef<T>,
    options: {
      cursor?: string | null;
      limit: number;
      accept?: AcceptFilter<T>;
      scanLimit?: number;
      /** Only documents scored within (a date range of a list scored by time): read from `max` down to `min`. */
      scoreRange?: { min?: number; max?: number };
    },
  ): Promise<Page<T>> {
    const resolved = this.resolve(list);
    let after = options.cursor ? decodeListCursor(options.cursor) : undefined;
    const max = options.scoreRange?.max;
    // Start just above `max`: U+FFFF sorts after every id, so every member scored `max` is kept.
    if (max !== undefined && (!after || after.score > max)) after = { score: max, id: '\uffff' };
    // One more than a page tells whether another follows, without a count.
    const wanted = options.limit + 1;
    const scanLimit = options.scanLimit ?? Number.POSITIVE_INFINITY;
    const items: T[] = [];
    const positions: Array<{ score: number; id: string }> = [];
    let position = after ?? undefined;
    let examined = 0;
    let exhausted = false;
    for (;;) {
      const room = Math.min(wanted - items.length, scanLimit - examined);
      // A filtered read asks for more than it needs: most documents may not pass.
      const batch = await this.index.idsAfter(
        resolved,
        position,
        options.accept ? Math.max(room, Math.min(200, scanLimit - examined)) : room,
        options.scoreRange?.min,
      );
      if (batch.length === 0) {
        exhausted = true;
        break;
      }
      const docs = await this.findMany(batch.map((entry) => entry.id));
      const stale: string[] = [];
      const live = docs.flatMap((doc, i) => (doc && resolved.contains(doc) ? [{ doc, at: batch[i]! }] : (stale.push(batch[i]!.id), [])));
      await this.index.removeStale(resolved, stale);
      const accepted = options.accept ? await options.accept(live.map((entry) => entry.doc)) : live.map(() => true);
      for (let i = 0; i < live.length; i++) {
        examined += 1;
        position = live[i]!.at;
        if (accepted[i]) {
          items.push(live[i]!.doc);
          positions.push(live[i]!.at);
        }
        if (items.length >= wanted || examined >= scanLimit) break;
      }
      if (stale.length > 0 && live.length === 0) position = batch.at(-1)!;
      if (items.length >= wanted || examined >= scanLimit) break;
    }
    const page = items.slice(0, options.limit);
    if (items.length > options.limit) return { items: page, nextCursor: encodeListCursor(positions[page.length - 1]!) };
    // The scan stopped at its limit before the list's end: go on from the last document examined.
    if (!exhausted && examined >= scanLimit && position) return { items: page, nextCursor: encodeListCursor(position) };
    return { items: page, nextCursor: null };
  }

  /**
   * A page of the documents with a search term that starts with `query` (normalised: case and
   * accents do not matter), in term order, each document once (at the smallest of its terms that
   * match), filtered by `accept` like `page`. Needs `searchTermsOf`. The cursor is the last index
   * member examined; a cursor of `page` is refused (400).
   */
  async search(
    query: string,
    options: { cursor?: string | null; limit: number; accept?: AcceptFilter<T>; scanLimit?: number },
  ): Promise<Page<T>> {
    const index = this.searchIndex;
    if (!index) throw new Error(`The ${this.options.name} repository has no search terms.`);
    const prefix = normalizeSearchText(query);
    let after: string | null = null;
    if (options.cursor) {
      after = decodeSearchCursor(options.cursor);
      if (!after) throw badRequest(INVALID_CURSOR_MESSAGE);
    }
    const wanted = options.limit + 1;
    const scanLimit = options.scanLimit ?? Number.POSITIVE_INFINITY;
    const items: T[] = [];
    const members: string[] = [];
    const seen = new Set<string>();
    let examined = 0;
    let exhausted = false;
    for (;;) {
      // Unfiltered, a page needs about as many hits as it has room for (a document matching by more
      // than one term is passed over at the others, and another round reads on); filtered, more, as
      // most may not pass. Reading 200 every time decoded four pages' documents for one.
      const room = wanted - items.length;
      const hits = await index.hitsAfter(prefix, after, options.accept ? Math.max(room, Math.min(200, scanLimit - examined)) : room);
      if (hits.length === 0) {
        exhausted = true;
        break;
      }
      const docs = await this.findMany(hits.map((hit) => hit.id));
      const stale: string[] = [];
      const candidates: Array<{ doc: T; member: string }> = [];
      // A document's terms made once a batch, however many of its terms matched.
      const termsById = new Map<string, string[]>();
      hits.forEach((hit, i) => {
        const doc = docs[i];
        let terms: string[] = [];
        if (doc) {
          terms = termsById.get(hit.id) ?? index.termsOf(doc);
          termsById.set(hit.id, terms);
        }
        if (!doc || !terms.includes(hit.term)) return void stale.push(hit.member);
        // Shown once: at its smallest matching term; its other matching terms are passed over.
        const first = terms.filter((term) => term.startsWith(prefix)).sort()[0];
        if (first === hit.term && !seen.has(hit.id)) candidates.push({ doc, member: hit.member });
      });
      await index.removeStale(stale);
      const accepted = options.accept ? await options.accept(candidates.map((entry) => entry.doc)) : candidates.map(() => true);
      // The position moves over every hit, shown or not, up to where the page fills.
      let stop = false;
      let candidate = 0;
      for (const hit of hits) {
        after = hit.member;
        const entry = candidates[candidate];
        if (entry && entry.member === hit.member) {
          examined += 1;
          if (accepted[candidate]) {
            items.push(entry.doc);
            members.push(entry.member);
            seen.add(String(entry.doc._id));
          }
          candidate += 1;
        }
        if (items.length >= wanted || examined >= scanLimit) {
          stop = true;
          break;
        }
      }
      if (stop) break;
    }
    const page = items.slice(0, options.limit);
    if (items.length > options.limit) return { items: page, nextCursor: encodeSearchCursor(members[page.length - 1]!) };
    if (!exhausted && examined >= scanLimit && after) return { items: page, nextCursor: encodeSearchCursor(after) };
    return { items: page, nextCursor: null };
  }

  /** The newest `count` documents of a list. */
  async newest(list: ListDef<T>, count: number): Promise<T[]> {
    return (await this.page(list, { limit: count })).items;
  }

  /** Every document of a list, oldest first: for short lists (a post's comments). */
  async all(list: ListDef<T>): Promise<T[]> {
    const resolved = this.resolve(list);
    const ids = await this.index.allIds(resolved);
    const docs = await this.findMany(ids);
    const stale = ids.filter((_, i) => !docs[i] || !resolved.contains(docs[i]!));
    await this.index.removeStale(resolved, stale);
    return docs.filter((doc): doc is T => doc !== null && resolved.contains(doc));
  }

  /** The ids of a list, lowest score first, without loading the documents: for short lists of references. */
  async ids(list: ListDef<T>): Promise<string[]> {
    const resolved = this.resolve(list);
    return this.index.allIds(resolved);
  }

  /** How many documents a list holds. */
  count(list: ListDef<T>): Promise<number> {
    return this.index.count(this.resolve(list));
  }

  /**
   * How many documents of a list are newer than `position` (a higher score, or the same score and a
   * higher id: above it on a newest-first page), counted from the index alone; all of them when
   * `position` is null. Unread messages after a read mark, without loading one.
   */
  countNewer(list: ListDef<T>, position: ListPosition | null): Promise<number> {
    const resolved = this.resolve(list);
    return position ? this.index.countAbove(resolved, position) : this.index.count(resolved);
  }

  /** How many documents each list holds, in one batch. */
  countMany(lists: Array<ListDef<T>>): Promise<number[]> {
    return this.index.countMany(
      lists.map((list) => this.keyOf(list)),
      (i) => this.resolve(lists[i]!),
    );
  }

  /** Marks a list that is known to start empty as complete, so its first reader does not scan. */
  markEmpty(list: ListDef<T>): Promise<void> {
    return this.index.markReady(this.resolve(list).key);
  }

  /** Forgets a list whose documents are all gone (a deleted post's comments). */
  dropList(list: ListDef<T>): Promise<void> {
    return this.index.drop(this.resolve(list).key);
  }
}

export function createRepository<T extends Stored>(deps: RepositoryDeps, options: RepositoryOptions<T>): Repository<T> {
  return new Repository<T>(deps, options);
}
