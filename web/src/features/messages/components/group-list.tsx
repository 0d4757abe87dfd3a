import type { GroupSummary } from '@quad/contracts';
import { formatTimestamp } from '../../../lib/time';
import { Avatar } from '../../../ui/avatar';
import { List, Row, SubLine, Text, TopLine, Unread } from './conversation-list';

export interface GroupListProps {
  groups: GroupSummary[];
  myId: string;
  selectedId: string | null;
  onSelect: (group: GroupSummary) => void;
  label: string;
}

/** A group's picture: its photo, or by default the initials of its name (first two words). */
export function GroupAvatar({ name, photoUrl, size }: { name: string; photoUrl?: string | null; size: number }) {
  const [first = '', second = ''] = name.split(/\s+/).filter(Boolean);
  return <Avatar firstName={first} lastName={second} imageUrl={photoUrl} size={size} />;
}

function preview(group: GroupSummary, myId: string): string {
  const last = group.lastMessage;
  if (!last) return `${group.members.length} members`;
  if (last.senderId === myId) return `You: ${last.content}`;
  if (group.blockedMemberIds.includes(last.senderId)) return 'Message from a blocked student';
  return `${last.sender.firstName}: ${last.content}`;
}

/** The student's groups: name, last message with its sender, its time, and the unread count. */
export function GroupList({ groups, myId, selectedId, onSelect, label }: GroupListProps) {
  return (
    <List aria-label={label}>
      {groups.map((group) => {
        const unread = group.unreadCount > 0;
        const selected = selectedId === group.id;
        return (
          <li key={group.id}>
            <Row type="button" $selected={selected} onClick={() => onSelect(group)} aria-current={selected ? 'true' : undefined}>
              <GroupAvatar name={group.name} photoUrl={group.photoUrl} size={40} />
              <Text>
                <TopLine>
                  <span>{group.name}</span>
                  {group.lastMessage && <time dateTime={group.lastMessage.createdAt}>{formatTimestamp(group.lastMessage.createdAt)}</time>}
                </TopLine>
                <SubLine $unread={unread}>
                  <span>{preview(group, myId)}</span>
                  {unread && <Unread aria-label={`${group.unreadCount} unread`}>{group.unreadCount > 99 ? '99+' : group.unreadCount}</Unread>}
                </SubLine>
              </Text>
            </Row>
          </li>
        );
      })}
    </List>
  );
}
