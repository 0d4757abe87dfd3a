import { Router } from 'express';
import { acceptInviteBodySchema, adminListQuerySchema, inviteAdminBodySchema, verifyTwoFactorBodySchema } from '@quad/contracts';
import { caller, parse, requireAdmin, sendAdminPage } from '@quad/common';
import { acceptInvite, describeInvite, inviteAdmin, listAdmins, removeAdmin } from '../domain/admins';
import type { AuthServiceContext } from '../domain/context';
import { verifyChallenge } from '../domain/two-factor';
import { userResponse } from '../domain/user-view';
import { authRateLimits } from './rate-limits';
import { setSessionCookie } from './session-routes';

/** Named admins: the second factor, invitations, the admins' list and removal. */
export function adminsRoutes(deps: AuthServiceContext): Router {
  const router = Router();
  const limits = authRateLimits(deps);

  /** POST /api/auth/2fa/verify {challengeToken, code} → {authToken, user, recoveryCodes}; 401 for a wrong code, 429 after five. */
  router.post('/api/auth/2fa/verify', ...limits.admin, async (req, res) => {
    const { session, user, recoveryCodes } = await verifyChallenge(deps, parse(verifyTwoFactorBodySchema, req.body), req.ip ?? null);
    setSessionCookie(res, deps.config, session);
    res.json({ authToken: session.token, user: await userResponse(deps, user), recoveryCodes });
  });

  /** GET /api/admin/admins?search=&cursor=&limit= → NamedAdmin[] newest first; X-Next-Cursor. */
  router.get('/api/admin/admins', requireAdmin, async (req, res) => {
    const { admins, nextCursor } = await listAdmins(deps, parse(adminListQuerySchema, req.query));
    sendAdminPage(res, admins, { nextCursor });
  });

  /** POST /api/admin/admins/invites {email, firstName, lastName} → 201 {email, expiresAt}; the link goes by e-mail only. */
  router.post('/api/admin/admins/invites', requireAdmin, async (req, res) => {
    const body = parse(inviteAdminBodySchema, req.body);
    res.status(201).json(await inviteAdmin(deps, caller(req).userId, body, req.ip ?? null));
  });

  /** GET /api/admin/admins/invites/:token → AdminInvite; 404 unknown, 410 used or expired. Public: the invited person has no account yet. */
  router.get('/api/admin/admins/invites/:token', async (req, res) => {
    res.json(await describeInvite(deps, String(req.params.token)));
  });

  /** POST /api/admin/admins/invites/:token/accept {password} → 201 TwoFactorChallenge (with the authenticator to set up). */
  router.post('/api/admin/admins/invites/:token/accept', ...limits.admin, async (req, res) => {
    const body = parse(acceptInviteBodySchema, req.body);
    res.status(201).json(await acceptInvite(deps, String(req.params.token), body, req.ip ?? null));
  });

  /** DELETE /api/admin/admins/:id → {message}; 409 for the last named admin. */
  router.delete('/api/admin/admins/:id', requireAdmin, async (req, res) => {
    await removeAdmin(deps, caller(req).userId, String(req.params.id), req.ip ?? null);
    res.json({ message: 'Admin removed' });
  });

  return router;
}
