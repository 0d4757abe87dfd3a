import type { Request, RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import type { Redis } from './redis';

/**
 * A limiter whose counts live in Redis, so every replica shares them. Answers 429 with a JSON
 * message a person can act on.
 */
export function redisRateLimit(options: {
  redis: Redis;
  name: string;
  windowMs: number;
  limit: number;
  message: string;
  key?: (req: Request) => string | undefined;
}): RequestHandler {
  const { redis, name, windowMs, limit, message } = options;
  return rateLimit({
    windowMs,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    // A request without a key for this limiter (e.g. no e-mail in the body) is not counted by it.
    skip: options.key ? (req) => !options.key!(req) : undefined,
    // Without a key function the library's own IP key (IPv6-subnet aware) is used.
    ...(options.key ? { keyGenerator: (req: Request) => options.key!(req)! } : {}),
    store: new RedisStore({
      prefix: `rl:${name}:`,
      sendCommand: (command: string, ...args: string[]) => redis.call(command, ...args) as Promise<RedisReply>,
    }),
    handler: (_req, res) => {
      res.status(429).json({ message });
    },
  });
}
