import { ShieldIcon } from '../../../ui/icons';
import { PlaceholderPage } from '../../../ui/placeholder-page';

/** /admin-panel — filled by the admin feature. */
export function AdminPanelPage() {
  return <PlaceholderPage title="Admin Panel" description="Payment requests, subscriptions, colleges and users." icon={<ShieldIcon />} />;
}
