import { Router } from 'express';
import { adminUsersQuerySchema, changeCollegeBodySchema } from '@quad/contracts';
import { caller, parse, requireAdmin, sendAdminPage } from '@quad/common';
import { changeCollege, listUsers } from '../domain/admin';
import type { AuthServiceContext } from '../domain/context';

/** The admin panel's user table and change-college form; admins only. */
export function adminRoutes(deps: AuthServiceContext): Router {
  const router = Router();

  /** GET /api/admin/users?search=&college=&subscription=&banned=&role=&sort=&cursor=&limit= → AdminUser[] (X-Next-Cursor, X-Total-Count). */
  router.get('/api/admin/users', requireAdmin, async (req, res) => {
    const { users, nextCursor, total } = await listUsers(deps, parse(adminUsersQuerySchema, req.query));
    sendAdminPage(res, users, { nextCursor, total });
  });

  router.post('/api/admin/change-college', requireAdmin, async (req, res) => {
    const body = parse(changeCollegeBodySchema, req.body);
    res.json(await changeCollege(deps, caller(req).userId, body, req.ip ?? null));
  });

  return router;
}
