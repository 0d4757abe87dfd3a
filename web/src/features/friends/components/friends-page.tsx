import { UsersIcon } from '../../../ui/icons';
import { PlaceholderPage } from '../../../ui/placeholder-page';

/** /friends — filled by the friends feature. */
export function FriendsPage() {
  return <PlaceholderPage title="Friends" description="Your friends, requests and suggestions from your college." icon={<UsersIcon />} />;
}
