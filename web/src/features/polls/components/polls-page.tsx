import { BarChartIcon } from '../../../ui/icons';
import { PlaceholderPage } from '../../../ui/placeholder-page';

/** /polls — filled by the polls feature. */
export function PollsPage() {
  return <PlaceholderPage title="Polls" description="Ask your campus and see what everyone thinks." icon={<BarChartIcon />} />;
}
