import { type Response, Router } from 'express';
import { AUTH_COOKIE, loginBodySchema, registerAdminBodySchema, registerBodySchema } from '@quad/contracts';
import { authenticate, caller, parse, requireAuth, tokenFrom, unauthorized } from '@quad/common';
import type { Config } from '../config';
import { login, registerStudent } from '../domain/accounts';
import { openBootstrapSession } from '../domain/admins';
import type { AuthServiceContext } from '../domain/context';
import { sessionUser } from '../domain/profiles';
import { type Session, describeSession, endSession } from '../domain/sessions';
import { needsSecondFactor, startChallenge } from '../domain/two-factor';
import { authRateLimits } from './rate-limits';

const cookieOptions = (config: Config) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: config.COOKIE_SECURE,
  path: '/',
});

/** The same token as the response body, as an httpOnly cookie, so a page load to /api/logout can end it. */
export function setSessionCookie(res: Response, config: Config, session: Session): void {
  res.cookie(AUTH_COOKIE, session.token, { ...cookieOptions(config), expires: session.expiresAt });
}

/**
 * POST /api/logout: a full-page form post, so it answers with a redirect (303: the browser then
 * loads /auth). A POST, so another site cannot sign a student out with a link or an image, and the
 * session cookie only signs it from Quad's own pages (authenticate checks the Origin). Mounted
 * before the app-wide authentication because a suspended student must still be able to sign out.
 */
export function logoutRoutes(deps: AuthServiceContext): Router {
  const router = Router();
  const publicKey = deps.config.JWT_PUBLIC_KEY;
  router.post(
    '/api/logout',
    authenticate({ publicKey, redis: deps.redis, enforceBan: false }),
    async (req, res) => {
      await endSession(deps, publicKey, req.auth, [req.cookies?.[AUTH_COOKIE]]);
      res.clearCookie(AUTH_COOKIE, cookieOptions(deps.config));
      res.redirect(303, '/auth');
    },
  );
  return router;
}

/** Sign-up, sign-in, the anonymous admin path, the current user and the debug view of a session. */
export function sessionRoutes(deps: AuthServiceContext): Router {
  const router = Router();
  const limits = authRateLimits(deps);

  router.post('/api/register', limits.registerPerIp, async (req, res) => {
    const { session, user } = await registerStudent(deps, parse(registerBodySchema, req.body));
    setSessionCookie(res, deps.config, session);
    res.status(201).json({ authToken: session.token, user });
  });

  router.post('/api/login', ...limits.login, async (req, res) => {
    const { session, user } = await login(deps, parse(loginBodySchema, req.body));
    // A named admin's password alone opens nothing: the token made above is dropped unsent and
    // the answer is a second-factor challenge (domain/two-factor.ts).
    if (needsSecondFactor(user)) {
      const account = await deps.users.find(user.id);
      if (!account) throw unauthorized();
      return void res.json(await startChallenge(deps, account));
    }
    setSessionCookie(res, deps.config, session);
    res.json({ authToken: session.token, user });
  });

  router.post('/api/register-admin', ...limits.admin, async (req, res) => {
    const { session, user } = await openBootstrapSession(deps, parse(registerAdminBodySchema, req.body), req.ip ?? null);
    setSessionCookie(res, deps.config, session);
    res.status(201).json({ adminToken: session.token, user });
  });

  router.get('/api/auth/user', requireAuth, async (req, res) => {
    const user = await sessionUser(deps, caller(req).userId);
    // A valid token whose account is gone is a signed-out visitor, not a server error.
    if (!user) throw unauthorized();
    res.json(user);
  });

  router.get('/api/debug/session', (req, res) => {
    const presented = tokenFrom(req)?.source ?? 'none';
    res.json(describeSession(req.auth, presented, Object.keys(req.cookies ?? {})));
  });

  return router;
}
