import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Model } from 'mongoose';
import type { Logger } from '../logger';

/*
 * Prefix search served from Redis: one sorted set per repository whose members are
 * `<term>\0<id>` at score 0, so ZRANGEBYLEX finds every term that starts with what was typed in
 * O(log n + k), however many documents there are (an admin looking for one student among 50,000).
 * FerretDB v1 would read the whole collection for a regex filter. The repository keeps the set
 * beside every write (a document's terms come from the repository's `searchTermsOf`); the
 * database stays the truth, and a missing `:ready` flag makes the first reader rebuild the set
 * under a short lock, as the list index does.
 *
 * A document usually has several terms (first name, last name, full name, e-mail): a query can
 * match more than one of them. A document is shown once, at the smallest of its terms that match,
 * so paging by the last member seen (keyset) never repeats or skips one.
 */

const SEPARATOR = '\u0000';
const REBUILD_LOCK_MS = 30_000;
const REBUILD_POLL_MS = 50;
const REBUILD_CHUNK = 1000;
const RELEASE_LOCK =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0";
/** Longest term kept: enough for any name or e-mail, and a bounded member size. */
const MAX_TERM_LENGTH = 120;

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** Lower case, accents folded, spaces collapsed: how terms are stored and queries compared. */
export function normalizeSearchText(text: string): string {
  // Printable ASCII (most names and every e-mail) has nothing to decompose or fold: skip the Unicode work.
  if (PRINTABLE_ASCII.test(text)) return text.toLowerCase().replace(/\s+/g, ' ').trim().slice(0, MAX_TERM_LENGTH);
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_TERM_LENGTH)
    .replaceAll(SEPARATOR, '');
}

export function searchTermsFor(texts: Array<string | null | undefined>): string[] {
  return [...new Set(texts.map((text) => normalizeSearchText(text ?? '')).filter((term) => term.length > 0))];
}

const memberOf = (term: string, id: string) => `${term}${SEPARATOR}${id}`;

function splitMember(member: string): { term: string; id: string } {
  const cut = member.lastIndexOf(SEPARATOR);
  return { term: member.slice(0, cut), id: member.slice(cut + 1) };
}

/** Opaque search cursors: base64url of the last member returned, prefixed so a list cursor is refused. */
export function encodeSearchCursor(member: string): string {
  return `s${Buffer.from(member, 'utf8').toString('base64url')}`;
}

export function decodeSearchCursor(cursor: string): string | null {
  if (!cursor.startsWith('s')) return null;
  const member = Buffer.from(cursor.slice(1), 'base64url').toString('utf8');
  return member.includes(SEPARATOR) && member.length <= 2 * MAX_TERM_LENGTH + 50 ? member : null;
}

/** One hit: the document id and the term it was found by (its position for the next cursor). */
export interface SearchHit {
  id: string;
  term: string;
  member: string;
}

export class SearchIndex<T extends { _id: unknown }> {
  private rebuilding: Promise<void> | null = null;

  constructor(
    private readonly redis: Redis,
    private readonly model: Model<T>,
    private readonly logger: Logger,
    readonly key: string,
    readonly termsOf: (doc: T) => string[],
  ) {}

  private get readyKey() {
    return `${this.key}:ready`;
  }

  /** Mirrors one document's write: its old terms out, its new ones in. Never throws (marks the set for rebuild instead). */
  async mirror(id: string, before: T | null, after: T | null): Promise<void> {
    const old = new Set(before ? this.termsOf(before) : []);
    const now = new Set(after ? this.termsOf(after) : []);
    const removed = [...old].filter((term) => !now.has(term)).map((term) => memberOf(term, id));
    // Without `before` (a repair), every term is re-stated.
    const added = [...now].filter((term) => !before || !old.has(term)).map((term) => memberOf(term, id));
    if (removed.length === 0 && added.length === 0) return;
    try {
      await Promise.all([
        removed.length > 0 ? this.redis.zrem(this.key, ...removed) : null,
        added.length > 0 ? this.redis.zadd(this.key, ...added.flatMap((member) => [0, member])) : null,
      ]);
    } catch (err) {
      this.logger.error({ err, id, key: this.key }, 'search index: write not mirrored; the index will be rebuilt');
      await this.redis.del(this.readyKey).catch(() => undefined);
    }
  }

  private async ensure(): Promise<void> {
    if (await this.redis.exists(this.readyKey)) return;
    this.rebuilding ??= this.rebuildOnce().finally(() => {
      this.rebuilding = null;
    });
    await this.rebuilding;
  }

  private async rebuildOnce(): Promise<void> {
    const token = randomUUID();
    const lock = `${this.key}:rebuilding`;
    for (;;) {
      if (await this.redis.exists(this.readyKey)) return;
      if ((await this.redis.set(lock, token, 'PX', REBUILD_LOCK_MS, 'NX')) === 'OK') {
        try {
          if (!(await this.redis.exists(this.readyKey))) await this.rebuild();
        } finally {
          await this.redis.eval(RELEASE_LOCK, 1, lock, token);
        }
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, REBUILD_POLL_MS));
    }
  }

  private async rebuild(): Promise<void> {
    const started = Date.now();
    let pairs: Array<number | string> = [];
    const writes: Array<Promise<unknown>> = [];
    let count = 0;
    const flush = () => {
      const zadd = this.redis.zadd(this.key, ...pairs);
      zadd.catch(() => undefined);
      writes.push(zadd);
      pairs = [];
    };
    const cursor = this.model.find({}).lean<T[]>().cursor({ batchSize: REBUILD_CHUNK });
    for await (const doc of cursor as AsyncIterable<T>) {
      for (const term of this.termsOf(doc)) pairs.push(0, memberOf(term, String(doc._id)));
      count += 1;
      if (pairs.length >= 2 * REBUILD_CHUNK) flush();
    }
    if (pairs.length > 0) flush();
    await Promise.all(writes);
    await this.redis.set(this.readyKey, String(Date.now()));
    this.logger.info({ key: this.key, count, ms: Date.now() - started }, 'search index rebuilt from the database');
  }

  /**
   * Up to `count` members whose term starts with `prefix`, after the member `after` (from the
   * first without it), in term order. Rebuilds the index first if it is not ready.
   */
  async hitsAfter(prefix: string, after: string | null, count: number): Promise<SearchHit[]> {
    await this.ensure();
    const start = after ? Buffer.from(`(${after}`, 'utf8') : Buffer.from(`[${prefix}`, 'utf8');
    // Every term that starts with the prefix sorts below prefix + 0xff (no UTF-8 byte is 0xff).
    const end = Buffer.concat([Buffer.from(`[${prefix}`, 'utf8'), Buffer.from([0xff])]);
    const members = await this.redis.zrangebylex(this.key, start, end, 'LIMIT', 0, count);
    return members.map((member) => ({ ...splitMember(member), member }));
  }

  async removeStale(members: string[]): Promise<void> {
    if (members.length > 0) await this.redis.zrem(this.key, ...members);
  }
}
