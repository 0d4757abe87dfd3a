import { AlertTriangleIcon } from '../../../ui/icons';
import { PlaceholderPage } from '../../../ui/placeholder-page';

/** /admin-reports — filled by the moderation feature. */
export function AdminReportsPage() {
  return <PlaceholderPage title="Reports & Bans" description="Pending reports, resolved reports and banned users." icon={<AlertTriangleIcon />} />;
}
