import { Router } from 'express';
import { ACCOUNT_MESSAGES, AUTH_COOKIE, deleteAccountBodySchema } from '@quad/contracts';
import { caller, parse, requireAuth } from '@quad/common';
import { deleteAccount } from '../domain/account-deletion';
import type { AuthDeps } from '../domain/context';

/** The student's own account: deleting it (the export is assembled by account-export-routes.ts). */
export function accountRoutes(deps: AuthDeps): Router {
  const router = Router();

  /** DELETE /api/account {password, confirmation: 'DELETE'} → the account is gone, the session with it. */
  router.delete('/api/account', requireAuth, async (req, res) => {
    await deleteAccount(deps, caller(req), parse(deleteAccountBodySchema, req.body));
    res.clearCookie(AUTH_COOKIE, { httpOnly: true, sameSite: 'lax', secure: deps.config.COOKIE_SECURE, path: '/' });
    res.json({ message: ACCOUNT_MESSAGES.deleted });
  });

  return router;
}
