import type { Request, RequestHandler } from 'express';
import { type RateLimitInfo, ipKeyGenerator, rateLimit } from 'express-rate-limit';

export type { RateLimitInfo };
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import type { Redis } from './redis';

/** The key of a request's client address (an IPv6 client's /56 subnet, as the library advises). */
export function clientAddressKey(req: Request): string {
  return ipKeyGenerator(req.ip ?? req.socket.remoteAddress ?? 'unknown');
}

/**
 * A limiter whose counts live in Redis, so every replica shares them. Counts per client address
 * unless `key` says otherwise (a request for which `key` answers undefined is not counted by this
 * limiter). A refusal answers 429 with `Retry-After` (seconds until the window ends) and a JSON
 * message a person can act on; `RateLimit`/`RateLimit-Policy` headers (IETF draft 8) go with
 * every counted answer.
 */
export function redisRateLimit(options: {
  redis: Redis;
  name: string;
  windowMs: number;
  limit: number;
  /** The refusal's message, or a function of the seconds until a retry may succeed. */
  message: string | ((retryAfterSeconds: number) => string);
  key?: (req: Request) => string | undefined;
  /** Count only answers of 400 and above (failed sign-ins), so successful attempts never use up the limit. */
  countOnlyFailures?: boolean;
  /** Where the request keeps this limiter's count (`used`, `remaining`…): `rateLimit` unless named, so several limiters' counts can be read. */
  requestPropertyName?: string;
}): RequestHandler {
  const { redis, name, windowMs, limit, message } = options;
  return rateLimit({
    windowMs,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    skipSuccessfulRequests: options.countOnlyFailures ?? false,
    requestPropertyName: options.requestPropertyName ?? 'rateLimit',
    skip: options.key ? (req) => !options.key!(req) : undefined,
    // Without a key function the library's own address key (IPv6-subnet aware, as clientAddressKey).
    ...(options.key ? { keyGenerator: (req: Request) => options.key!(req)! } : {}),
    store: new RedisStore({
      prefix: `rl:${name}:`,
      sendCommand: (command: string, ...args: string[]) => redis.call(command, ...args) as Promise<RedisReply>,
    }),
    handler: (req, res) => {
      const info = (req as unknown as Record<string, RateLimitInfo | undefined>)[options.requestPropertyName ?? 'rateLimit'];
      const resetTime = info?.resetTime?.getTime() ?? Date.now() + windowMs;
      const retryAfterSeconds = Math.max(1, Math.ceil((resetTime - Date.now()) / 1000));
      res.set('Retry-After', String(retryAfterSeconds));
      res.status(429).json({ message: typeof message === 'function' ? message(retryAfterSeconds) : message });
    },
  });
}
