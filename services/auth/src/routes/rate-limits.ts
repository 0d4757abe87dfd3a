import { createHash } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { tooManyAttemptsMessage } from '@quad/contracts';
import { clientAddressKey, rateLimit, rateLimitInfoOf } from '@quad/common';
import { normaliseEmail } from '../domain/accounts';
import type { AuthServiceContext } from '../domain/context';

/** The account a login is aimed at, hashed so Redis keys never hold an e-mail address. */
function loginAccountKey(req: Request): string | undefined {
  const email: unknown = req.body?.email;
  if (typeof email !== 'string' || !email.trim()) return undefined;
  return createHash('sha256').update(normaliseEmail(email)).digest('hex');
}

/** The address and the account a login is aimed at, together. */
function loginAddressAndAccountKey(req: Request): string | undefined {
  const account = loginAccountKey(req);
  return account ? `${clientAddressKey(req)}:${account}` : undefined;
}

/**
 * Holds a request for a time that grows with the failures counted before it (by the limiter whose
 * count is in `req[property]`): none for the first `freeFailures`, then `baseMs`, doubling, at most
 * `maxMs`. Guessing slows down while the right answer still gets through.
 */
function growingDelay(property: string, freeFailures: number, baseMs: number, maxMs: number): RequestHandler {
  return (req, _res, next) => {
    const counted = rateLimitInfoOf(req, property)?.used ?? 0;
    // The count includes this attempt, taken back later if it succeeds.
    const excess = counted - 1 - freeFailures;
    if (excess < 0) return next();
    setTimeout(next, Math.min(baseMs * 2 ** excess, maxMs));
  };
}

/**
 * Limits on the calls that guess secrets or create accounts, counted in Redis so every replica
 * shares them. A whole college often reaches Quad through one public address, so per-address
 * limits are sized for a campus: sign-in counts only FAILED attempts (per address, and per target
 * account so one account cannot be guessed at from many addresses), and registrations have their
 * own, longer window sized for a campus signing up at once. Config: README, "Rate limits".
 */
export function authRateLimits({ config, redis, namespace }: AuthServiceContext) {
  const windowMs = config.RATE_LIMIT_WINDOW_SECONDS * 1000;
  const limiter = (
    name: string,
    limit: number,
    options: { key?: (req: Request) => string | undefined; countOnlyFailures?: boolean; windowMs?: number; requestPropertyName?: string } = {},
  ) =>
    rateLimit({
      redis,
      name: `${namespace}:${name}`,
      windowMs: options.windowMs ?? windowMs,
      limit,
      message: tooManyAttemptsMessage,
      key: options.key,
      countOnlyFailures: options.countOnlyFailures,
      requestPropertyName: options.requestPropertyName,
    });
  const delay = (property: string, freeFailures: number) =>
    growingDelay(property, freeFailures, config.LOGIN_DELAY_BASE_MS, config.LOGIN_DELAY_MAX_MS);
  return {
    /** Sign-in, in this order: the address's failures, the address's failures at this account (both refuse), then the account's failures from anywhere (slow down only). */
    login: [
      limiter('login-ip', config.RATE_LIMIT_LOGIN_PER_IP, { countOnlyFailures: true }),
      limiter('login-address-account', config.RATE_LIMIT_LOGIN_PER_ADDRESS_AND_ACCOUNT, {
        key: loginAddressAndAccountKey,
        countOnlyFailures: true,
      }),
      limiter('login-account', Number.MAX_SAFE_INTEGER, {
        key: loginAccountKey,
        countOnlyFailures: true,
        requestPropertyName: 'loginAccountFailures',
      }),
      delay('loginAccountFailures', config.RATE_LIMIT_LOGIN_PER_ACCOUNT),
    ],
    registerPerIp: limiter('register-ip', config.RATE_LIMIT_REGISTER_PER_IP, {
      windowMs: config.RATE_LIMIT_REGISTER_WINDOW_SECONDS * 1000,
    }),
    /** The admin password: an address's failures slow it down, and only ten times as many refuse it. */
    admin: [
      limiter('register-admin-ip', config.RATE_LIMIT_ADMIN_PER_IP * 10, { countOnlyFailures: true }),
      delay('rateLimit', config.RATE_LIMIT_ADMIN_PER_IP),
    ],
  };
}
