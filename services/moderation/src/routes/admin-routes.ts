import type { Router } from 'express';
import { auditLogQuerySchema, revealBodySchema } from '@quad/contracts';
import { caller, parse, requireAdmin, sendAdminPage } from '@quad/common';
import { listAuditLog } from '../domain/audit';
import type { ModerationContext } from '../domain/context';
import { revealAuthor } from '../domain/reveal';

export function mountAdminRoutes(router: Router, ctx: ModerationContext): void {
  /** POST /api/admin/reveal {type, contentId, reason} → {type, contentId, author}; the reason is required and audit-logged. */
  router.post('/api/admin/reveal', requireAdmin, async (req, res) => {
    const body = parse(revealBodySchema, req.body);
    res.json(await revealAuthor(ctx, caller(req), body));
  });

  /**
   * GET /api/admin/audit-log?actor=&action=&target=&from=&to=&search=&limit=&cursor= → AuditEntry[]
   * newest first, from every service; X-Next-Cursor when more follow, X-Total-Count.
   */
  router.get('/api/admin/audit-log', requireAdmin, async (req, res) => {
    const { entries, nextCursor, total } = await listAuditLog(ctx, parse(auditLogQuerySchema, req.query));
    sendAdminPage(res, entries, { nextCursor, total });
  });
}
