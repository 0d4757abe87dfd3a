import { useState } from 'react';
import styled from 'styled-components';
import { paths } from '../../../app/paths';
import { useSession } from '../../../lib/auth/use-session';
import { ButtonLink } from '../../../ui/button';
import { MessageIcon } from '../../../ui/icons';
import { EmptyState } from '../../../ui/page';
import { useConversations } from '../hooks/use-conversations';
import { ConversationList } from './conversation-list';
import { ConversationView } from './conversation-view';
import { Hint } from './conversation-view.styles';
import { space } from '../../../app/theme';

const Frame = styled.div`
  display: flex;
  flex-direction: column;
  height: 28rem;
  min-height: 0;
  & > ul { flex: 1; }
`;

/**
 * The home screen's messages panel, Friends tab (spec section 2): friends and conversations with
 * the last message's preview and time; choosing one opens the chat view, whose back and close
 * buttons return to the list.
 */
export function PanelConversations() {
  const { user } = useSession();
  const myId = user?.id ?? '';
  const { entries, isLoading } = useConversations();
  const [openId, setOpenId] = useState<string | null>(null);
  const open = entries.find((entry) => entry.person.id === openId) ?? null;

  if (open) {
    return (
      <Frame>
        <ConversationView myId={myId} entry={open} onBack={() => setOpenId(null)} onClose={() => setOpenId(null)} />
      </Frame>
    );
  }
  if (isLoading) return <Hint>Loading conversations...</Hint>;
  if (entries.length === 0) {
    return (
      <EmptyState
        icon={<MessageIcon />}
        title="No conversations yet"
        description="Chat with friends from your college in real time."
        action={
          <ButtonLink to={paths.friends} variant="outline" size="sm" style={{ marginTop: space(2) }}>
            Find friends
          </ButtonLink>
        }
      />
    );
  }
  return (
    <Frame>
      <ConversationList label="Friends" entries={entries} myId={myId} selectedId={null} onSelect={(entry) => setOpenId(entry.person.id)} />
    </Frame>
  );
}
