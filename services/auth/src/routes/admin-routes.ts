import { Router } from 'express';
import { changeCollegeBodySchema } from '@quad/contracts';
import { caller, parse, requireAdmin } from '@quad/common';
import { changeCollege, listUsers } from '../domain/admin';
import type { AuthDeps } from '../domain/context';

/** The admin panel's user table and change-college form; admins only. */
export function adminRoutes(deps: AuthDeps): Router {
  const router = Router();

  router.get('/api/admin/users', requireAdmin, async (_req, res) => {
    res.json(await listUsers(deps));
  });

  router.post('/api/admin/change-college', requireAdmin, async (req, res) => {
    const body = parse(changeCollegeBodySchema, req.body);
    res.json(await changeCollege(deps, caller(req).userId, body, req.ip ?? null));
  });

  return router;
}
