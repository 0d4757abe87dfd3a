import { Router } from 'express';
import { ACCOUNT_MESSAGES, AUTH_COOKIE, deleteAccountBodySchema, exportQuerySchema } from '@quad/contracts';
import { caller, parse, requireAuth } from '@quad/common';
import { deleteAccount } from '../domain/account-deletion';
import { assembleExport, exportZip } from '../domain/account-export';
import type { AuthServiceContext } from '../domain/context';

/** The student's own account: everything they made as one download, and deleting it. */
export function accountRoutes(deps: AuthServiceContext): Router {
  const router = Router();

  /** GET /api/account/export → one JSON file; ?format=zip → a zip with that file and the student's images. */
  router.get('/api/account/export', requireAuth, async (req, res) => {
    const { format } = parse(exportQuerySchema, req.query);
    const document = await assembleExport(deps, caller(req));
    const day = document.exportedAt.slice(0, 10);
    if (format === 'zip') {
      res.set('Content-Type', 'application/zip');
      res.set('Content-Disposition', `attachment; filename="quad-export-${day}.zip"`);
      exportZip(deps, document).pipe(res);
      return;
    }
    res.set('Content-Disposition', `attachment; filename="quad-export-${day}.json"`);
    res.json(document);
  });

  /** DELETE /api/account {password, confirmation: 'DELETE'} → the account is gone, the session with it. */
  router.delete('/api/account', requireAuth, async (req, res) => {
    await deleteAccount(deps, caller(req), parse(deleteAccountBodySchema, req.body));
    res.clearCookie(AUTH_COOKIE, { httpOnly: true, sameSite: 'lax', secure: deps.config.COOKIE_SECURE, path: '/' });
    res.json({ message: ACCOUNT_MESSAGES.deleted });
  });

  return router;
}
