import { createHash } from 'node:crypto';
import type { Request } from 'express';
import { tooManyAttemptsMessage } from '@quad/contracts';
import { redisRateLimit } from '@quad/common';
import { normaliseEmail } from '../domain/accounts';
import type { AuthDeps } from '../domain/context';

/** The account a login is aimed at, hashed so Redis keys never hold an e-mail address. */
function loginAccountKey(req: Request): string | undefined {
  const email: unknown = req.body?.email;
  if (typeof email !== 'string' || !email.trim()) return undefined;
  return createHash('sha256').update(normaliseEmail(email)).digest('hex');
}

/**
 * Limits on the calls that guess secrets or create accounts, counted in Redis so every replica
 * shares them. A whole college often reaches Quad through one public address, so per-address
 * limits are sized for a campus: sign-in counts only FAILED attempts (per address, and per target
 * account so one account cannot be guessed at from many addresses), and registrations have their
 * own, longer window sized for a campus signing up at once. Config: README, "Rate limits".
 */
export function authRateLimits({ config, redis, namespace }: AuthDeps) {
  const windowMs = config.RATE_LIMIT_WINDOW_SECONDS * 1000;
  const limiter = (
    name: string,
    limit: number,
    options: { key?: (req: Request) => string | undefined; countOnlyFailures?: boolean; windowMs?: number } = {},
  ) =>
    redisRateLimit({
      redis,
      name: `${namespace}:${name}`,
      windowMs: options.windowMs ?? windowMs,
      limit,
      message: tooManyAttemptsMessage,
      key: options.key,
      countOnlyFailures: options.countOnlyFailures,
    });
  return {
    loginPerIp: limiter('login-ip', config.RATE_LIMIT_LOGIN_PER_IP, { countOnlyFailures: true }),
    loginPerAccount: limiter('login-account', config.RATE_LIMIT_LOGIN_PER_ACCOUNT, {
      key: loginAccountKey,
      countOnlyFailures: true,
    }),
    registerPerIp: limiter('register-ip', config.RATE_LIMIT_REGISTER_PER_IP, {
      windowMs: config.RATE_LIMIT_REGISTER_WINDOW_SECONDS * 1000,
    }),
    adminPerIp: limiter('register-admin-ip', config.RATE_LIMIT_ADMIN_PER_IP, { countOnlyFailures: true }),
  };
}
