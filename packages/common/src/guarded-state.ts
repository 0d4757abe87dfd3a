import type { Logger } from './logger';
import { type Redis, fetchRedisServerId, redisKeys, redisServerId } from './redis';

/*
 * Bans and the token deny-list are read from Redis on every request, but Redis is not their store
 * of record: moderation's database holds the bans, auth's the revoked tokens. A Redis that restarts
 * (empty, or from an older snapshot) or is flushed would otherwise let a banned student or a
 * signed-out token back in. So each owner restores its state into every Redis server it finds, and
 * marks the server as restored with the server's run id (new at every start); every check reads the
 * marks with the state and refuses (503) while a mark does not name the server it reads from.
 */

/** The states that must never fail open, and who restores each. */
export const GUARDED_STATES = ['bans', 'revocations'] as const;
export type GuardedState = (typeof GUARDED_STATES)[number];

/** The keys a check reads beside its own, in GUARDED_STATES' order. */
export const restoredMarkKeys = GUARDED_STATES.map((state) => redisKeys.restored(state));

/**
 * Whether the marks read with a check name the server the connection talks to: false right after a
 * restart or a flush, until the owners have restored their state. (A connection asks its server's
 * run id once after each connect; the first check after one may have to wait for that answer.)
 */
export async function guardedStateRestored(redis: Redis, marks: Array<string | null>): Promise<boolean> {
  const serverId = redisServerId(redis) ?? (await fetchRedisServerId(redis));
  return serverId !== null && marks.every((mark) => mark === serverId);
}

/** Marks `redis`'s current server as holding `state` (owners do this after restoring; tests at setup). */
export async function markRestored(redis: Redis, state: GuardedState, serverId?: string | null): Promise<void> {
  const id = serverId ?? (await fetchRedisServerId(redis));
  if (!id) throw new Error('the Redis server did not tell its run id');
  await redis.set(redisKeys.restored(state), id);
}

export interface RestoreKeeper {
  /** Resolves after the first check (and restore, if one was needed). */
  ready: Promise<void>;
  /** Checks now (and restores if needed); one at a time. */
  check(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The owner's side: on every (re)connection and every `intervalMs` (a flush keeps the connection),
 * if the server's mark does not name it, `restore` writes the state again and the mark is set to
 * the run id the restore started on (a restart during the restore leaves it unmarked: next check).
 */
export function keepRestored(options: {
  redis: Redis;
  state: GuardedState;
  restore: () => Promise<number>;
  logger: Logger;
  intervalMs?: number;
}): RestoreKeeper {
  const { redis, state, restore, logger } = options;
  let running: Promise<void> | null = null;
  let stopped = false;

  async function checkOnce(): Promise<void> {
    const serverId = await fetchRedisServerId(redis);
    if (!serverId) return;
    if ((await redis.get(redisKeys.restored(state))) === serverId) return;
    const started = Date.now();
    const restored = await restore();
    await redis.set(redisKeys.restored(state), serverId);
    logger.info({ state, restored, ms: Date.now() - started }, 'guarded state restored into Redis');
  }

  function check(): Promise<void> {
    running ??= checkOnce()
      .catch((err: unknown) => logger.warn({ err: (err as Error).message, state }, 'guarded state not restored yet; retrying'))
      .finally(() => {
        running = null;
      });
    return running;
  }

  const onReady = () => {
    if (!stopped) void check();
  };
  redis.on('ready', onReady);
  const timer = setInterval(onReady, options.intervalMs ?? 2000);
  timer.unref();
  return {
    ready: check(),
    check,
    async stop() {
      stopped = true;
      clearInterval(timer);
      redis.off('ready', onReady);
      await running;
    },
  };
}
