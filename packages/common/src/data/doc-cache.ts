import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import mongoose from 'mongoose';
import type { Logger } from '../logger';

/*
 * Documents cached in Redis, so list pages and per-request checks need no database read: FerretDB
 * v1 (SQLite) finds even a document by `_id` with a scan of the table up to the match.
 *
 * Entries are BSON (ObjectIds and Dates come back as they went in), prefixed with the document's
 * `version`: a counter every write bumps under the document's lock (document-lock.ts), never a
 * clock time, so replicas with skewed clocks agree on which version is newer. A put never replaces
 * a newer version (compared atomically in Redis), so a reader holding a version from before a
 * write cannot overwrite it; a delete leaves a tombstone newer than any version, so a reader that
 * loaded the document just before cannot bring it back. Entries expire after a day, which bounds
 * memory to what is being read.
 *
 * Decoding is the costly part of a read (a feed page decodes 21 documents for every visitor), so
 * each process remembers what it decoded with the exact bytes it came from: an entry read again
 * unchanged is not decoded again. The bytes are compared, not the version, since a document created
 * again under the same `_id` starts again at version 0. Callers get a shallow copy, so one that sets
 * a field of what it read (the user directory patches entries in place) never changes another's.
 */

export interface Versioned {
  _id: unknown;
  /** Bumped by every write of the document; 0 when it is created. */
  version: number;
}

export interface DocCache<T extends Versioned> {
  /** What the cache knows of `ids`: a document, or null when it was deleted; misses are absent. */
  getMany(ids: string[]): Promise<Map<string, T | null>>;
  /** Caches a document unless a newer version is cached. Never throws (the database has it). */
  put(doc: T): Promise<void>;
  /**
   * Caches a document just created under its `_id`, over anything cached, a tombstone included: a
   * document deleted and created again under the same `_id` (a friendship, a vote) is new. Never throws.
   */
  replace(doc: T): Promise<void>;
  /** Marks a document deleted (a tombstone). Never throws. */
  drop(id: unknown): Promise<void>;
}

const ENTRY_TTL_SECONDS = 24 * 3600;
/** A tombstone's version: newer than any write. */
const DELETED_VERSION = Number.MAX_SAFE_INTEGER;

// An entry is "<version>|<bson>" ("<version>|" alone for a tombstone). Replaces it unless the
// cached version is newer.
const PUT_UNLESS_NEWER = `
local current = redis.call('GET', KEYS[1])
if current then
  local cut = string.find(current, '|', 1, true)
  if cut and tonumber(string.sub(current, 1, cut - 1)) > tonumber(ARGV[1]) then return 0 end
end
redis.call('SET', KEYS[1], ARGV[1] .. '|' .. ARGV[2], 'EX', ARGV[3])
return 1`;

const { BSON } = mongoose.mongo;

/** Decoded entries each process keeps per cache; the least recently read go first. */
const DECODED_MAX = 10_000;

export function createDocCache<T extends Versioned>(deps: {
  redis: Redis;
  logger: Logger;
  /** The entry's key for a document id. */
  keyOf: (id: string) => string;
}): DocCache<T> {
  const { redis, logger, keyOf } = deps;
  const decoded = new LRUCache<string, { bytes: Buffer; doc: T }>({ max: DECODED_MAX });
  function decode(key: string, body: Buffer): T {
    const known = decoded.get(key);
    if (known && known.bytes.equals(body)) return { ...known.doc };
    const doc = BSON.deserialize(body) as T;
    // A copy of the bytes: the reply's buffer may be a slice of a larger one.
    decoded.set(key, { bytes: Buffer.from(body), doc });
    return { ...doc };
  }
  async function write(id: string, version: number, payload: Buffer): Promise<void> {
    try {
      await redis.eval(PUT_UNLESS_NEWER, 1, keyOf(id), version, payload, ENTRY_TTL_SECONDS);
    } catch (err) {
      logger.warn({ err, id }, 'document cache: write failed; the entry stays as it was until it expires');
    }
  }
  return {
    async getMany(ids) {
      const found = new Map<string, T | null>();
      if (ids.length === 0) return found;
      const keys = ids.map(keyOf);
      const entries = await redis.mgetBuffer(keys);
      entries.forEach((entry, i) => {
        if (!entry) return;
        const body = entry.subarray(entry.indexOf(0x7c /* | */) + 1);
        found.set(ids[i]!, body.length === 0 ? null : decode(keys[i]!, body));
      });
      return found;
    },
    async put(doc) {
      await write(String(doc._id), doc.version ?? 0, Buffer.from(BSON.serialize(doc as object)));
    },
    async replace(doc) {
      const payload = Buffer.concat([Buffer.from(`${doc.version ?? 0}|`), Buffer.from(BSON.serialize(doc as object))]);
      try {
        await redis.set(keyOf(String(doc._id)), payload, 'EX', ENTRY_TTL_SECONDS);
      } catch (err) {
        logger.warn({ err, id: String(doc._id) }, 'document cache: write failed; the entry stays as it was until it expires');
      }
    },
    async drop(id) {
      await write(String(id), DELETED_VERSION, Buffer.alloc(0));
    },
  };
}
