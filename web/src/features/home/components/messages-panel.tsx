import type { ReactNode } from 'react';
import styled from 'styled-components';
import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../ui/button';
import { MessageIcon, UsersIcon } from '../../../ui/icons';
import { EmptyState } from '../../../ui/page';
import { Tabs } from '../../../ui/tabs';
import { Panel } from './home-page.styles';
import { space } from '../../../app/theme';

const Head = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  margin-bottom: ${space(3)};
  h2 { margin: 0; font-size: ${({ theme }) => theme.fontSizes.lg}; font-weight: ${({ theme }) => theme.fontWeights.bold}; letter-spacing: -0.01em; }
`;

const Compact = styled.div`
  & > div { padding: ${space(6)} ${space(2)} ${space(2)}; }
`;

export interface MessagesPanelProps {
  /** The Friends tab: conversations with friends (the chat feature supplies it). */
  friends?: ReactNode;
  /** The Groups tab: the student's group chats (the chat feature supplies it). */
  groups?: ReactNode;
}

/** A tab's empty state until the messages feature fills it, with the way to the Messages screen. */
function PanelEmpty({ icon, title, description }: { icon: ReactNode; title: string; description: string }) {
  return (
    <Compact>
      <EmptyState
        icon={icon}
        title={title}
        description={description}
        action={
          <ButtonLink to={paths.messages} variant="outline" size="sm" style={{ marginTop: space(2) }}>
            Open Messages
          </ButtonLink>
        }
      />
    </Compact>
  );
}

/**
 * The right-hand messages panel frame (spec section 2): title, Friends and Groups tabs. The chat
 * feature fills the Friends tab with its friend list and chat view and the Groups tab with group
 * chats (the frame shows an empty state without them).
 */
export function MessagesPanel({ friends, groups }: MessagesPanelProps) {
  return (
    <Panel aria-labelledby="home-messages-heading">
      <Head>
        <h2 id="home-messages-heading">Messages</h2>
      </Head>
      <Tabs
        label="Conversations"
        fullWidth
        items={[
          {
            value: 'friends',
            label: 'Friends',
            content: friends ?? <PanelEmpty icon={<MessageIcon />} title="No conversations yet" description="Chat with friends from your college in real time." />,
          },
          {
            value: 'groups',
            label: 'Groups',
            content: groups ?? <PanelEmpty icon={<UsersIcon />} title="No groups yet" description="Group chats with friends from your college show here." />,
          },
        ]}
      />
    </Panel>
  );
}
