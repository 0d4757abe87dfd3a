import type { ListDef } from '@quad/common';
import type { HistoryDoc } from '../models/history-model';
import type { PaymentDoc } from '../models/payment-model';

/**
 * Where a request stands in the admin queue (read highest first): every pending request above
 * every decided one, pending oldest first (a band above any time, minus the submission time),
 * decided newest first (by the decision's time).
 */
const PENDING_BAND = 1e14;
export function queueScore(payment: PaymentDoc): number {
  if (payment.status === 'pending') return PENDING_BAND - new Date(payment.createdAt).getTime();
  return new Date(payment.decidedAt ?? payment.createdAt).getTime();
}

/** The admin list: pending first (oldest first), then decided (newest first). */
export const paymentQueue: ListDef<PaymentDoc> = { name: 'queue', filter: {}, contains: () => true, score: queueScore };

/** One status of the admin list, in the queue's order. */
export function paymentsWithStatus(status: PaymentDoc['status']): ListDef<PaymentDoc> {
  return { name: `queue:${status}`, filter: { status }, contains: (payment) => payment.status === status, score: queueScore };
}

/** One student's subscription history, newest first. */
export function historyOf(userId: string): ListDef<HistoryDoc> {
  return { name: `user:${encodeURIComponent(userId)}`, filter: { userId }, contains: (entry) => entry.userId === userId };
}
