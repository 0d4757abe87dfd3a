import { CreditCardIcon } from '../../../ui/icons';
import { PlaceholderPage } from '../../../ui/placeholder-page';

/** /payment — filled by the subscription feature. */
export function PaymentPage() {
  return <PlaceholderPage title="Payment" description="Pay $10 per year and we'll confirm your subscription by e-mail." icon={<CreditCardIcon />} />;
}
