import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { MESSAGE_RATE_LIMITED } from '@quad/contracts';
import { tooManyRequests } from '@quad/common';
import type { ChatContext } from './context';

/**
 * A per-sender limit on messages, counted in Redis (one script call per message) so every replica
 * and both ways in (REST and the socket) share it. rate-limiter-flexible's window starts at a
 * sender's first message, so a burst cannot straddle two fixed windows and send twice the limit.
 * Beyond it: 429 with the seconds until the window ends. Made with the chat context, before any
 * request: the limiter defines its script command on the shared auto-pipelined client, and ioredis
 * (5.x, redis/ioredis#1931) fails a custom command defined while a pipeline of that tick is open.
 */
export function createMessageLimiter(ctx: Pick<ChatContext, 'redis' | 'namespace' | 'config'>): RateLimiterRedis {
  return new RateLimiterRedis({
    storeClient: ctx.redis,
    keyPrefix: `rl:chat-messages:${ctx.namespace}`,
    points: ctx.config.MESSAGE_RATE_LIMIT,
    duration: ctx.config.MESSAGE_RATE_WINDOW_SECONDS,
  });
}

export async function takeMessageAllowance(ctx: ChatContext, senderId: string): Promise<void> {
  try {
    await ctx.messageLimiter.consume(senderId);
  } catch (outcome) {
    if (outcome instanceof RateLimiterRes) throw tooManyRequests(MESSAGE_RATE_LIMITED, outcome.msBeforeNext / 1000);
    throw outcome;
  }
}
