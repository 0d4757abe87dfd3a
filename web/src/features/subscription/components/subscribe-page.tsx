import { CreditCardIcon } from '../../../ui/icons';
import { PlaceholderPage } from '../../../ui/placeholder-page';

/** /subscribe — filled by the subscription feature. */
export function SubscribePage() {
  return <PlaceholderPage title="Join Quad" description="Only $10/year for full access to your college community." icon={<CreditCardIcon />} />;
}
