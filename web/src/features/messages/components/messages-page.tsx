import { MessageIcon } from '../../../ui/icons';
import { PlaceholderPage } from '../../../ui/placeholder-page';

/** /messages — filled by the chat feature. */
export function MessagesPage() {
  return <PlaceholderPage title="Messages" description="Private, real-time conversations with your friends." icon={<MessageIcon />} />;
}
