import { createHash, randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Model } from 'mongoose';
import type { Logger } from '../logger';
import { decodeCursor, encodeCursor } from './cursor';

/*
 * Lists served from Redis: a sorted set of document ids per list, scored by the list's sort key
 * (creation time in ms unless the list says otherwise). FerretDB v1 (SQLite) reads and sorts the
 * whole collection for any filter but a lone `_id` equality, so a page is read here as ids, and
 * its documents come from the document cache or by `_id`. The repository (repository.ts) keeps
 * the sets beside every write; domain code never sees them.
 *
 * The database stays the truth and a set rebuilds itself from it: a set counts only once its
 * `<key>:ready` flag exists; until then the first reader rebuilds it (one scan of the list's
 * filter) under a short Redis lock, so concurrent readers on any replica wait for one rebuild.
 * Writes always ZADD/ZREM, ready or not, so a write during a rebuild is never lost. An id whose
 * document is gone or no longer belongs is dropped from the page and removed by the reader.
 */

/** One list: a name unique within its repository, the filter a rebuild scans, and the same test for one document. */
export interface ListDef<T> {
  /** Unique within the repository, e.g. `board:c:<collegeId>:t:3`; the repository makes the Redis key. */
  name: string;
  filter: Record<string, unknown>;
  /** Whether a loaded document belongs here: an id that does not is treated as stale, never shown. */
  contains(doc: T): boolean;
  /** The sort key (newest first = highest first); the creation time in ms by default. */
  score?(doc: T): number;
}

/** A list with its Redis key, as the repository resolves it. */
export interface ResolvedList<T> extends ListDef<T> {
  key: string;
}

/** Where a newest-first page starts: just after the member (score, id). */
export interface ListPosition {
  score: number;
  id: string;
}

export const readyKey = (key: string) => `${key}:ready`;
export const rebuildLockKey = (key: string) => `${key}:rebuilding`;

/** A rebuild's lock outlives any sane rebuild; if its holder dies, a waiter takes over after it. */
const REBUILD_LOCK_MS = 30_000;
const REBUILD_POLL_MS = 50;
const REBUILD_CHUNK = 1000;
const RELEASE_LOCK =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0";

/** A Lua script and its SHA, run by `runScript`. */
interface Script {
  source: string;
  sha: string;
}

function script(source: string): Script {
  return { source, sha: createHash('sha1').update(source).digest('hex') };
}

// Each key's size where its ready flag stands, else -1.
const COUNT_READY = script(`
local counts = {}
for i, key in ipairs(KEYS) do
  if redis.call('EXISTS', key .. ':ready') == 1 then counts[i] = redis.call('ZCARD', key) else counts[i] = -1 end
end
return counts`);

// One read of a list (ARGV: the command and its arguments) if its ready flag stands, else nil:
// a ready list, the usual case, is read in one round trip.
const READ_IF_READY = script(`
if redis.call('EXISTS', KEYS[1] .. ':ready') == 0 then return false end
return redis.call(unpack(ARGV))`);

/**
 * Runs a script by its SHA, so the hot path sends no script text; the first call on a Redis that
 * does not know the script yet sends it once. (Not ioredis' defineCommand: its custom commands
 * break under auto-pipelining.)
 */
async function runScript<R>(redis: Redis, { source, sha }: Script, keys: string[], args: Array<string | number> = []): Promise<R> {
  try {
    return (await redis.evalsha(sha, keys.length, ...keys, ...args)) as R;
  } catch (err) {
    if (!String((err as Error).message).includes('NOSCRIPT')) throw err;
    return (await redis.eval(source, keys.length, ...keys, ...args)) as R;
  }
}

/** Counts asked for in one tick on one Redis (a page's view and comment counts, two repositories), waiting to go as one script. */
interface CountBatch {
  keys: string[];
  waiters: Array<{ from: number; to: number; resolve: (counts: number[]) => void; reject: (err: unknown) => void }>;
}
const countBatches = new WeakMap<Redis, CountBatch>();

/** Each key's size where its ready flag stands, else -1: the calls of one tick share one COUNT_READY. */
function countReady(redis: Redis, keys: string[]): Promise<number[]> {
  let batch = countBatches.get(redis);
  if (!batch) {
    const started: CountBatch = { keys: [], waiters: [] };
    batch = started;
    countBatches.set(redis, started);
    process.nextTick(() => {
      countBatches.delete(redis);
      runScript<number[]>(redis, COUNT_READY, started.keys).then(
        (counts) => started.waiters.forEach(({ from, to, resolve }) => resolve(counts.slice(from, to))),
        (err: unknown) => started.waiters.forEach(({ reject }) => reject(err)),
      );
    });
  }
  const from = batch.keys.length;
  batch.keys.push(...keys);
  const to = batch.keys.length;
  return new Promise((resolve, reject) => batch.waiters.push({ from, to, resolve, reject }));
}

export function scoreOf<T>(list: ListDef<T>, doc: T): number {
  if (list.score) return list.score(doc);
  const createdAt = (doc as { createdAt?: Date }).createdAt;
  return createdAt ? createdAt.getTime() : 0;
}

/** A list page's cursor (cursor.ts, keyed by the score), pointing just past the last item of a page. */
export function encodeListCursor(position: ListPosition): string {
  return encodeCursor({ key: [position.score], id: position.id });
}

/** Throws the 400 for a cursor this code did not issue. */
export function decodeListCursor(cursor: string): ListPosition {
  const { key, id } = decodeCursor(cursor, 1);
  return { score: key[0]!, id };
}

export class ListIndex<T extends { _id: unknown }> {
  private readonly rebuilds = new Map<string, Promise<void>>();

  constructor(
    private readonly redis: Redis,
    private readonly model: Model<T>,
    private readonly logger: Logger,
  ) {}

  /** Makes sure a list's set is complete, rebuilding it from the database when its ready flag is missing. */
  async ensure(list: ResolvedList<T>): Promise<void> {
    if (await this.redis.exists(readyKey(list.key))) return;
    let running = this.rebuilds.get(list.key);
    if (!running) {
      running = this.rebuildOnce(list).finally(() => this.rebuilds.delete(list.key));
      this.rebuilds.set(list.key, running);
    }
    await running;
  }

  private async rebuildOnce(list: ResolvedList<T>): Promise<void> {
    const token = randomUUID();
    for (;;) {
      if (await this.redis.exists(readyKey(list.key))) return;
      if ((await this.redis.set(rebuildLockKey(list.key), token, 'PX', REBUILD_LOCK_MS, 'NX')) === 'OK') {
        try {
          if (!(await this.redis.exists(readyKey(list.key)))) await this.rebuild(list);
        } finally {
          await this.redis.eval(RELEASE_LOCK, 1, rebuildLockKey(list.key), token);
        }
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, REBUILD_POLL_MS));
    }
  }

  private async rebuild(list: ResolvedList<T>): Promise<void> {
    const started = Date.now();
    const writes: Array<Promise<unknown>> = [];
    let pairs: Array<number | string> = [];
    let count = 0;
    const flush = () => {
      // Chunks go out pipelined while the scan goes on; Promise.all below reports a failure.
      const zadd = this.redis.zadd(list.key, ...pairs);
      zadd.catch(() => undefined);
      writes.push(zadd);
      pairs = [];
    };
    const cursor = this.model.find(list.filter as never).lean<T[]>().cursor({ batchSize: REBUILD_CHUNK });
    for await (const doc of cursor as AsyncIterable<T>) {
      if (!list.contains(doc)) continue;
      pairs.push(scoreOf(list, doc), String(doc._id));
      count += 1;
      if (pairs.length >= 2 * REBUILD_CHUNK) flush();
    }
    if (pairs.length > 0) flush();
    await Promise.all(writes);
    await this.redis.set(readyKey(list.key), String(Date.now()));
    const ms = Date.now() - started;
    // Every new list's first read rebuilds it; only the slow ones are news.
    this.logger[ms > 200 ? 'info' : 'debug']({ key: list.key, count, ms }, 'list index rebuilt from the database');
  }

  /**
   * Mirrors one document's write into its lists: added to (or re-scored in) `now`, removed from the
   * lists it left. Never throws: the database has the write, so if Redis refuses, the lists are
   * marked for rebuild instead of failing the request.
   */
  async mirror(id: string, now: Array<{ key: string; score: number }>, left: string[]): Promise<void> {
    if (now.length === 0 && left.length === 0) return;
    // Plain commands, not a pipeline of their own: with auto-pipelining, the mirrors of a whole
    // batch (a group commit of messages) leave in one write to Redis instead of one each.
    const writes = [...now.map(({ key, score }) => this.redis.zadd(key, score, id)), ...left.map((key) => this.redis.zrem(key, id))];
    const failure = (await Promise.allSettled(writes)).find((outcome) => outcome.status === 'rejected');
    if (failure) {
      const keys = [...now.map((entry) => entry.key), ...left];
      this.logger.error({ err: failure.reason, id, keys }, 'list index: write not mirrored; its lists will be rebuilt');
      await this.redis
        .del(...keys.map(readyKey))
        .catch((forgetErr: unknown) =>
          this.logger.error({ err: forgetErr, keys }, 'list index: lists could not be marked for rebuild'),
        );
    }
  }

  /** Marks a list complete without a rebuild: for lists known to start empty (a new post's comments). */
  async markReady(key: string): Promise<void> {
    await this.redis
      .set(readyKey(key), String(Date.now()))
      .catch((err: unknown) => this.logger.warn({ err, key }, 'list index: new list not marked ready'));
  }

  /** Deletes a list whose documents are all gone, set and flag. */
  async drop(key: string): Promise<void> {
    await this.redis
      .del(key, readyKey(key))
      .catch((err: unknown) => this.logger.warn({ err, key }, 'list index: list not dropped'));
  }

  /**
   * Counts of many lists in one command (a page of posts asks for 20 view counts and 20 comment
   * counts, of two repositories, in the same tick: they go together): a script reads each list's
   * size where its ready flag stands; the few that are not ready are rebuilt and counted after.
   */
  async countMany(keys: string[], listAt: (i: number) => ResolvedList<T>): Promise<number[]> {
    if (keys.length === 0) return [];
    const counts = await countReady(this.redis, keys);
    // Only a list that is not ready is resolved in full (a page asks for 40 counts on every read).
    return Promise.all(counts.map((count, i) => (count >= 0 ? count : this.count(listAt(i)))));
  }

  async count(list: ResolvedList<T>): Promise<number> {
    return this.read<number>(list, 'ZCARD', list.key);
  }

  /** A read of a list's set that must see all of it: one command when the list is ready, else after its rebuild. */
  private async read<R>(list: ResolvedList<T>, ...command: Array<string | number>): Promise<R> {
    const result = await runScript<R | null>(this.redis, READ_IF_READY, [list.key], command);
    if (result !== null) return result;
    await this.ensure(list);
    return (await this.redis.call(String(command[0]), ...command.slice(1))) as R;
  }

  /**
   * Up to `count` ids after `after` (from the top without it), newest first: highest score first,
   * equal scores by descending id (Redis orders equal scores by member). Keyset, never offsets:
   * each batch starts from the last member seen, so concurrent adds and removes cannot shift a page
   * onto a repeat or a skip. Rebuilds the list first if it is not ready.
   */
  async idsAfter(list: ResolvedList<T>, after: ListPosition | undefined, count: number, minScore?: number): Promise<ListPosition[]> {
    const max = after ? `(${after.score}` : '+inf';
    const min = minScore === undefined ? '-inf' : minScore;
    const rows = await this.read<string[]>(list, 'ZREVRANGEBYSCORE', list.key, max, min, 'WITHSCORES', 'LIMIT', 0, count);
    const found: ListPosition[] = [];
    if (after) {
      // Members that share the cursor's score and sort after it (a smaller id) come first; rarely more than one.
      const ties = minScore !== undefined && after.score < minScore ? [] : await this.redis.zrangebyscore(list.key, after.score, after.score);
      for (const id of ties.filter((member) => member < after.id).reverse().slice(0, count)) {
        found.push({ score: after.score, id });
      }
    }
    for (let i = 0; i < rows.length && found.length < count; i += 2) found.push({ id: rows[i]!, score: Number(rows[i + 1]) });
    return found;
  }

  /**
   * How many members sit above `position` in newest-first order: a higher score, or the same score
   * and a higher id. Counted in Redis (ZCOUNT), without reading a member.
   */
  async countAbove(list: ResolvedList<T>, position: ListPosition): Promise<number> {
    const higher = await this.read<number>(list, 'ZCOUNT', list.key, `(${position.score}`, '+inf');
    // Members sharing the position's score: rarely more than the one at the position itself.
    const ties = await this.redis.zrangebyscore(list.key, position.score, position.score);
    return higher + ties.filter((id) => id > position.id).length;
  }

  /** Every id of a list, lowest score first (rebuilt first if it is not ready). */
  allIds(list: ResolvedList<T>): Promise<string[]> {
    return this.read<string[]>(list, 'ZRANGE', list.key, 0, -1);
  }

  async removeStale(list: ResolvedList<T>, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.redis.zrem(list.key, ...ids);
    this.logger.debug({ key: list.key, ids }, 'stale ids removed from a list index');
  }
}
