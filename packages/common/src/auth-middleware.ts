import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AUTH_COOKIE } from '@quad/contracts';
import { isPublicOperation } from '@quad/contracts/src/public-operations';
import { HttpError, forbidden, serviceUnavailable, unauthorized } from './errors';
import { guardedStateRestored, restoredMarkKeys } from './guarded-state';
import { type AuthContext, verifyAccessToken } from './jwt';
import { type BanRecord, type Redis, parseBan, redisKeys } from './redis';
import type { DirectoryEntry, UserDirectory } from './user-directory';

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by `authenticate` when the request carries a valid, not revoked token. */
    auth?: AuthContext;
    /**
     * The caller's directory entry, read by `authenticate` (given the service's `directory`) beside
     * the token's checks; for `callerEntryOf`, only once `auth` is set.
     */
    callerEntry?: Promise<DirectoryEntry | null>;
  }
}

export const DEFAULT_BAN_REASON = 'Violation of community guidelines';

/**
 * A student's data download (issue 25) is assembled by auth from each owning service's own answer,
 * never by reading another service's database: every service that holds something the student
 * made answers this internal path with its records of the caller and the object keys of their
 * images. It is not under /api, so the gateway never routes it: only services inside reach it,
 * and each answers for the user whose own token the request carries (verified as every call is).
 */
export const ACCOUNT_EXPORT_PATH = '/internal/account-export';

/**
 * What a suspended student's token still opens in every service: their own data download, the
 * public route (auth's) and each service's internal part of it. (Their appeal and sign-out are let
 * through where those are mounted: moderation's appeal paths, auth's logout.)
 */
export function readableWhileBanned(path: string): boolean {
  return path === '/api/account/export' || path === ACCOUNT_EXPORT_PATH;
}

/** The bearer token, else the session cookie. */
export function tokenFrom(req: Request): { token: string; source: 'bearer' | 'cookie' } | null {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const token = header.slice(7).trim();
    if (token && token !== 'null' && token !== 'undefined') return { token, source: 'bearer' };
  }
  const cookie = (req as Request & { cookies?: Record<string, string> }).cookies?.[AUTH_COOKIE];
  return cookie ? { token: cookie, source: 'cookie' } : null;
}

export const CROSS_SITE_MESSAGE = 'This request did not come from Quad’s own pages.';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a request comes from a page of the site it is sent to: its Origin (or, where a browser
 * sends none, its Referer) names the host the request is addressed to. A browser attaches the
 * session cookie to another site's form posts too, so a write the cookie signs must pass this
 * (the bearer token, which another site cannot set, needs no such check).
 */
function fromOwnPage(req: Request): boolean {
  const source = req.headers.origin ?? req.headers.referer;
  if (!source || source === 'null') return false;
  // Behind the gateway the host the browser addressed is in X-Forwarded-Host (the first proxy's).
  const forwardedHost = req.headers['x-forwarded-host'];
  const host = (Array.isArray(forwardedHost) ? forwardedHost[0] : forwardedHost)?.split(',')[0]?.trim() || req.headers.host;
  try {
    return new URL(source).host === host;
  } catch {
    return false;
  }
}

export interface AuthenticateOptions {
  publicKey: string;
  redis: Redis;
  /** Answer 403 'Account suspended' for banned users (true everywhere except the auth calls that must work while banned, such as logout). */
  enforceBan?: boolean;
  /**
   * The service's directory copy: the caller's entry is then read as the token's checks are, so
   * both leave in one Redis round trip instead of one after the other (the subscription check and
   * the viewer read it through `callerEntryOf`).
   */
  directory?: Pick<UserDirectory, 'get'>;
}

/** What Redis says of a verified token: revoked (signed out), and the user's ban if they are banned. */
export interface AccessState {
  revoked: boolean;
  ban: BanRecord | null;
  /** An admin's token whose holder was removed as admin: it no longer says admin. */
  adminRevoked: boolean;
}

/**
 * The deny-list and the ban of a verified token, in one Redis command (this runs on every call),
 * with the marks that say both were restored into this Redis server. Fails closed: a Redis that
 * does not answer, or that lost them and has not had them restored yet, is a 503, never a pass.
 */
export async function accessState(redis: Redis, auth: AuthContext, options: { ban: boolean }): Promise<AccessState> {
  let values: Array<string | null>;
  try {
    values = await redis.mget(
      ...restoredMarkKeys,
      redisKeys.deniedToken(auth.jti),
      redisKeys.ban(auth.userId),
      redisKeys.accountDeleted(auth.userId),
      ...(auth.isAdmin ? [redisKeys.adminRevoked(auth.userId)] : []),
    );
  } catch {
    throw serviceUnavailable('Sign-in checks are unavailable right now. Please try again in a moment.');
  }
  const marks = values.slice(0, restoredMarkKeys.length);
  const [denied, rawBan, accountDeleted, adminRevoked] = values.slice(restoredMarkKeys.length);
  if (!(await guardedStateRestored(redis, marks).catch(() => false))) {
    throw serviceUnavailable('Sign-in checks are being restored. Please try again in a moment.');
  }
  // A deleted account's tokens are revoked, every one of them (auth sets the key as it deletes).
  return { revoked: denied != null || accountDeleted != null, ban: options.ban ? parseBan(rawBan ?? null) : null, adminRevoked: adminRevoked != null };
}

/**
 * The one token check, for HTTP calls (`authenticate`) and the chat socket's handshake alike:
 * verifies the token itself with the public key (no service trusts a forwarded header), then reads
 * the deny-list, the account-deleted key, an admin's removal and the ban from Redis. Answers the
 * caller, or null for a token that is not valid or no longer counts (signed out, account deleted).
 * Throws 403 'Account suspended' (with the ban's reason and end) for a banned user unless
 * `enforceBan` is false, and 503 when Redis cannot say (fails closed).
 */
export async function authenticateToken(
  token: string,
  { publicKey, redis, enforceBan = true }: AuthenticateOptions,
): Promise<AuthContext | null> {
  const auth = verifyAccessToken(publicKey, token);
  if (!auth) return null;
  const { revoked, ban, adminRevoked } = await accessState(redis, auth, { ban: enforceBan });
  if (revoked) return null;
  if (adminRevoked) auth.isAdmin = false;
  if (ban) throw new HttpError(403, 'Account suspended', { reason: ban.reason || DEFAULT_BAN_REASON, expiresAt: ban.expiresAt });
  return auth;
}

/**
 * Sets `req.auth` from the request's token (`authenticateToken`); anonymous requests pass through
 * with it unset.
 */
export function authenticate(options: AuthenticateOptions): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction) => {
    try {
      const found = tokenFrom(req);
      if (!found) return next();
      if (found.source === 'cookie' && !SAFE_METHODS.has(req.method) && !fromOwnPage(req)) throw forbidden(CROSS_SITE_MESSAGE);
      let auth: AuthContext | null;
      const claims = options.directory ? verifyAccessToken(options.publicKey, found.token) : null;
      if (claims && options.directory) {
        // Not awaited here: it shares the checks' round trip, and counts only once they pass.
        const entry = options.directory.get(claims.userId);
        entry.catch(() => undefined);
        req.callerEntry = entry;
      }
      try {
        const exempt = options.enforceBan !== false && readableWhileBanned(req.path);
        auth = await authenticateToken(found.token, exempt ? { ...options, enforceBan: false } : options);
      } catch (err) {
        // On the calls anyone may make (sign-in, registration, the college list) a suspended
        // account's token counts for nothing, and while the checks are out the caller is a visitor
        // there too: a suspension never stops signing in to another account or registering.
        if (isPublicCall(req)) return next();
        throw err;
      }
      if (auth) req.auth = auth;
      next();
    } catch (err) {
      next(err);
    }
  };
}

function isPublicCall(req: Request): boolean {
  return isPublicOperation(req.method, req.originalUrl.split('?')[0]!);
}

export const requireAuth: RequestHandler = (req, _res, next) => {
  next(req.auth ? undefined : unauthorized());
};

export const requireAdmin: RequestHandler = (req, _res, next) => {
  if (!req.auth) return next(unauthorized());
  next(req.auth.isAdmin ? undefined : forbidden('Admin access required'));
};

/** The authenticated caller; for handlers mounted behind requireAuth. */
export function caller(req: Request): AuthContext {
  if (!req.auth) throw unauthorized();
  return req.auth;
}
