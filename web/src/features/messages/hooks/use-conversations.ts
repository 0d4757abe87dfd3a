import type { ChatMessage, ChatPerson, Presence } from '@quad/contracts';
import { useMemo } from 'react';
import { useGetFriendsQuery } from '../../friends';
import { useGetChatsQuery } from '../api';
import { usePresence } from '../../../lib/chat/use-chat-socket';

/** Someone the user can talk to: a conversation, a friend, or both. */
export interface ConversationEntry {
  person: ChatPerson;
  college: string | null;
  lastMessage: ChatMessage | null;
  unreadCount: number;
  /** For ordering: the last message's time, else empty (friends without a conversation go last). */
  lastActivityAt: string;
  isFriend: boolean;
  presence: Presence | undefined;
}

/**
 * Conversations (GET /api/chats) and friends (GET /api/friends) as one list: conversations by
 * newest activity, then friends not yet written to, each with real presence.
 */
export function useConversations(): { entries: ConversationEntry[]; isLoading: boolean } {
  const chats = useGetChatsQuery();
  const friends = useGetFriendsQuery();
  const base = useMemo(() => {
    const byId = new Map<string, Omit<ConversationEntry, 'presence'>>();
    for (const chat of chats.data ?? []) {
      byId.set(chat.participantId, {
        person: chat.participant,
        college: null,
        lastMessage: chat.lastMessage,
        unreadCount: chat.unreadCount,
        lastActivityAt: chat.lastMessage ? chat.lastActivityAt : '',
        isFriend: false,
      });
    }
    for (const friend of friends.data ?? []) {
      const known = byId.get(friend.id);
      if (known) {
        known.isFriend = true;
        known.college = friend.college || null;
        continue;
      }
      byId.set(friend.id, {
        person: {
          id: friend.id,
          firstName: friend.firstName,
          lastName: friend.lastName,
          profileColor: friend.profileColor,
          profileImageUrl: friend.profileImageUrl,
        },
        college: friend.college || null,
        lastMessage: null,
        unreadCount: 0,
        lastActivityAt: '',
        isFriend: true,
      });
    }
    return [...byId.values()].sort(
      (a, b) => b.lastActivityAt.localeCompare(a.lastActivityAt) || a.person.firstName.localeCompare(b.person.firstName),
    );
  }, [chats.data, friends.data]);
  const presence = usePresence(base.map((entry) => entry.person.id));
  const entries = useMemo(() => base.map((entry) => ({ ...entry, presence: presence.get(entry.person.id) })), [base, presence]);
  return { entries, isLoading: chats.isLoading || friends.isLoading };
}

/** The local filter of the list: by name (or college, when known). */
export function matchesSearch(entry: ConversationEntry, search: string): boolean {
  const term = search.trim().toLowerCase();
  if (!term) return true;
  const haystack = `${entry.person.firstName} ${entry.person.lastName} ${entry.college ?? ''}`.toLowerCase();
  return haystack.includes(term);
}
