import { createHash } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Redis } from '@quad/common';

/*
 * The API's ceilings against floods (per account, per address), counted in Redis so every gateway
 * replica shares one count per key and fixed window, as express-rate-limit with a Redis store
 * counted them, but without a Redis command on every call: each replica takes leases of the
 * window's allowance (one INCRBY for several calls) and spends them locally. A lease starts at one
 * call and doubles while the key keeps calling, up to a hundredth of the limit, so a small limit
 * (5 a minute) is counted call by call and exactly, and a flood costs Redis one command per
 * hundredth of the limit. What a replica leased and did not spend by the window's end counts as
 * spent: at most a hundredth of the limit per replica. Once Redis says the window is spent, the
 * replica refuses locally until it ends.
 *
 * Answers as before: `RateLimit` and `RateLimit-Policy` headers (IETF draft 8) on every counted
 * call, and a refusal is a 429 with `Retry-After` (seconds until the window ends) and a JSON message.
 */

// INCRBY the window's count; the first hit of a window starts its clock. Returns [count, ms left].
const LEASE_SCRIPT = `
local total = redis.call('INCRBY', KEYS[1], ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return {total, ttl}`;
const LEASE_SHA = createHash('sha1').update(LEASE_SCRIPT).digest('hex');

/** After Redis failed a lease, how long calls pass uncounted before it is asked again. */
const REDIS_OUT_MS = 5_000;

/** Windows kept per limiter before the ended ones are swept. */
const SWEEP_AT = 10_000;

interface Window {
  /** When the window ends (this process's clock, from Redis' TTL). */
  endsAt: number;
  /** Calls this replica may still make, leased from Redis. */
  leased: number;
  /** The window's count in Redis at the last lease, this replica's unspent lease included. */
  counted: number;
  /** The next lease's size. */
  leaseSize: number;
  /** Redis refused part of the last lease: the window is spent once the lease is. */
  spent: boolean;
  /** A lease on its way: calls that need one wait for it. */
  leasing?: Promise<void>;
}

export interface ApiRateLimitOptions {
  redis: Redis;
  /** Names the Redis keys: `rl:<name>:<key>`. */
  name: string;
  windowMs: number;
  limit: number;
  /** The refusal's message. */
  message: string;
  /** The key a call counts under; undefined: not counted by this limiter. */
  key: (req: Request) => string | undefined;
  /** Told when Redis fails and the limiter starts letting calls pass uncounted (for a log line). */
  onRedisOut?: (err: Error) => void;
}

export function apiRateLimit(options: ApiRateLimitOptions) {
  const { redis, windowMs, limit, message } = options;
  const prefix = `rl:${options.name}:`;
  const maxLease = Math.max(1, Math.floor(limit / 100));
  const windowSeconds = Math.ceil(windowMs / 1000);
  const policyName = `"${limit}-in-${windowSeconds % 60 === 0 ? `${windowSeconds / 60}min` : `${windowSeconds}sec`}"`;
  const windows = new Map<string, Window>();
  const partitions = new Map<string, string>();
  /**
   * These are ceilings against floods, not protection of an account: while Redis does not answer
   * they fail OPEN (README, Reliability), and for REDIS_OUT_MS after a failure calls do not even
   * ask it, so a hung Redis costs the anonymous pages nothing. Signed-in calls fail closed anyway
   * (the deny-list and ban check).
   */
  let redisOutUntil = 0;

  async function runLease(key: string, size: number): Promise<[number, number]> {
    const args = [1, prefix + key, size, windowMs] as const;
    try {
      return (await redis.evalsha(LEASE_SHA, ...args)) as [number, number];
    } catch (err) {
      if (!String((err as Error).message).includes('NOSCRIPT')) throw err;
      return (await redis.eval(LEASE_SCRIPT, ...args)) as [number, number];
    }
  }

  async function lease(key: string, window: Window): Promise<void> {
    const size = window.leaseSize;
    const [total, ttl] = await runLease(key, size);
    const granted = Math.max(0, Math.min(size, limit - (total - size)));
    window.endsAt = Date.now() + ttl;
    window.leased += granted;
    window.counted = total;
    window.spent = granted < size;
    window.leaseSize = Math.min(maxLease, size * 2);
  }

  function sweep(now: number): void {
    for (const [key, window] of windows) if (window.endsAt <= now && !window.leasing) windows.delete(key);
    if (partitions.size > SWEEP_AT) partitions.clear();
  }

  /** Takes one call from the key's allowance; the window after it (null when refused, with the window). */
  async function take(key: string): Promise<{ allowed: boolean; window: Window }> {
    for (;;) {
      const now = Date.now();
      let window = windows.get(key);
      if (window && window.endsAt <= now && !window.leasing) {
        windows.delete(key);
        window = undefined;
      }
      if (!window) {
        if (windows.size >= SWEEP_AT) sweep(now);
        window = { endsAt: now + windowMs, leased: 0, counted: 0, leaseSize: 1, spent: false };
        windows.set(key, window);
      }
      if (window.leased > 0) {
        window.leased -= 1;
        return { allowed: true, window };
      }
      if (window.spent) return { allowed: false, window };
      if (!window.leasing) {
        const pending = lease(key, window).finally(() => {
          window.leasing = undefined;
        });
        window.leasing = pending;
      }
      await window.leasing;
    }
  }

  function partitionOf(key: string): string {
    let partition = partitions.get(key);
    if (partition === undefined) {
      // As express-rate-limit names a partition: base64 of the key's SHA-256, cut to 12 hex digits.
      partition = Buffer.from(createHash('sha256').update(key).digest('hex').slice(0, 12)).toString('base64');
      partitions.set(key, partition);
    }
    return partition;
  }

  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const key = options.key(req);
    if (key === undefined) return next();
    if (Date.now() < redisOutUntil) return next();
    let decision: Awaited<ReturnType<typeof take>>;
    try {
      decision = await take(key);
    } catch (err) {
      if (Date.now() >= redisOutUntil) options.onRedisOut?.(err as Error);
      redisOutUntil = Date.now() + REDIS_OUT_MS;
      return next();
    }
    const { allowed, window } = decision;
    const resetSeconds = Math.max(0, Math.ceil((window.endsAt - Date.now()) / 1000));
    const remaining = Math.max(0, limit - (window.counted - window.leased));
    res.setHeader('RateLimit', `${policyName}; r=${remaining}; t=${resetSeconds}`);
    res.setHeader('RateLimit-Policy', `${policyName}; q=${limit}; w=${windowSeconds}; pk=:${partitionOf(key)}:`);
    if (allowed) return next();
    res.setHeader('Retry-After', String(Math.max(1, resetSeconds)));
    res.status(429).json({ message });
  };
}
