import { z } from 'zod';
import { COMMERCE_MESSAGES } from './commerce-messages';
import { MANUAL_SUBSCRIPTION_MONTHS, SUBSCRIPTION_PRICE_USD } from './constants';
import { isBlank } from './text';

/*
 * Subscriptions and payments (spec sections 3, 5, 7 and 8): the commerce service's bodies and
 * answers, shared by the service and the web app.
 */

export { COMMERCE_MESSAGES } from './commerce-messages';

/** GET /api/subscription-status (spec section 3: isActive, expiresAt), plus what the settings page shows. */
export const subscriptionStatusSchema = z.object({
  isActive: z.boolean(),
  expiresAt: z.string().nullable(),
  /** Cancelled: access continues until `expiresAt`, nothing renews and no reminder is sent. */
  cancelledAt: z.string().nullable(),
  /** The student's payment request waiting for an admin, if any. */
  pendingPayment: z.object({ id: z.string(), createdAt: z.string() }).nullable(),
});
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** POST /api/payments/submit {venmoUsername, notes, amount:'10'}. */
export const paymentSubmitBodySchema = z.object({
  venmoUsername: z
    .string({ error: COMMERCE_MESSAGES.venmoRequired })
    .trim()
    .refine((username) => !isBlank(username), COMMERCE_MESSAGES.venmoRequired)
    .max(100, 'Venmo username is too long.'),
  notes: z.string().trim().max(500, 'Notes must be at most 500 characters.').optional().default(''),
  amount: z.coerce
    .string({ error: COMMERCE_MESSAGES.wrongAmount })
    .refine((amount) => Number(amount) === SUBSCRIPTION_PRICE_USD, COMMERCE_MESSAGES.wrongAmount),
});
export type PaymentSubmitBody = z.input<typeof paymentSubmitBodySchema>;

export const paymentStatusSchema = z.enum(['pending', 'approved', 'rejected']);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/** A payment request as admins see it (spec section 3), and the submitter after POST /api/payments/submit. */
export const paymentRequestSchema = z.object({
  id: z.string(),
  status: paymentStatusSchema,
  user: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }),
  userEmail: z.string().nullable(),
  createdAt: z.string(),
  venmoUsername: z.string(),
  paymentNote: z.string(),
  amount: z.string(),
  decidedAt: z.string().nullable(),
  /** The admin who decided it, by name: admins only (a student's own answers carry null). */
  decidedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type PaymentRequest = z.infer<typeof paymentRequestSchema>;
/** GET /api/admin/payment-requests: every pending request (oldest first), then the latest decided ones. */
export const paymentRequestListSchema = z.array(paymentRequestSchema);

export const paymentSubmitResponseSchema = z.object({ message: z.string(), request: paymentRequestSchema });
export type PaymentSubmitResponse = z.infer<typeof paymentSubmitResponseSchema>;

/** POST /api/admin/update-payment {id, status, userId}: approve or reject a pending request. */
export const updatePaymentBodySchema = z.object({
  id: z.string({ error: COMMERCE_MESSAGES.paymentIdRequired }).trim().min(1, COMMERCE_MESSAGES.paymentIdRequired),
  status: z.enum(['approved', 'rejected'], { error: COMMERCE_MESSAGES.wrongStatus }),
  userId: z.string().trim().optional(),
});
export type UpdatePaymentBody = z.infer<typeof updatePaymentBodySchema>;

export const updatePaymentResponseSchema = z.object({
  request: paymentRequestSchema,
  subscriptionExpiresAt: z.string().nullable(),
});
export type UpdatePaymentResponse = z.infer<typeof updatePaymentResponseSchema>;

/** POST /api/admin/manual-subscription {userEmail, months}: 1, 3, 6 or 12 months (default 12). */
export const manualSubscriptionBodySchema = z.object({
  userEmail: z.string({ error: COMMERCE_MESSAGES.emailRequired }).trim().min(1, COMMERCE_MESSAGES.emailRequired).max(254),
  months: z.coerce
    .number({ error: COMMERCE_MESSAGES.wrongMonths })
    .refine((months) => (MANUAL_SUBSCRIPTION_MONTHS as readonly number[]).includes(months), COMMERCE_MESSAGES.wrongMonths)
    .optional()
    .default(12),
});
export type ManualSubscriptionBody = z.input<typeof manualSubscriptionBodySchema>;

export const manualSubscriptionResponseSchema = z.object({
  userId: z.string(),
  userEmail: z.string(),
  months: z.number(),
  subscriptionExpiresAt: z.string(),
});
export type ManualSubscriptionResponse = z.infer<typeof manualSubscriptionResponseSchema>;

/** POST /api/create-subscription: a mock payment activates at once; otherwise Stripe is needed (spec section 8). */
export const createSubscriptionResponseSchema = z.object({
  mockPayment: z.boolean(),
  message: z.string(),
  subscriptionExpiresAt: z.string().nullable(),
});
export type CreateSubscriptionResponse = z.infer<typeof createSubscriptionResponseSchema>;

/** POST /api/cancel-subscription. */
export const cancelSubscriptionResponseSchema = z.object({ message: z.string(), status: subscriptionStatusSchema });
export type CancelSubscriptionResponse = z.infer<typeof cancelSubscriptionResponseSchema>;

/** One entry of a student's own history (GET /api/subscription-status/history), newest first. */
export const subscriptionHistoryEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(['payment-submitted', 'payment-approved', 'payment-rejected', 'granted', 'mock-payment', 'cancelled']),
  at: z.string(),
  /** The expiry the entry left behind (approvals, grants), else null. */
  expiresAt: z.string().nullable(),
  months: z.number().nullable(),
  venmoUsername: z.string().nullable(),
});
export type SubscriptionHistoryEntry = z.infer<typeof subscriptionHistoryEntrySchema>;
export const subscriptionHistorySchema = z.array(subscriptionHistoryEntrySchema);

/** Names of the admin actions commerce writes to the audit log (`audit.admin.action`). */
export const COMMERCE_AUDIT_ACTIONS = {
  approved: 'payment.approved',
  rejected: 'payment.rejected',
  granted: 'subscription.granted',
} as const;
