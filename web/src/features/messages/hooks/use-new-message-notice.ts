import { useStore } from 'react-redux';
import { type ChatMessage } from '@quad/contracts';
import { isConversationOpen } from '../../../lib/chat/chat-socket';
import { useSocketEffect } from '../../../lib/chat/use-chat-socket';
import { useToast } from '../../../ui/toast';
import type { RootState } from '../../../app/store';
import { groupsApi } from '../groups-api';

/**
 * A 'New message' notice (spec section 4) when a message arrives from someone whose conversation
 * is not on screen. Mounted once for the signed-in app (ChatNotifier), it also keeps the real-time
 * connection open from sign-in to logout.
 */
export function useNewMessageNotice(myId: string): void {
  const { toast } = useToast();
  const store = useStore<RootState>();
  useSocketEffect(
    (socket) => {
      const onMessage = (message: ChatMessage) => {
        if (message.senderId === myId || isConversationOpen(message.groupId ?? message.senderId)) return;
        const name = [message.sender.firstName, message.sender.lastName].filter(Boolean).join(' ');
        // A group's message: named by the group when its list is loaded, and none from a member blocked either way.
        const group = message.groupId
          ? groupsApi.endpoints.getGroups.select(myId)(store.getState()).data?.find((entry) => entry.id === message.groupId)
          : undefined;
        if (group?.blockedMemberIds.includes(message.senderId)) return;
        const from = group ? `${name} in ${group.name}` : name;
        toast({ title: 'New message', description: from ? `${from}: ${message.content}` : message.content });
      };
      socket.on('message:new', onMessage);
      return () => void socket.off('message:new', onMessage);
    },
    [myId, toast, store],
  );
}
