import type { ListDef } from '@quad/common';
import mongoose from 'mongoose';
import type { HistoryDoc } from '../models/history-model';
import type { PaymentDoc } from '../models/payment-model';

/** Every request waiting for an admin (read oldest first: first come, first checked). */
export const pendingPayments: ListDef<PaymentDoc> = {
  name: 'pending',
  filter: { status: 'pending' },
  contains: (payment) => payment.status === 'pending',
};

/** Approved and rejected requests, newest first. */
export const decidedPayments: ListDef<PaymentDoc> = {
  name: 'decided',
  filter: { status: mongoose.trusted({ $in: ['approved', 'rejected'] }) },
  contains: (payment) => payment.status !== 'pending',
};

/** One student's subscription history, newest first. */
export function historyOf(userId: string): ListDef<HistoryDoc> {
  return { name: `user:${encodeURIComponent(userId)}`, filter: { userId }, contains: (entry) => entry.userId === userId };
}
