import type { Router } from 'express';
import { manualSubscriptionBodySchema } from '@quad/contracts';
import { caller, parse, requireAdmin, requireAuth } from '@quad/common';
import type { CommerceContext } from '../domain/context';
import {
  cancelSubscription,
  createSubscription,
  grantManualSubscription,
  subscriptionHistory,
  subscriptionStatus,
} from '../domain/subscriptions';

/**
 * A student's own subscription: status, history, cancel, and the card path (mock mode only).
 * Signed in is enough: these pages are how a lapsed student gets back in, so they are never gated.
 */
export function mountSubscriptionRoutes(router: Router, ctx: CommerceContext): void {
  /** GET /api/subscription-status → {isActive, expiresAt, cancelledAt, pendingPayment}. */
  router.get('/api/subscription-status', requireAuth, async (req, res) => {
    res.json(await subscriptionStatus(ctx, caller(req)));
  });

  /** GET /api/subscription-status/history → the caller's own payments, decisions and grants, newest first. */
  router.get('/api/subscription-status/history', requireAuth, async (req, res) => {
    res.json(await subscriptionHistory(ctx, caller(req)));
  });

  /** POST /api/cancel-subscription (no body) → {message, status}; access continues until the expiry. */
  router.post('/api/cancel-subscription', requireAuth, async (req, res) => {
    res.json(await cancelSubscription(ctx, caller(req)));
  });

  /** POST /api/create-subscription → {mockPayment, message, subscriptionExpiresAt}. */
  router.post('/api/create-subscription', requireAuth, async (req, res) => {
    res.json(await createSubscription(ctx, caller(req)));
  });

  /** POST /api/admin/manual-subscription {userEmail, months} → the new expiry (admins only). */
  router.post('/api/admin/manual-subscription', requireAdmin, async (req, res) => {
    const body = parse(manualSubscriptionBodySchema, req.body);
    res.json(await grantManualSubscription(ctx, caller(req).userId, body));
  });
}
