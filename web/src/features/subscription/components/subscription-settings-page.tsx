import { SettingsIcon } from '../../../ui/icons';
import { PlaceholderPage } from '../../../ui/placeholder-page';

/** /subscription-settings — filled by the subscription feature. */
export function SubscriptionSettingsPage() {
  return <PlaceholderPage title="Subscription Settings" description="Your subscription status, device preference and help." icon={<SettingsIcon />} />;
}
