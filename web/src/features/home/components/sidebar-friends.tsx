import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { paths } from '../../../app/paths';
import { firstCharacter } from '../../../lib/initials';
import { usePresence } from '../../../lib/chat/use-chat-socket';
import { Avatar } from '../../../ui/avatar';
import { useGetFriendsQuery } from '../../friends';
import { SlotHint } from './home-page.styles';
import { space } from '../../../app/theme';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${space(0.5)};
  max-height: 16rem;
  overflow-y: auto;
`;

const FriendLink = styled(Link)`
  display: flex;
  align-items: center;
  gap: ${space(2.5)};
  height: ${space(10)};
  padding: 0 ${space(2)};
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.textSecondary};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceHover};
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
  }
  &:focus-visible {
    outline: none;
    box-shadow: ${({ theme }) => theme.shadows.focus};
  }
`;

/** "Ada L." — first name and last initial (spec section 2). */
export function shortName(firstName: string, lastName: string): string {
  const initial = (firstCharacter(lastName) ?? '').toUpperCase();
  return initial ? `${firstName} ${initial}.` : firstName;
}

/**
 * Sidebar friends from GET /api/friends (refreshed whenever the Friends screen changes a friendship,
 * through the shared 'Friends' tag): first name and last initial, the green dot when the friend is
 * online, each linking to /friends.
 */
export function SidebarFriends() {
  const { data: friends = [], isLoading } = useGetFriendsQuery();
  // Social does not know who is online; chat's presence does.
  const presence = usePresence(friends.map((friend) => friend.id));
  if (isLoading) return <SlotHint>Loading friends...</SlotHint>;
  if (friends.length === 0) return <SlotHint>No friends yet</SlotHint>;
  return (
    <List>
      {friends.map((friend) => (
        <li key={friend.id}>
          <FriendLink to={paths.friends}>
            <Avatar person={friend} size={28} online={presence.get(friend.id)?.isOnline ?? friend.isOnline} />
            {shortName(friend.firstName, friend.lastName)}
          </FriendLink>
        </li>
      ))}
    </List>
  );
}
