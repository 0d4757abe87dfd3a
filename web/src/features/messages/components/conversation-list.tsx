import styled from 'styled-components';
import { formatTimestamp } from '../../../lib/time';
import { Avatar } from '../../../ui/avatar';
import type { ConversationEntry } from '../hooks/use-conversations';
import { presenceText } from '../presence-text';
import { space } from '../../../app/theme';

export const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(0.5)};
  overflow-y: auto;
`;

export const Row = styled.button<{ $selected: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(3)};
  width: 100%;
  padding: ${({ theme }) => theme.spacing(2, 3)};
  border: none;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $selected }) => ($selected ? theme.colors.primarySoft : 'transparent')};
  text-align: left;
  cursor: pointer;
  font: inherit;
  &:hover {
    background: ${({ theme, $selected }) => ($selected ? theme.colors.primarySoft : theme.colors.surfaceHover)};
  }
  &:focus-visible {
    outline: none;
    box-shadow: ${({ theme }) => theme.shadows.focus};
  }
`;

export const Text = styled.span`
  flex: 1;
  min-width: 0;
  display: flex;
  flex-direction: column;
`;

export const TopLine = styled.span`
  display: flex;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing(2)};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.text};
  time {
    flex-shrink: 0;
    font-weight: ${({ theme }) => theme.fontWeights.regular};
    font-size: ${({ theme }) => theme.fontSizes.xs};
    color: ${({ theme }) => theme.colors.muted};
  }
`;

export const SubLine = styled.span<{ $unread: boolean }>`
  display: flex;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing(2)};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme, $unread }) => ($unread ? theme.colors.text : theme.colors.muted)};
  font-weight: ${({ theme, $unread }) => ($unread ? theme.fontWeights.semibold : theme.fontWeights.regular)};
  span:first-child {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

export const Unread = styled.span`
  flex-shrink: 0;
  min-width: ${space(5)};
  padding: 0 ${space(1.5)};
  border-radius: ${({ theme }) => theme.radii.full};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  text-align: center;
  line-height: ${space(5)};
`;

export interface ConversationListProps {
  entries: ConversationEntry[];
  myId: string;
  selectedId: string | null;
  onSelect: (entry: ConversationEntry) => void;
  /** Label of the list, for screen readers. */
  label: string;
}

function preview(entry: ConversationEntry, myId: string): string {
  const last = entry.lastMessage;
  if (!last) return presenceText(entry.presence);
  return last.senderId === myId ? `You: ${last.content}` : last.content;
}

/** People to talk to: avatar with online dot, name, last message preview and its time, unread count. */
export function ConversationList({ entries, myId, selectedId, onSelect, label }: ConversationListProps) {
  return (
    <List aria-label={label}>
      {entries.map((entry) => {
        const name = `${entry.person.firstName} ${entry.person.lastName}`.trim();
        const unread = entry.unreadCount > 0;
        return (
          <li key={entry.person.id}>
            <Row
              type="button"
              $selected={selectedId === entry.person.id}
              onClick={() => onSelect(entry)}
              aria-current={selectedId === entry.person.id ? 'true' : undefined}
            >
              <Avatar
                person={entry.person}
                size={40}
                online={!entry.person.deleted && (entry.presence?.isOnline ?? false)}
              />
              <Text>
                <TopLine>
                  <span>{name}</span>
                  {entry.lastMessage && (
                    <time dateTime={entry.lastMessage.createdAt}>
                      {formatTimestamp(entry.lastMessage.createdAt)}
                    </time>
                  )}
                </TopLine>
                <SubLine $unread={unread}>
                  <span>{preview(entry, myId)}</span>
                  {unread && (
                    <Unread aria-label={`${entry.unreadCount} unread`}>
                      {entry.unreadCount > 99 ? '99+' : entry.unreadCount}
                    </Unread>
                  )}
                </SubLine>
              </Text>
            </Row>
          </li>
        );
      })}
    </List>
  );
}
