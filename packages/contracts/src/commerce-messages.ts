import { SUBSCRIPTION_PRICE_USD } from './constants';

/*
 * Kept apart from the zod schemas of commerce.ts, so the web imports these texts without zod.
 */

/** Texts of spec section 5 and the service's own answers, so the web can show them as they are. */
export const COMMERCE_MESSAGES = {
  venmoRequired: 'Please provide your Venmo username',
  wrongAmount: `The subscription costs $${SUBSCRIPTION_PRICE_USD} per year.`,
  emailRequired: 'Please enter a user email.',
  wrongMonths: 'Duration must be 1, 3, 6 or 12 months.',
  paymentIdRequired: 'Payment request id is required.',
  wrongStatus: 'Status must be approved or rejected.',
  pendingExists: 'You already have a payment request waiting for review. We will e-mail you once an admin has checked it.',
  alreadyDecided: 'This payment request has already been decided.',
  payerDeleted: 'This account was deleted, so its request cannot be approved. Reject it, and refund the payment.',
  paymentNotFound: 'Payment request not found.',
  paymentUserMismatch: 'This payment request belongs to another user.',
  userNotFound: 'No user with that e-mail address.',
  noActiveSubscription: 'You have no active subscription to cancel.',
  alreadyCancelled: 'Your subscription is already cancelled; access continues until it expires.',
  stripeRequired: 'Real payment processing requires Stripe configuration.',
  mockActivated: 'Subscription activated with a mock payment.',
  submitted: 'Payment submitted for review. You will receive an e-mail confirmation, usually within 24 hours.',
  cancelled: 'Your subscription has been cancelled. You keep access until it expires.',
} as const;
