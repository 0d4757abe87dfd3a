import type { PaymentDoc } from '../models/payment-model';
import type { CommerceContext } from './context';

/** What a kept payment record says in place of the person's own words and handles. */
export const DELETED_PAYER = { venmoUsername: '(deleted account)' } as const;

/**
 * auth.user.deleted in commerce: payment requests are records a business must keep (amount,
 * status, dates, who decided), so they stay, with the person reduced to their id: the e-mail,
 * names, Venmo username and note are blanked. The subscription account (ids and dates) and its
 * history stay as the payment record's context. A replayed event finds nothing left to blank.
 */
export async function forgetCommerceUser(ctx: CommerceContext, userId: string): Promise<void> {
  const payments = await ctx.models.Payment.find({ userId }, { _id: 1 }).lean();
  for (const payment of payments) {
    await ctx.payments.update(payment._id, (current) =>
      isOfDeletedAccount(current) ? null : { userEmail: null, firstName: '', lastName: '', venmoUsername: DELETED_PAYER.venmoUsername, notes: '' },
    );
  }
}

/** A payment record whose account was deleted (forgetCommerceUser blanked it). */
export function isOfDeletedAccount(payment: Pick<PaymentDoc, 'userEmail' | 'venmoUsername'>): boolean {
  return payment.userEmail === null && payment.venmoUsername === DELETED_PAYER.venmoUsername;
}
