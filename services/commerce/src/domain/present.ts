import { ADMIN_WITHOUT_NAME, type PaymentRequest, type SubscriptionHistoryEntry, type SubscriptionStatus } from '@quad/contracts';
import type { AccountDoc } from '../models/account-model';
import type { HistoryDoc } from '../models/history-model';
import type { PaymentDoc } from '../models/payment-model';

const iso = (date: Date | null | undefined) => (date ? new Date(date).toISOString() : null);

/**
 * A payment request as an answer. `deciders` (admin id → name) is given for admins' lists only, so
 * only admins learn which admin decided; a student's own answers say nothing of it.
 */
export function presentPayment(payment: PaymentDoc, deciders?: Map<string, string>): PaymentRequest {
  return {
    id: payment._id,
    status: payment.status,
    user: { id: payment.userId, firstName: payment.firstName, lastName: payment.lastName },
    userEmail: payment.userEmail,
    createdAt: iso(payment.createdAt)!,
    venmoUsername: payment.venmoUsername,
    paymentNote: payment.notes,
    amount: payment.amount,
    decidedAt: iso(payment.decidedAt),
    decidedBy: deciders && payment.decidedBy ? { id: payment.decidedBy, name: deciders.get(payment.decidedBy) ?? ADMIN_WITHOUT_NAME } : null,
  };
}

export function presentStatus(account: AccountDoc | null, pending: PaymentDoc | null, now: Date, isAdmin: boolean): SubscriptionStatus {
  const expiresAt = account?.expiresAt ? new Date(account.expiresAt) : null;
  return {
    // Admins pass every gate (ARCHITECTURE.md), so their status is active whatever the date.
    isActive: isAdmin || Boolean(expiresAt && expiresAt > now),
    expiresAt: iso(expiresAt),
    cancelledAt: iso(account?.cancelledAt),
    pendingPayment: pending && pending.status === 'pending' ? { id: pending._id, createdAt: iso(pending.createdAt)! } : null,
  };
}

export function presentHistory(entry: HistoryDoc): SubscriptionHistoryEntry {
  return {
    id: entry._id,
    kind: entry.kind,
    at: iso(entry.createdAt)!,
    expiresAt: iso(entry.expiresAt),
    months: entry.months,
    venmoUsername: entry.venmoUsername,
  };
}
