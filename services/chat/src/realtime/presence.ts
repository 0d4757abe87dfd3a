import { randomUUID } from 'node:crypto';
import type { Presence } from '@quad/contracts';
import { type Logger, type Redis, createInFlight, redisKeys } from '@quad/common';

/*
 * Presence in Redis, right with any number of replicas and when one dies:
 * - `presence:<userId>` is a hash of replica id -> until when (ms) that replica vouches the user
 *   is connected to it. Each replica renews its word for its users every third of the TTL; the
 *   user is online while any word holds.
 * - A sorted set of every (user, replica) word by its expiry lets any replica's sweep find the
 *   words of a replica that died (SIGKILL, no goodbye): it removes them (ZREM decides which sweep
 *   does it) and, if no other replica vouches for the user, records 'Last seen' and announces
 *   the user offline. So a killed replica's users show offline within TTL plus one sweep.
 * - `presence:last-seen:<userId>` holds when the user was last connected anywhere.
 */

export interface PresenceTracker {
  /** A socket of `userId` connected to this replica. */
  connected(userId: string): Promise<void>;
  /** A socket of `userId` left this replica. */
  disconnected(userId: string): Promise<void>;
  /** Each user's status: online without asking Redis when they have a tab on this replica. */
  query(userIds: string[]): Promise<Presence[]>;
  /** Renews this replica's words and sweeps expired ones (both also run on timers). */
  tick(): Promise<void>;
  /** Withdraws this replica's words (a graceful stop: its users go offline unless connected elsewhere). */
  stop(): Promise<void>;
}

const lastSeenKey = (userId: string) => `presence:last-seen:${userId}`;
const LAST_SEEN_TTL_SECONDS = 90 * 24 * 3600;

export function createPresenceTracker(deps: {
  redis: Redis;
  logger: Logger;
  namespace: string;
  ttlSeconds: number;
  /** Called when a user's status changes (online, or offline with its last seen time). */
  announce(presence: Presence): void;
}): PresenceTracker {
  const { redis, logger, announce } = deps;
  const replicaId = randomUUID();
  const ttlMs = Math.round(deps.ttlSeconds * 1000);
  const expiriesKey = `presence:expiries:${deps.namespace}`;
  const local = new Map<string, number>();
  /** Connects and disconnects still being recorded: a stop lets them finish (and announce) first. */
  const recording = createInFlight();
  const record = <T>(work: Promise<T>): Promise<T> => recording.track(work);
  const member = (userId: string, replica = replicaId) => `${userId}|${replica}`;

  async function vouch(userIds: string[]): Promise<void> {
    if (userIds.length === 0) return;
    const until = Date.now() + ttlMs;
    const pipeline = redis.pipeline();
    for (const userId of userIds) {
      pipeline.hset(redisKeys.presence(userId), replicaId, String(until));
      pipeline.pexpire(redisKeys.presence(userId), ttlMs * 3);
      pipeline.zadd(expiriesKey, until, member(userId));
    }
    await pipeline.exec();
  }

  /** Whether any replica's word for the user still holds; drops the words that do not. */
  async function isOnline(userId: string): Promise<boolean> {
    const words = await redis.hgetall(redisKeys.presence(userId));
    const now = Date.now();
    return Object.values(words).some((until) => Number(until) > now);
  }

  async function wentOffline(userId: string, at: Date): Promise<void> {
    if (await isOnline(userId)) return;
    const lastSeen = at.toISOString();
    await redis.set(lastSeenKey(userId), lastSeen, 'EX', LAST_SEEN_TTL_SECONDS);
    announce({ userId, isOnline: false, lastSeen });
  }

  async function sweep(): Promise<void> {
    const expired = await redis.zrangebyscore(expiriesKey, '-inf', Date.now(), 'WITHSCORES', 'LIMIT', 0, 500);
    for (let i = 0; i < expired.length; i += 2) {
      const word = expired[i]!;
      const until = Number(expired[i + 1]);
      // Only the sweep that removes the word acts on it.
      if ((await redis.zrem(expiriesKey, word)) !== 1) continue;
      const [userId, replica] = word.split('|') as [string, string];
      if (replica === replicaId && local.has(userId)) {
        // Our own word lapsed (a stalled event loop): renew it rather than go offline.
        await vouch([userId]);
        continue;
      }
      await redis.hdel(redisKeys.presence(userId), replica);
      // Last renewed about a TTL before it lapsed: the best 'Last seen' a dead replica leaves.
      await wentOffline(userId, new Date(Math.min(Date.now(), until - ttlMs + ttlMs / 3)));
    }
  }

  let ticking: Promise<void> = Promise.resolve();
  const tick = () => {
    ticking = ticking
      .then(async () => {
        await vouch([...local.keys()]);
        await sweep();
      })
      .catch((err: unknown) => logger.warn({ err: (err as Error).message }, 'presence: renew or sweep failed'));
    return ticking;
  };
  const timer = setInterval(() => void tick(), Math.max(200, Math.min(ttlMs / 3, 5000)));
  timer.unref();

  return {
    connected(userId) {
      const count = local.get(userId) ?? 0;
      local.set(userId, count + 1);
      if (count > 0) return Promise.resolve();
      return record(
        (async () => {
          await vouch([userId]);
          announce({ userId, isOnline: true, lastSeen: null });
        })(),
      );
    },
    disconnected(userId) {
      const count = (local.get(userId) ?? 1) - 1;
      if (count > 0) {
        local.set(userId, count);
        return Promise.resolve();
      }
      local.delete(userId);
      return record(
        (async () => {
          await redis.pipeline().hdel(redisKeys.presence(userId), replicaId).zrem(expiriesKey, member(userId)).exec();
          await wentOffline(userId, new Date());
        })(),
      );
    },
    async query(userIds) {
      // A user with a tab on this replica is online: Redis is asked only about the others. Those are
      // plain commands, not a pipeline of their own: they join whatever else this tick sends on the
      // auto-pipelined connection (a sent message's list writes and broadcast), one socket write and
      // one reply to wake up for instead of two.
      const results = await Promise.all(
        userIds.map((userId) =>
          local.has(userId) ? null : Promise.all([redis.hgetall(redisKeys.presence(userId)), redis.get(lastSeenKey(userId))]),
        ),
      );
      const now = Date.now();
      return userIds.map((userId, i) => {
        const stored = results[i];
        if (!stored) return { userId, isOnline: true, lastSeen: null };
        const [words, lastSeen] = stored;
        const isOnline = Object.values(words).some((until) => Number(until) > now);
        return { userId, isOnline, lastSeen: isOnline ? null : lastSeen };
      });
    },
    tick,
    async stop() {
      clearInterval(timer);
      await Promise.allSettled([ticking, recording.settled()]);
      const users = [...local.keys()];
      local.clear();
      for (const userId of users) {
        await redis.pipeline().hdel(redisKeys.presence(userId), replicaId).zrem(expiriesKey, member(userId)).exec();
        await wentOffline(userId, new Date());
      }
    },
  };
}
