import type { Logger, Redis } from '@quad/common';

/*
 * Documents cached in Redis as JSON, so that list pages and single-document checks need no
 * database read. FerretDB v1 (SQLite) finds even a document by `_id` with a scan: the filter it
 * pushes down (`_ferretdb_sjson->'$._id' = ?`) is not the expression of its own `_id` index
 * (`_ferretdb_sjson->"_id"`), so SQLite reads the table up to the match (about 60 ms for the newest
 * of 10,000 posts), and FerretDB answers such lookups one at a time (21 of them: about 0.9 s).
 *
 * Consistency: every write of a document puts the version it wrote, readers that miss put what
 * they loaded, and a put never replaces a newer version (compared by updatedAt, atomically in
 * Redis), so a reader holding a version from before a write cannot overwrite it. A delete leaves a
 * tombstone newer than any version, so a reader that loaded the document just before cannot bring
 * it back. Entries expire after a day: that bounds memory to what is being read, and any staleness
 * a failed put or two writes in one millisecond could leave.
 */

/** What a cached document needs: an id and the time of its last write (its version). */
export interface Versioned {
  _id: { toString(): string };
  updatedAt: Date;
}

export interface DocCache<T extends Versioned> {
  /** What the cache knows of `ids`: a document, or null when it was deleted; misses are absent. */
  getMany(ids: string[]): Promise<Map<string, T | null>>;
  /** Caches a document unless a newer version is cached. Never throws (the database has it). */
  put(doc: T): Promise<void>;
  /** Marks a document deleted (a tombstone). Never throws. */
  drop(id: { toString(): string }): Promise<void>;
}

const ENTRY_TTL_SECONDS = 24 * 3600;
/** A tombstone's version: newer than any write. */
const DELETED_VERSION = Number.MAX_SAFE_INTEGER;

// An entry is "<updatedAt ms>|<json>". Replaces it unless the cached version is newer.
const PUT_UNLESS_NEWER = `
local current = redis.call('GET', KEYS[1])
if current then
  local cut = string.find(current, '|', 1, true)
  if cut and tonumber(string.sub(current, 1, cut - 1)) > tonumber(ARGV[1]) then return 0 end
end
redis.call('SET', KEYS[1], ARGV[1] .. '|' .. ARGV[2], 'EX', ARGV[3])
return 1`;

export function createDocCache<T extends Versioned>(deps: {
  redis: Redis;
  logger: Logger;
  /** The entry's key for a document id. */
  keyOf: (id: string) => string;
  /** Turns parsed JSON back into the document (ObjectIds and Dates come back as strings). */
  revive: (raw: Record<string, unknown>) => T;
}): DocCache<T> {
  const { redis, logger, keyOf, revive } = deps;
  async function write(id: string, version: number, json: string): Promise<void> {
    try {
      await redis.eval(PUT_UNLESS_NEWER, 1, keyOf(id), version, json, ENTRY_TTL_SECONDS);
    } catch (err) {
      logger.warn({ err, id }, 'document cache: write failed; the entry stays as it was until it expires');
    }
  }
  return {
    async getMany(ids) {
      const found = new Map<string, T | null>();
      if (ids.length === 0) return found;
      const entries = await redis.mget(ids.map(keyOf));
      entries.forEach((entry, i) => {
        if (!entry) return;
        const raw = JSON.parse(entry.slice(entry.indexOf('|') + 1)) as Record<string, unknown> | null;
        found.set(ids[i]!, raw === null ? null : revive(raw));
      });
      return found;
    },
    async put(doc) {
      await write(String(doc._id), doc.updatedAt.getTime(), JSON.stringify(doc));
    },
    async drop(id) {
      await write(String(id), DELETED_VERSION, 'null');
    },
  };
}
