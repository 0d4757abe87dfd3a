import type { Router } from 'express';
import { adminPaymentsQuerySchema, paymentSubmitBodySchema, updatePaymentBodySchema } from '@quad/contracts';
import { caller, parse, requireAdmin, requireAuth, sendAdminPage } from '@quad/common';
import type { CommerceContext } from '../domain/context';
import { decidePayment, listPaymentRequests, submitPayment } from '../domain/payments';

export function mountPaymentRoutes(router: Router, ctx: CommerceContext): void {
  /** POST /api/payments/submit {venmoUsername, notes, amount:'10'} → 201 {message, request}; 409 while one is pending. */
  router.post('/api/payments/submit', requireAuth, async (req, res) => {
    const body = parse(paymentSubmitBodySchema, req.body);
    res.status(201).json(await submitPayment(ctx, caller(req).userId, body));
  });

  /**
   * GET /api/admin/payment-requests?status=&search=&from=&to=&cursor=&limit= → pending requests
   * (oldest first), then decided ones (newest first); X-Next-Cursor, X-Total-Count.
   */
  router.get('/api/admin/payment-requests', requireAdmin, async (req, res) => {
    const { requests, nextCursor, total } = await listPaymentRequests(ctx, parse(adminPaymentsQuerySchema, req.query));
    sendAdminPage(res, requests, { nextCursor, total });
  });

  /** POST /api/admin/update-payment {id, status, userId} → {request, subscriptionExpiresAt}; pending requests only. */
  router.post('/api/admin/update-payment', requireAdmin, async (req, res) => {
    const body = parse(updatePaymentBodySchema, req.body);
    res.json(await decidePayment(ctx, caller(req).userId, body));
  });
}
