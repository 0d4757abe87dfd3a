import type { Person } from '@quad/contracts';
import { useNavigate } from 'react-router-dom';
import { serverMessage } from '../../../api/api-error';
import { paths } from '../../../app/paths';
import { useToast } from '../../../ui/toast';
import {
  useAnswerFriendRequestMutation,
  useBlockUserMutation,
  useRemoveFriendMutation,
  useSendFriendRequestMutation,
  useStartChatMutation,
} from '../api';

export const FRIEND_REQUEST_SENT = 'Friend request sent successfully!';
export const FRIEND_REQUEST_FAILED = 'Failed to send friend request. Please try again.';

/** Where a friend's Message action leads: the messages screen opens that conversation. */
export const messagesWith = (userId: string) => `${paths.messages}?userId=${encodeURIComponent(userId)}`;

/**
 * What a Friends-screen card can do, with the spec's toasts (section 8): add, accept, reject,
 * remove, block, and message (POST /api/chats, then /messages with that conversation).
 */
export function useFriendActions() {
  const { toast } = useToast();
  const navigate = useNavigate();
  const [send, sending] = useSendFriendRequestMutation();
  const [answer, answering] = useAnswerFriendRequestMutation();
  const [remove, removing] = useRemoveFriendMutation();
  const [block, blocking] = useBlockUserMutation();
  const [startChat] = useStartChatMutation();

  return {
    busy: sending.isLoading || answering.isLoading || removing.isLoading || blocking.isLoading,
    async addFriend(person: Pick<Person, 'id'>) {
      try {
        const request = await send(person.id).unwrap();
        toast({
          title: request.status === 'accepted' ? 'You are now friends!' : FRIEND_REQUEST_SENT,
        });
      } catch {
        toast({ title: FRIEND_REQUEST_FAILED, variant: 'destructive' });
      }
    },
    async answer(requestId: string, reply: 'accept' | 'reject') {
      try {
        await answer({ id: requestId, answer: reply }).unwrap();
        toast({ title: reply === 'accept' ? 'Friend request accepted' : 'Friend request rejected' });
      } catch (err) {
        toast({
          title: 'Failed to answer friend request',
          description: serverMessage(err),
          variant: 'destructive',
        });
      }
    },
    async removeFriend(person: Pick<Person, 'id' | 'firstName'>) {
      try {
        await remove(person.id).unwrap();
        toast({ title: 'Friend removed', description: `${person.firstName} is no longer your friend.` });
      } catch (err) {
        toast({ title: 'Failed to remove friend', description: serverMessage(err), variant: 'destructive' });
      }
    },
    async blockUser(person: Pick<Person, 'id' | 'firstName'>) {
      try {
        await block(person.id).unwrap();
        toast({
          title: 'User blocked',
          description: `${person.firstName} can no longer message you or send you requests.`,
        });
      } catch (err) {
        toast({ title: 'Failed to block user', description: serverMessage(err), variant: 'destructive' });
      }
    },
    async message(person: Pick<Person, 'id'>) {
      // The messages screen creates the chat too if this fails (the chat service may be restarting).
      await startChat(person.id)
        .unwrap()
        .catch(() => undefined);
      navigate(messagesWith(person.id));
    },
  };
}
