import type { RequestHandler, Router } from 'express';
import { MODERATION_MESSAGES, adminReportsQuerySchema, createReportBodySchema, resolveReportBodySchema } from '@quad/contracts';
import { caller, isObjectId, notFound, parse, requireAdmin, sendAdminPage } from '@quad/common';
import type { ModerationContext } from '../domain/context';
import { createReport, listMyReports, listReports, resolveReport } from '../domain/reports';

export function mountReportsRoutes(router: Router, ctx: ModerationContext, member: RequestHandler[]): void {
  /** POST /api/reports {type, contentId, reportedUserId, reason, description?} → 201 MyReport; 409 for a second open report. */
  router.post('/api/reports', ...member, async (req, res) => {
    const body = parse(createReportBodySchema, req.body);
    res.status(201).json(await createReport(ctx, caller(req), body));
  });

  /** GET /api/reports/mine → MyReport[]: the reporter's own reports and their outcome. */
  router.get('/api/reports/mine', ...member, async (req, res) => {
    res.json(await listMyReports(ctx, caller(req).userId));
  });

  /**
   * GET /api/admin/reports?status=pending|resolved|dismissed (comma list allowed)&search=&type=&from=&to=&cursor=&limit=
   * → AdminReport[] newest first; X-Next-Cursor, X-Total-Count.
   */
  router.get('/api/admin/reports', requireAdmin, async (req, res) => {
    const { reports, nextCursor, total } = await listReports(ctx, parse(adminReportsQuerySchema, req.query));
    sendAdminPage(res, reports, { nextCursor, total });
  });

  /** POST /api/admin/reports/:id/resolve {action, removeContent?} → AdminReport. */
  router.post('/api/admin/reports/:id/resolve', requireAdmin, async (req, res) => {
    const id = String(req.params.id);
    if (!isObjectId(id)) throw notFound(MODERATION_MESSAGES.reportNotFound);
    const body = parse(resolveReportBodySchema, req.body);
    res.json(await resolveReport(ctx, caller(req), id, body));
  });
}
