import { randomUUID } from 'node:crypto';
import type { Logger, Redis } from '@quad/common';
import type { Model, Types } from 'mongoose';
import type { DocCache } from './doc-cache';

/*
 * Lists served from Redis: a sorted set of document ids scored by createdAt (ms), the standard
 * timeline pattern. FerretDB v1 (SQLite) reads and sorts the whole collection in Go for any filter
 * but a lone `_id` equality, so a page is read here as ids, and its documents are taken from the
 * document cache (doc-cache.ts), or else fetched by `_id` one by one (see services/forum/README.md).
 *
 * MongoDB stays the truth and the sets rebuild themselves from it: a set counts only once its
 * `<key>:ready` flag exists; until then the first reader rebuilds it (one scan of `{_id,
 * createdAt}`), under a short Redis lock so concurrent readers on any replica wait for one rebuild
 * instead of each scanning. Writes always ZADD/ZREM, ready or not, so a write during a rebuild is
 * never lost. An id whose document is gone (a delete racing a rebuild, a failed ZREM) is dropped
 * from the page and removed from the set by the reader that meets it.
 */

/** What a set holds: documents with an ObjectId, a creation time (the score) and a version. */
export interface Indexed {
  _id: Types.ObjectId;
  createdAt: Date;
  updatedAt: Date;
}

/** What a set entry is made of: the member and its score. */
type IdAndTime = Pick<Indexed, '_id' | 'createdAt'>;

/** One list: its sorted set, the Mongo filter a rebuild scans, and the same test for one document. */
export interface IndexedList<T extends Indexed> {
  key: string;
  filter: Record<string, unknown>;
  /** Whether a loaded document belongs here: an id that does not is treated as stale, never shown. */
  contains(doc: T): boolean;
}

/** Where a newest-first page starts: just after the document of (createdAt, id). */
export interface ListPosition {
  createdAt: Date;
  id: string;
}

/** The Redis client, the collection the lists mirror, its documents' cache, and a logger. */
export interface IndexStore<T extends Indexed> {
  redis: Redis;
  model: Model<T>;
  cache: DocCache<T>;
  logger: Logger;
}

/** What writing to lists needs: no model, as writes never rebuild. */
type Mirror = Pick<IndexStore<Indexed>, 'redis' | 'logger'>;

export const readyKey = (key: string) => `${key}:ready`;
export const rebuildLockKey = (key: string) => `${key}:rebuilding`;

/** A rebuild's lock outlives any sane rebuild; if its holder dies, a waiter takes over after it. */
const REBUILD_LOCK_MS = 30_000;
/** How often a reader looks whether another replica's rebuild has finished. */
const REBUILD_POLL_MS = 50;
/** Documents per ZADD while rebuilding. */
const REBUILD_CHUNK = 1000;

// Deletes the lock only while it is still ours (it may have expired and been taken over).
const RELEASE_LOCK =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0";

/** Rebuilds running in this process, per key: concurrent readers here share one. */
const rebuildsInProcess = new Map<string, Promise<void>>();

/** Makes sure a list's set is complete, rebuilding it from Mongo when its ready flag is missing. */
export async function ensureIndexed<T extends Indexed>(
  store: IndexStore<T>,
  list: IndexedList<T>,
): Promise<void> {
  if (await store.redis.exists(readyKey(list.key))) return;
  let running = rebuildsInProcess.get(list.key);
  if (!running) {
    running = rebuildOnce(store, list).finally(() => rebuildsInProcess.delete(list.key));
    rebuildsInProcess.set(list.key, running);
  }
  await running;
}

async function rebuildOnce<T extends Indexed>(store: IndexStore<T>, list: IndexedList<T>): Promise<void> {
  const { redis } = store;
  const token = randomUUID();
  for (;;) {
    if (await redis.exists(readyKey(list.key))) return;
    if ((await redis.set(rebuildLockKey(list.key), token, 'PX', REBUILD_LOCK_MS, 'NX')) === 'OK') {
      try {
        // Another replica may have finished between the check and the lock.
        if (!(await redis.exists(readyKey(list.key)))) await rebuild(store, list);
      } finally {
        await redis.eval(RELEASE_LOCK, 1, rebuildLockKey(list.key), token);
      }
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, REBUILD_POLL_MS));
  }
}

async function rebuild<T extends Indexed>(store: IndexStore<T>, list: IndexedList<T>): Promise<void> {
  const { redis, model, logger } = store;
  const started = Date.now();
  const writes: Array<Promise<unknown>> = [];
  let pairs: Array<number | string> = [];
  let count = 0;
  const cursor = model
    .find(list.filter as never, { createdAt: 1 })
    .lean<IdAndTime[]>()
    .cursor({ batchSize: REBUILD_CHUNK });
  const write = () => {
    // Not awaited one by one: the chunks go out pipelined while the scan goes on. A failure is
    // reported by Promise.all below; the catch only keeps an abandoned one (the scan failed
    // first) from becoming an unhandled rejection.
    const zadd = redis.zadd(list.key, ...pairs);
    zadd.catch(() => undefined);
    writes.push(zadd);
    pairs = [];
  };
  for await (const doc of cursor as AsyncIterable<IdAndTime>) {
    pairs.push(doc.createdAt.getTime(), String(doc._id));
    count += 1;
    if (pairs.length >= 2 * REBUILD_CHUNK) write();
  }
  if (pairs.length > 0) write();
  await Promise.all(writes);
  await redis.set(readyKey(list.key), String(Date.now()));
  logger.info({ key: list.key, count, ms: Date.now() - started }, 'list index rebuilt from the database');
}

/**
 * Adds a stored document to the sets of the lists it is on (ready or not). Never throws: Mongo has
 * the document, so if Redis refuses, the lists are marked for rebuild rather than failing the write.
 */
export async function addToLists(store: Mirror, keys: string[], doc: IdAndTime): Promise<void> {
  const pipeline = store.redis.pipeline();
  for (const key of keys) pipeline.zadd(key, doc.createdAt.getTime(), String(doc._id));
  try {
    await execOrThrow(pipeline);
  } catch (err) {
    store.logger.error(
      { err, id: String(doc._id), keys },
      'list index: id not added; its lists will be rebuilt',
    );
    await forgetLists(store.redis, keys).catch((forgetErr: unknown) =>
      store.logger.error({ err: forgetErr, keys }, 'list index: lists could not be marked for rebuild'),
    );
  }
}

/**
 * Removes a deleted document's id from the given sets. Never throws: an id left behind is dropped
 * by the first reader that finds its document gone.
 */
export async function removeFromLists(
  store: Mirror,
  keys: string[],
  id: Types.ObjectId | string,
): Promise<void> {
  const pipeline = store.redis.pipeline();
  for (const key of keys) pipeline.zrem(key, String(id));
  try {
    await execOrThrow(pipeline);
  } catch (err) {
    store.logger.warn({ err, id: String(id), keys }, 'list index: id not removed; readers will drop it');
  }
}

/**
 * Drops the ready flags of the given lists, so their next reader rebuilds them from Mongo: the
 * way back to a correct index after a write could not be mirrored.
 */
export async function forgetLists(redis: Redis, keys: string[]): Promise<void> {
  if (keys.length > 0) await redis.del(...keys.map(readyKey));
}

/**
 * Marks lists complete without a rebuild: for lists that are known to be empty when they start
 * (a new post's comments). Writes that come before or after it ZADD as always.
 */
export async function markReady(redis: Redis, keys: string[]): Promise<void> {
  if (keys.length > 0)
    await redis.mset(Object.fromEntries(keys.map((key) => [readyKey(key), String(Date.now())])));
}

/** Deletes lists whose documents are all gone (a deleted post's comments), set and flag. */
export async function dropLists(redis: Redis, keys: string[]): Promise<void> {
  if (keys.length > 0) await redis.del(...keys.flatMap((key) => [key, readyKey(key)]));
}

async function execOrThrow(pipeline: ReturnType<Redis['pipeline']>): Promise<void> {
  const results = (await pipeline.exec()) ?? [];
  const failure = results.find(([err]) => err);
  if (failure) throw failure[0];
}

/**
 * Up to `count` documents of a list, newest first (ties on createdAt by descending id, as Redis
 * orders equal scores by member, and hex ObjectIds sort as the ids do), starting after `after`.
 * Ids come from the set, documents from `_id` lookups; stale ids are skipped and removed.
 */
export async function readNewestFirst<T extends Indexed>(
  store: IndexStore<T>,
  list: IndexedList<T>,
  options: { after?: ListPosition; count: number },
): Promise<T[]> {
  const { after, count } = options;
  await ensureIndexed(store, list);
  // The cursor's own score is included (ties), and members at that score up to the cursor's id skipped.
  const max = after ? String(after.createdAt.getTime()) : '+inf';
  const isAfterCursor = (id: string, score: number) =>
    !after || score < after.createdAt.getTime() || id < after.id;

  const found: T[] = [];
  const stale: string[] = [];
  const pending: string[] = [];
  let offset = 0;
  let exhausted = false;
  while (found.length < count) {
    if (pending.length === 0) {
      if (exhausted) break;
      const batch = count - found.length;
      // The set is only read here and changed after the loop, so offsets stay put meanwhile.
      const rows = await store.redis.zrevrangebyscore(
        list.key,
        max,
        '-inf',
        'WITHSCORES',
        'LIMIT',
        offset,
        batch,
      );
      for (let i = 0; i < rows.length; i += 2) {
        if (isAfterCursor(rows[i]!, Number(rows[i + 1]))) pending.push(rows[i]!);
      }
      offset += rows.length / 2;
      exhausted = rows.length / 2 < batch;
      continue;
    }
    const loaded = await loadByIds(store, list, pending.splice(0, count - found.length));
    found.push(...loaded.found);
    stale.push(...loaded.stale);
  }
  await dropStale(store, list, stale);
  return found;
}

/** Every document of a list, oldest first (ties by ascending id): for short lists. */
export async function readAllOldestFirst<T extends Indexed>(
  store: IndexStore<T>,
  list: IndexedList<T>,
): Promise<T[]> {
  await ensureIndexed(store, list);
  const { found, stale } = await loadByIds(store, list, await store.redis.zrange(list.key, 0, -1));
  await dropStale(store, list, stale);
  return found;
}

/** How many documents a list holds (an id whose document vanished counts until a reader meets it). */
export async function countOf<T extends Indexed>(
  store: IndexStore<T>,
  list: IndexedList<T>,
): Promise<number> {
  await ensureIndexed(store, list);
  return store.redis.zcard(list.key);
}

/**
 * One document by id: from the cache, else by `_id` from the database (then cached). Null when it
 * does not exist.
 */
export async function findById<T extends Indexed>(store: IndexStore<T>, id: string): Promise<T | null> {
  return (await loadDocs(store, [id]))[0]!;
}

/** The documents of `ids`, in order (null where gone): cached ones, the rest by `_id` lookups. */
async function loadDocs<T extends Indexed>(store: IndexStore<T>, ids: string[]): Promise<Array<T | null>> {
  const cached = await store.cache.getMany(ids);
  return Promise.all(
    ids.map(async (id) => {
      const known = cached.get(id);
      if (known !== undefined) return known;
      const doc = await store.model.findById(id).lean<T>().exec();
      if (doc) await store.cache.put(doc);
      return doc;
    }),
  );
}

/** The documents of `ids` in order, and the ids that are stale (gone, or not in the list). */
async function loadByIds<T extends Indexed>(store: IndexStore<T>, list: IndexedList<T>, ids: string[]) {
  const docs = await loadDocs(store, ids);
  const found: T[] = [];
  const stale: string[] = [];
  docs.forEach((doc, i) => {
    if (doc && list.contains(doc)) found.push(doc);
    else stale.push(ids[i]!);
  });
  return { found, stale };
}

async function dropStale<T extends Indexed>(store: IndexStore<T>, list: IndexedList<T>, stale: string[]) {
  if (stale.length === 0) return;
  await store.redis.zrem(list.key, ...stale);
  store.logger.debug({ key: list.key, stale }, 'stale ids removed from a list index');
}
