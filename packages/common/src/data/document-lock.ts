import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { oneAtATime } from '../one-at-a-time';

/*
 * Writes of one document, serialized across every process of a service. FerretDB v1 applies an
 * update by reading the document and writing all of it back, so two processes updating one
 * document at once lose one update (ARCHITECTURE.md, "Data on FerretDB"); the in-process queue
 * alone (one-at-a-time.ts) cannot see another replica. A short Redis lease closes that gap: a
 * writer holds `lock:<key>` while it reads, writes and mirrors the document, and a second writer
 * anywhere waits for it. Writers inside one process queue first, so they never poll each other.
 *
 * A single-instance lease (SET NX PX, released only by its holder) is enough: Redis is one server
 * per deployment here, and a holder that dies frees the lease when it expires.
 */

/** A holder that takes longer than this has died or hung; a waiter then takes over. */
const LEASE_MS = 10_000;
const POLL_MS = 5;
const RELEASE =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0";

export async function withDocumentLock<T>(redis: Redis, key: string, work: () => Promise<T>): Promise<T> {
  return oneAtATime(key, async () => {
    const lockKey = `lock:${key}`;
    const token = randomUUID();
    const deadline = Date.now() + 2 * LEASE_MS;
    while ((await redis.set(lockKey, token, 'PX', LEASE_MS, 'NX')) !== 'OK') {
      if (Date.now() > deadline) throw new Error(`document lock ${key} not acquired`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    try {
      return await work();
    } finally {
      await redis.eval(RELEASE, 1, lockKey, token).catch(() => undefined);
    }
  });
}
