import type { Router } from 'express';
import { auditLogQuerySchema, revealBodySchema } from '@quad/contracts';
import { caller, parse, requireAdmin } from '@quad/common';
import { listAuditLog } from '../domain/audit';
import type { ModerationContext } from '../domain/context';
import { revealAuthor } from '../domain/reveal';

export function mountAdminRoutes(router: Router, ctx: ModerationContext): void {
  /** POST /api/admin/reveal {type, contentId, reason} → {type, contentId, author}; the reason is required and audit-logged. */
  router.post('/api/admin/reveal', requireAdmin, async (req, res) => {
    const body = parse(revealBodySchema, req.body);
    res.json(await revealAuthor(ctx, caller(req), body));
  });

  /** GET /api/admin/audit-log?limit=&before= → AuditEntry[] newest first, from every service. */
  router.get('/api/admin/audit-log', requireAdmin, async (req, res) => {
    res.json(await listAuditLog(ctx, parse(auditLogQuerySchema, req.query)));
  });
}
