import { createHash } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import { tooManyRequests } from './errors';
import type { Redis } from './redis';

/*
 * Quad's one rate limiter: every limit (the gateway's API ceilings, auth's sign-in, registration
 * and admin-password limits, chat's per-sender message limit) counts here, in Redis, so every
 * replica shares one count per key and fixed window (the window starts at the key's first call
 * and lasts `windowMs`). `createRateLimiter` is the counter; `rateLimit` serves it as express
 * middleware, `takeAllowance` as a check that throws (a socket's message).
 *
 * Counting is one Lua script call (INCRBY, and the window's clock on its first hit). With
 * `leases` a replica takes leases of the window's allowance (one INCRBY for several calls) and
 * spends them locally: a lease starts at one call and doubles while the key keeps calling, up to a
 * hundredth of the limit, so a small limit (5 a minute) is still counted call by call and exactly,
 * and a flood costs Redis one command per hundredth of the limit (measured: bench/README.md,
 * gateway). What a replica leased and did not spend by the window's end counts as spent: at most
 * a hundredth of the limit per replica. Without `leases` every call is one command and every
 * count exact (the counts auth's delays read). Once Redis says a window is spent, the replica
 * refuses locally until it ends.
 */

// INCRBY the window's count; the first hit of a window starts its clock. Returns [count, ms left].
const COUNT_SCRIPT = `
local total = redis.call('INCRBY', KEYS[1], ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return {total, ttl}`;
const COUNT_SHA = createHash('sha1').update(COUNT_SCRIPT).digest('hex');

/** After Redis failed a count, how long a fail-open limiter lets calls pass before asking it again. */
const REDIS_OUT_MS = 5_000;

/** Windows kept per limiter before the ended ones are swept. */
const SWEEP_AT = 10_000;

/** The key of a request's client address (an IPv6 client's /56 subnet, as express-rate-limit advises). */
export function clientAddressKey(req: Request): string {
  return ipKeyGenerator(req.ip ?? req.socket.remoteAddress ?? 'unknown');
}

export interface RateLimiterOptions {
  redis: Redis;
  /** Names the Redis keys: `rl:<name>:<key>`. */
  name: string;
  windowMs: number;
  limit: number;
  /** Count by leases (flood ceilings on hot paths); default: every call counted in Redis, exactly. */
  leases?: boolean;
  /**
   * Fail open: while Redis does not answer, calls pass uncounted, and Redis is not asked again for
   * 5 s (told here, for a log line). Default: closed, the Redis error is thrown (a 503).
   */
  onRedisOut?: (err: Error) => void;
}

/** One call's count, as the `RateLimit` headers say it. */
export interface RateLimitInfo {
  limit: number;
  /** Calls counted in this window, this one included. */
  used: number;
  remaining: number;
  /** When the window ends. */
  resetTime: Date;
}

export interface RateDecision extends RateLimitInfo {
  allowed: boolean;
  /** Seconds until the window ends (at least 1): a refusal's `Retry-After`. */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  readonly limit: number;
  readonly windowMs: number;
  /** Counts one call of `key`; null when Redis is out and the limiter fails open (the call passes). */
  take(key: string): Promise<RateDecision | null>;
  /** Takes back a counted call (a successful sign-in when only failures count). Exact limiters only. */
  giveBack(key: string): Promise<void>;
  /** The `RateLimit` and `RateLimit-Policy` values (IETF draft 8, as express-rate-limit writes them) of a decision. */
  headers(key: string, decision: RateDecision): [rateLimit: string, policy: string];
}

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

/** As express-rate-limit names a policy: `<limit>-in-<window>`. */
function policyNameOf(limit: number, windowMs: number): string {
  const seconds = windowMs / 1000;
  const minutes = seconds / 60;
  const hours = minutes / 60;
  const days = hours / 24;
  const duration =
    seconds < 60 ? `${seconds}sec` : minutes < 60 ? `${minutes}min` : hours < 24 ? `${hours}hr${hours > 1 ? 's' : ''}` : `${days}day${days > 1 ? 's' : ''}`;
  return `"${limit}-in-${duration}"`;
}

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const { redis, windowMs, limit } = options;
  const prefix = `rl:${options.name}:`;
  const maxLease = options.leases ? Math.max(1, Math.floor(limit / 100)) : 1;
  const windowSeconds = Math.ceil(windowMs / 1000);
  const policyName = policyNameOf(limit, windowMs);
  const windows = new Map<string, Window>();
  const partitions = new Map<string, string>();
  let redisOutUntil = 0;

  async function count(key: string, size: number): Promise<[number, number]> {
    const args = [1, prefix + key, size, windowMs] as const;
    try {
      return (await redis.evalsha(COUNT_SHA, ...args)) as [number, number];
    } catch (err) {
      if (!String((err as Error).message).includes('NOSCRIPT')) throw err;
      return (await redis.eval(COUNT_SCRIPT, ...args)) as [number, number];
    }
  }

  async function lease(key: string, window: Window): Promise<void> {
    const size = window.leaseSize;
    const [total, ttl] = await count(key, size);
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

  /** Takes one call from the key's allowance; whether it was allowed, with the window after it. */
  async function takeFromWindow(key: string): Promise<{ allowed: boolean; window: Window }> {
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

  return {
    limit,
    windowMs,
    async take(key) {
      if (options.onRedisOut && Date.now() < redisOutUntil) return null;
      let taken: Awaited<ReturnType<typeof takeFromWindow>>;
      try {
        taken = await takeFromWindow(key);
      } catch (err) {
        if (!options.onRedisOut) throw err;
        if (Date.now() >= redisOutUntil) options.onRedisOut(err as Error);
        redisOutUntil = Date.now() + REDIS_OUT_MS;
        return null;
      }
      const { allowed, window } = taken;
      const msLeft = Math.max(0, window.endsAt - Date.now());
      const used = window.counted - window.leased;
      return {
        allowed,
        limit,
        used,
        remaining: Math.max(0, limit - used),
        resetTime: new Date(window.endsAt),
        retryAfterSeconds: Math.max(1, Math.ceil(msLeft / 1000)),
      };
    },
    async giveBack(key) {
      if (options.leases) throw new Error('giveBack: a leasing limiter counts no single call');
      const window = windows.get(key);
      if (window) {
        window.counted -= 1;
        window.spent = false;
      }
      await redis.decr(prefix + key);
    },
    headers(key, decision) {
      const resetSeconds = Math.max(0, Math.ceil((decision.resetTime.getTime() - Date.now()) / 1000));
      return [
        `${policyName}; r=${decision.remaining}; t=${resetSeconds}`,
        `${policyName}; q=${limit}; w=${windowSeconds}; pk=:${partitionOf(key)}:`,
      ];
    },
  };
}

export interface RateLimitOptions extends RateLimiterOptions {
  /** The refusal's message, or a function of the seconds until a retry may succeed. */
  message: string | ((retryAfterSeconds: number) => string);
  /** The key a call counts under (default: its client address); undefined: not counted by this limiter. */
  key?: (req: Request) => string | undefined;
  /** Count only answers of 400 and above (failed sign-ins), so successful attempts never use up the limit. */
  countOnlyFailures?: boolean;
  /** Where the request keeps this limiter's count (`used`, `remaining`…): `rateLimit` unless named, so several limiters' counts can be read. */
  requestPropertyName?: string;
}

/**
 * A limiter as express middleware. Every counted answer carries `RateLimit` and `RateLimit-Policy`
 * (IETF draft 8, appended when several limiters count one call); a refusal answers 429 with
 * `Retry-After` (seconds until the window ends) and a JSON message a person can act on.
 */
export function rateLimit(options: RateLimitOptions): RequestHandler {
  const limiter = createRateLimiter(options);
  const keyOf = options.key ?? clientAddressKey;
  const property = options.requestPropertyName ?? 'rateLimit';
  const { message, countOnlyFailures } = options;
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const key = keyOf(req);
    if (key === undefined) return next();
    let decision: RateDecision | null;
    try {
      decision = await limiter.take(key);
    } catch (err) {
      return next(err);
    }
    if (!decision) return next();
    (req as unknown as Record<string, RateLimitInfo>)[property] = decision;
    const [rateLimitHeader, policyHeader] = limiter.headers(key, decision);
    res.append('RateLimit', rateLimitHeader);
    res.append('RateLimit-Policy', policyHeader);
    if (!decision.allowed) {
      res.setHeader('Retry-After', String(decision.retryAfterSeconds));
      res.status(429).json({ message: typeof message === 'function' ? message(decision.retryAfterSeconds) : message });
      return;
    }
    if (countOnlyFailures) {
      res.once('finish', () => {
        if (res.statusCode < 400) limiter.giveBack(key).catch(() => undefined);
      });
    }
    next();
  };
}

/** The counted calls a request's limiter kept in `property` (see `requestPropertyName`). */
export function rateLimitInfoOf(req: Request, property = 'rateLimit'): RateLimitInfo | undefined {
  return (req as unknown as Record<string, RateLimitInfo | undefined>)[property];
}

/** Counts one call of `key` outside HTTP (a socket's message): throws 429 with `message` when refused. */
export async function takeAllowance(limiter: RateLimiter, key: string, message: string): Promise<void> {
  const decision = await limiter.take(key);
  if (decision && !decision.allowed) throw tooManyRequests(message, decision.retryAfterSeconds);
}
