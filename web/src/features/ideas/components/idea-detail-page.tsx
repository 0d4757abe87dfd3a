import { useParams } from 'react-router-dom';
import { LightbulbIcon } from '../../../ui/icons';
import { PlaceholderPage } from '../../../ui/placeholder-page';

/** /ideas/:id — linked from idea cards; the spec does not show its content. */
export function IdeaDetailPage() {
  const { id } = useParams();
  return <PlaceholderPage title="Idea" description={id ? `Idea #${id}` : undefined} icon={<LightbulbIcon />} />;
}
