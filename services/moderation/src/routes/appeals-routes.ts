import type { Router } from 'express';
import { adminAppealsQuerySchema, createAppealBodySchema, decideAppealBodySchema } from '@quad/contracts';
import { caller, parse, requireAdmin, requireAuth, sendAdminPage } from '@quad/common';
import { decideAppeal, listAppeals, myAppeal, submitAppeal } from '../domain/appeals';
import type { ModerationContext } from '../domain/context';

/** The student's side is reached while banned (app.ts lets /api/appeals through the ban check). */
export function mountAppealsRoutes(router: Router, ctx: ModerationContext): void {
  /** POST /api/appeals {message} → 201 Appeal; one per ban (409 for a second). */
  router.post('/api/appeals', requireAuth, async (req, res) => {
    const body = parse(createAppealBodySchema, req.body);
    res.status(201).json(await submitAppeal(ctx, caller(req), body));
  });

  /** GET /api/appeals/mine → {suspension, appeal}: what the suspension screen shows. */
  router.get('/api/appeals/mine', requireAuth, async (req, res) => {
    res.json(await myAppeal(ctx, caller(req).userId));
  });

  /** GET /api/admin/appeals?status=pending|accepted|declined&search=&cursor=&limit= → AdminAppeal[]; X-Next-Cursor, X-Total-Count. */
  router.get('/api/admin/appeals', requireAdmin, async (req, res) => {
    const { appeals, nextCursor, total } = await listAppeals(ctx, parse(adminAppealsQuerySchema, req.query));
    sendAdminPage(res, appeals, { nextCursor, total });
  });

  /** POST /api/admin/appeals/:id/decide {decision, response?} → Appeal. Accepting lifts the ban. */
  router.post('/api/admin/appeals/:id/decide', requireAdmin, async (req, res) => {
    const body = parse(decideAppealBodySchema, req.body);
    res.json(await decideAppeal(ctx, caller(req), String(req.params.id), body));
  });
}
