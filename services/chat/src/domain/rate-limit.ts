import { MESSAGE_RATE_LIMITED } from '@quad/contracts';
import { tooManyRequests } from '@quad/common';
import type { ChatContext } from './context';

/**
 * A per-sender limit on messages, counted in Redis so every replica and both ways in (REST and
 * the socket) share it: a fixed window, one INCR per message, and EXPIRE on the window's first
 * hit only. Beyond it: 429.
 */
export async function takeMessageAllowance(ctx: ChatContext, senderId: string): Promise<void> {
  const windowSeconds = ctx.config.MESSAGE_RATE_WINDOW_SECONDS;
  const nowSeconds = Date.now() / 1000;
  const window = Math.floor(nowSeconds / windowSeconds);
  const key = `rl:chat-messages:${ctx.namespace}:${senderId}:${window}`;
  const count = await ctx.redis.incr(key);
  if (count === 1) await ctx.redis.expire(key, windowSeconds + 1);
  if (count > ctx.config.MESSAGE_RATE_LIMIT) {
    throw tooManyRequests(MESSAGE_RATE_LIMITED, (window + 1) * windowSeconds - nowSeconds);
  }
}
