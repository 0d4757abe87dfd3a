import type { Router } from 'express';
import { paymentSubmitBodySchema, updatePaymentBodySchema } from '@quad/contracts';
import { caller, parse, requireAdmin, requireAuth } from '@quad/common';
import type { CommerceContext } from '../domain/context';
import { decidePayment, listPaymentRequests, submitPayment } from '../domain/payments';

export function mountPaymentRoutes(router: Router, ctx: CommerceContext): void {
  /** POST /api/payments/submit {venmoUsername, notes, amount:'10'} → 201 {message, request}; 409 while one is pending. */
  router.post('/api/payments/submit', requireAuth, async (req, res) => {
    const body = parse(paymentSubmitBodySchema, req.body);
    res.status(201).json(await submitPayment(ctx, caller(req).userId, body));
  });

  /** GET /api/admin/payment-requests → pending requests (oldest first), then the latest decided ones. */
  router.get('/api/admin/payment-requests', requireAdmin, async (_req, res) => {
    res.json(await listPaymentRequests(ctx));
  });

  /** POST /api/admin/update-payment {id, status, userId} → {request, subscriptionExpiresAt}; pending requests only. */
  router.post('/api/admin/update-payment', requireAdmin, async (req, res) => {
    const body = parse(updatePaymentBodySchema, req.body);
    res.json(await decidePayment(ctx, caller(req).userId, body));
  });
}
