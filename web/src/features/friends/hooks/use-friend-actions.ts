import { type Person, conversationPath } from '@quad/contracts';
import { useNavigate } from 'react-router-dom';
import {
  useAnswerFriendRequestMutation,
  useBlockUserMutation,
  useRemoveFriendMutation,
  useSendFriendRequestMutation,
  useStartChatMutation,
} from '../api';
import { useSubmit } from '../../../ui/use-submit';

export const FRIEND_REQUEST_SENT = 'Friend request sent successfully!';
export const FRIEND_REQUEST_FAILED = 'Failed to send friend request. Please try again.';

/**
 * What a Friends-screen card can do, with the spec's toasts (section 8): add, accept, reject,
 * remove, block, and message (POST /api/chats, then /messages with that conversation).
 */
export function useFriendActions() {
  const { submit } = useSubmit();
  const navigate = useNavigate();
  const [send, sending] = useSendFriendRequestMutation();
  const [answer, answering] = useAnswerFriendRequestMutation();
  const [remove, removing] = useRemoveFriendMutation();
  const [block, blocking] = useBlockUserMutation();
  const [startChat] = useStartChatMutation();

  return {
    busy: sending.isLoading || answering.isLoading || removing.isLoading || blocking.isLoading,
    async addFriend(person: Pick<Person, 'id'>) {
      await submit(() => send(person.id).unwrap(), {
        success: (request) => ({ title: request.status === 'accepted' ? 'You are now friends!' : FRIEND_REQUEST_SENT }),
        failure: { title: FRIEND_REQUEST_FAILED },
      });
    },
    async answer(requestId: string, reply: 'accept' | 'reject') {
      await submit(() => answer({ id: requestId, answer: reply }).unwrap(), {
        success: { title: reply === 'accept' ? 'Friend request accepted' : 'Friend request rejected' },
        failure: 'Failed to answer friend request',
      });
    },
    async removeFriend(person: Pick<Person, 'id' | 'firstName'>) {
      await submit(() => remove(person.id).unwrap(), {
        success: { title: 'Friend removed', description: `${person.firstName} is no longer your friend.` },
        failure: 'Failed to remove friend',
      });
    },
    async blockUser(person: Pick<Person, 'id' | 'firstName'>) {
      await submit(() => block(person.id).unwrap(), {
        success: { title: 'User blocked', description: `${person.firstName} can no longer message you or send you requests.` },
        failure: 'Failed to block user',
      });
    },
    async message(person: Pick<Person, 'id'>) {
      // The messages screen creates the chat too if this fails (the chat service may be restarting).
      await startChat(person.id)
        .unwrap()
        .catch(() => undefined);
      navigate(conversationPath({ userId: person.id }));
    },
  };
}
