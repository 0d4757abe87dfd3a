import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { media, space } from '../../../app/theme';
import { useSession } from '../../../lib/auth/use-session';
import { Button } from '../../../ui/button';
import { MessageIcon, PlusIcon } from '../../../ui/icons';
import { SearchInput } from '../../../ui/search-input';
import { EmptyState, PageContainer } from '../../../ui/page';
import { useCreateChatMutation } from '../api';
import { useGetGroupsQuery } from '../groups-api';
import { useChatConnected } from '../../../lib/chat/use-chat-socket';
import { matchesSearch, useConversations } from '../hooks/use-conversations';
import { ConversationList } from './conversation-list';
import { ConversationView } from './conversation-view';
import { Hint } from './conversation-view.styles';
import { CreateGroupDialog } from './group-dialogs';
import { GroupConversationView } from './group-conversation-view';
import { GroupList } from './group-list';
import { bindValue } from '../../../ui/bind-value';

/* minmax(0, …): a column is never wider than the page for a long preview (a bare 1fr is at least
   as wide as its content's longest line, and the list ran out of the card on phones). */
const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  height: calc(100dvh - ${({ theme }) => theme.layout.topBarHeight} - ${space(12)});
  min-height: 24rem;
  /* Phones and tablets also have the bottom tab bar below the page. */
  ${media.down('md')} {
    height: calc(
      100dvh - ${({ theme }) => theme.layout.topBarHeight} - ${({ theme }) => theme.layout.bottomNavHeight} -
        ${space(12)}
    );
  }
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  overflow: hidden;
  ${media.up('md')} {
    grid-template-columns: 20rem minmax(0, 1fr);
  }
`;

const Sidebar = styled.aside<{ $hiddenOnSmall: boolean }>`
  display: ${({ $hiddenOnSmall }) => ($hiddenOnSmall ? 'none' : 'flex')};
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(3)};
  min-height: 0;
  min-width: 0;
  padding: ${({ theme }) => theme.spacing(4, 3)};
  border-right: 1px solid ${({ theme }) => theme.colors.border};
  ${media.up('md')} {
    display: flex;
  }
  h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
`;

const SidebarHead = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  padding: ${({ theme }) => theme.spacing(0, 1)};
`;

const Connection = styled.span<{ $connected: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(1.5)};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme, $connected }) => ($connected ? theme.colors.successText : theme.colors.danger)};
  &::before {
    content: '';
    width: ${space(2)};
    height: ${space(2)};
    border-radius: ${({ theme }) => theme.radii.full};
    background: currentColor;
  }
`;

/** A section's title row, like the sidebar's head, with a small muted heading. */
const SectionHead = styled(SidebarHead)`
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xs};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    text-transform: uppercase;
    letter-spacing: 0.04em;
    color: ${({ theme }) => theme.colors.muted};
  }
`;

const GroupsSection = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(1)};
  max-height: 40%;
  min-height: 0;
  flex-shrink: 0;
`;

const Pane = styled.div<{ $hiddenOnSmall: boolean }>`
  display: ${({ $hiddenOnSmall }) => ($hiddenOnSmall ? 'none' : 'flex')};
  flex-direction: column;
  min-height: 0;
  ${media.up('md')} {
    display: flex;
  }
`;

/**
 * /messages (spec section 2): conversations and friends with real presence on the left (search,
 * Connected/Disconnected), the open conversation on the right, 'Select a conversation' until one
 * is chosen. `?userId=` opens a conversation (how other screens start a chat here), `?groupId=`
 * a group chat; the student's groups are listed above the conversations, with 'New group'.
 */
export function MessagesPage() {
  const { user } = useSession();
  const myId = user?.id ?? '';
  const connected = useChatConnected();
  const { entries, isLoading } = useConversations();
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('userId');
  const [search, setSearch] = useState('');

  const visible = useMemo(() => entries.filter((entry) => matchesSearch(entry, search)), [entries, search]);
  const selected = entries.find((entry) => entry.person.id === selectedId) ?? null;
  const { data: groups = [] } = useGetGroupsQuery(myId, { skip: !myId });
  const selectedGroupId = params.get('groupId');
  const selectedGroup = groups.find((group) => group.id === selectedGroupId) ?? null;
  const term = search.trim().toLowerCase();
  const visibleGroups = groups.filter((group) => !term || group.name.toLowerCase().includes(term));
  const [creatingGroup, setCreatingGroup] = useState(false);

  // Sent here to talk to someone not yet in the list (a friend card's message button): start the chat.
  const [createChat] = useCreateChatMutation();
  const started = useRef<string | null>(null);
  useEffect(() => {
    if (isLoading || !selectedId || selected || started.current === selectedId) return;
    started.current = selectedId;
    void createChat(selectedId);
  }, [isLoading, selectedId, selected, createChat]);

  return (
    <PageContainer>
      <Layout>
        <Sidebar $hiddenOnSmall={Boolean(selected || selectedGroup)}>
          <SidebarHead>
            <h1>Messages</h1>
            <Connection $connected={connected} role="status">
              {connected ? 'Connected' : 'Disconnected'}
            </Connection>
          </SidebarHead>
          <SearchInput
            look="sidebar"
            aria-label="Search conversations"
            placeholder="Search conversations..."
            {...bindValue(search, setSearch)}
          />
          <GroupsSection>
            <SectionHead>
              <h2>Groups</h2>
              <Button type="button" variant="ghost" size="sm" onClick={() => setCreatingGroup(true)}>
                <PlusIcon aria-hidden="true" /> New group
              </Button>
            </SectionHead>
            {visibleGroups.length > 0 && (
              <GroupList
                label="Groups"
                groups={visibleGroups}
                myId={myId}
                selectedId={selectedGroupId}
                onSelect={(group) => setParams({ groupId: group.id })}
              />
            )}
          </GroupsSection>
          <SectionHead>
            <h2>Direct messages</h2>
          </SectionHead>
          {isLoading ? (
            <Hint>Loading conversations...</Hint>
          ) : entries.length === 0 ? (
            <EmptyState
              icon={<MessageIcon />}
              title="No conversations yet"
              description="Add friends from your college to start chatting."
            />
          ) : visible.length === 0 ? (
            <Hint>No conversations match your search.</Hint>
          ) : (
            <ConversationList
              label="Conversations"
              entries={visible}
              myId={myId}
              selectedId={selectedId}
              onSelect={(entry) => setParams({ userId: entry.person.id })}
            />
          )}
        </Sidebar>
        <Pane $hiddenOnSmall={!selected && !selectedGroup}>
          {selectedGroup ? (
            <GroupConversationView
              key={selectedGroup.id}
              myId={myId}
              group={selectedGroup}
              onBack={() => setParams({})}
              onLeft={() => setParams({})}
            />
          ) : selected ? (
            <ConversationView
              key={selected.person.id}
              myId={myId}
              entry={selected}
              onBack={() => setParams({})}
            />
          ) : (
            <EmptyState
              icon={<MessageIcon />}
              title="Select a conversation"
              description="Choose a friend on the left to start chatting."
            />
          )}
        </Pane>
      </Layout>
      <CreateGroupDialog
        open={creatingGroup}
        onOpenChange={setCreatingGroup}
        onCreated={(group) => setParams({ groupId: group.id })}
      />
    </PageContainer>
  );
}
