import { createHash } from 'node:crypto';
import type { Request } from 'express';
import { AUTH_MESSAGES } from '@quad/contracts';
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
 * shares them: per client IP (the gateway forwards it), and for login also per target account,
 * so one address cannot be guessed at from many IPs.
 */
export function authRateLimits({ config, redis, namespace }: AuthDeps) {
  const windowMs = config.RATE_LIMIT_WINDOW_SECONDS * 1000;
  const limiter = (name: string, limit: number, key?: (req: Request) => string | undefined) =>
    redisRateLimit({
      redis,
      name: `${namespace}:${name}`,
      windowMs,
      limit,
      message: AUTH_MESSAGES.tooManyAttempts,
      key,
    });
  return {
    loginPerIp: limiter('login-ip', config.RATE_LIMIT_LOGIN_PER_IP),
    loginPerAccount: limiter('login-account', config.RATE_LIMIT_LOGIN_PER_ACCOUNT, loginAccountKey),
    registerPerIp: limiter('register-ip', config.RATE_LIMIT_REGISTER_PER_IP),
    adminPerIp: limiter('register-admin-ip', config.RATE_LIMIT_ADMIN_PER_IP),
  };
}
