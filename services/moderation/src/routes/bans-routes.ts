import type { Router } from 'express';
import { adminBansQuerySchema, banUserBodySchema } from '@quad/contracts';
import { caller, parse, requireAdmin, sendAdminPage } from '@quad/common';
import { banUser, listBannedUsers, unbanUser } from '../domain/bans';
import type { ModerationContext } from '../domain/context';

export function mountBansRoutes(router: Router, ctx: ModerationContext): void {
  /** POST /api/admin/ban-user {userId, reason, banDuration (hours)} → 201 BannedUser. */
  router.post('/api/admin/ban-user', requireAdmin, async (req, res) => {
    const body = parse(banUserBodySchema, req.body);
    res.status(201).json(await banUser(ctx, caller(req), body));
  });

  /** DELETE /api/admin/unban-user/:userId → {message}. */
  router.delete('/api/admin/unban-user/:userId', requireAdmin, async (req, res) => {
    await unbanUser(ctx, caller(req), String(req.params.userId));
    res.json({ message: 'User unbanned' });
  });

  /** GET /api/admin/banned-users?search=&cursor=&limit= → BannedUser[] (bans in force, newest first, each with its appeal); X-Next-Cursor, X-Total-Count. */
  router.get('/api/admin/banned-users', requireAdmin, async (req, res) => {
    const { bans, nextCursor, total } = await listBannedUsers(ctx, parse(adminBansQuerySchema, req.query));
    sendAdminPage(res, bans, { nextCursor, total });
  });
}
