import type { SubscriptionHistoryEntry, SubscriptionStatus } from '@quad/contracts';

/** A date as students read it: "March 4, 2027". */
export function formatDate(iso: string | null): string {
  if (!iso) return '';
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/** Spec section 4: Active if the expiry is ahead, Expired if it passed, 'No subscription' if there is none. */
export function subscriptionLabel(status: Pick<SubscriptionStatus, 'expiresAt'> | undefined, now = new Date()): 'Active' | 'Expired' | 'No subscription' {
  if (!status?.expiresAt) return 'No subscription';
  return new Date(status.expiresAt) > now ? 'Active' : 'Expired';
}

export function historyText(entry: SubscriptionHistoryEntry): string {
  switch (entry.kind) {
    case 'payment-submitted':
      return `Venmo payment submitted${entry.venmoUsername ? ` from ${entry.venmoUsername}` : ''}`;
    case 'payment-approved':
      return `Payment approved — active until ${formatDate(entry.expiresAt)}`;
    case 'payment-rejected':
      return 'Payment rejected';
    case 'granted':
      return `${entry.months} month${entry.months === 1 ? '' : 's'} granted by an admin — active until ${formatDate(entry.expiresAt)}`;
    case 'mock-payment':
      return `Subscription activated — active until ${formatDate(entry.expiresAt)}`;
    case 'cancelled':
      return 'Subscription cancelled';
  }
}
