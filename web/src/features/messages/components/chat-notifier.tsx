import type { User } from '@quad/contracts';
import { useNewMessageNotice } from '../hooks/use-new-message-notice';

/**
 * Mounted once for the signed-in app: holds the real-time connection from sign-in to logout and
 * shows a 'New message' notice for a message whose conversation is not on screen (spec section 4).
 */
export function ChatNotifier({ user }: { user: User }) {
  useNewMessageNotice(user.id);
  return null;
}
