import { LRUCache } from 'lru-cache';
import type { Versioned } from './doc-cache';

/**
 * A value derived from a stored document (its JSON, say), computed once per version of it rather
 * than on every read: a feed page presents the same posts to every visitor, and they change far
 * less often than they are read. Every write bumps a document's `version` (document-lock.ts), so a
 * changed document is derived again; only for documents whose `_id` is never reused (ObjectIds),
 * since one created again under an old `_id` starts again at version 0. The least recently used
 * values go first beyond `max`.
 */
export function perVersion<T extends Versioned, R extends NonNullable<unknown>>(
  derive: (doc: T) => R,
  max = 10_000,
): (doc: T) => R {
  const derived = new LRUCache<string, { version: number; value: R }>({ max });
  return (doc) => {
    const id = String(doc._id);
    const known = derived.get(id);
    if (known && known.version === doc.version) return known.value;
    const value = derive(doc);
    derived.set(id, { version: doc.version, value });
    return value;
  };
}
