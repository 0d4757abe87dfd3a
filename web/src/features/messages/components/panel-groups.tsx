import { useState } from 'react';
import styled from 'styled-components';
import { useSession } from '../../../lib/auth/use-session';
import { Button } from '../../../ui/button';
import { PlusIcon, UsersIcon } from '../../../ui/icons';
import { EmptyState } from '../../../ui/page';
import { useGetGroupsQuery } from '../groups-api';
import { Hint } from './conversation-view.styles';
import { CreateGroupDialog } from './group-dialogs';
import { GroupConversationView } from './group-conversation-view';
import { GroupList } from './group-list';
import { space } from '../../../app/theme';

const Frame = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(2)};
  height: 28rem;
  min-height: 0;
  & > ul { flex: 1; }
`;

const Top = styled.div`
  display: flex;
  justify-content: flex-end;
`;

/**
 * The home screen's messages panel, Groups tab: the student's group chats with the last message
 * and unread count, 'New group', and the group's conversation in place (back and close return).
 */
export function PanelGroups() {
  const { user } = useSession();
  const myId = user?.id ?? '';
  const { data: groups = [], isLoading } = useGetGroupsQuery(myId, { skip: !myId });
  const [openId, setOpenId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const open = groups.find((group) => group.id === openId) ?? null;
  const dialog = <CreateGroupDialog open={creating} onOpenChange={setCreating} onCreated={(group) => setOpenId(group.id)} />;

  if (open) {
    return (
      <Frame>
        <GroupConversationView myId={myId} group={open} onBack={() => setOpenId(null)} onClose={() => setOpenId(null)} onLeft={() => setOpenId(null)} />
      </Frame>
    );
  }
  if (isLoading) return <Hint>Loading groups...</Hint>;
  const newGroup = (
    <Button type="button" variant="outline" size="sm" onClick={() => setCreating(true)}>
      <PlusIcon aria-hidden="true" /> New group
    </Button>
  );
  if (groups.length === 0) {
    return (
      <>
        <EmptyState icon={<UsersIcon />} title="No groups yet" description="Start a group chat with friends from your college." action={<div style={{ marginTop: space(2) }}>{newGroup}</div>} />
        {dialog}
      </>
    );
  }
  return (
    <Frame>
      <Top>{newGroup}</Top>
      <GroupList label="Groups" groups={groups} myId={myId} selectedId={null} onSelect={(group) => setOpenId(group.id)} />
      {dialog}
    </Frame>
  );
}
