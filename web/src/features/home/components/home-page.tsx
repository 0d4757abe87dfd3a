import { SIDEBAR_SUBTITLE, PRODUCT_NAME, type User } from '@quad/contracts';
import type { ReactNode } from 'react';
import { paths } from '../../../app/paths';
import { mediaQuery, space } from '../../../app/theme';
import { fullName } from '../../../lib/initials';
import { Avatar } from '../../../ui/avatar';
import { Button, ButtonLink } from '../../../ui/button';
import { CompassIcon, HashIcon, LogOutIcon, MessageIcon, PlusIcon, UserPlusIcon } from '../../../ui/icons';
import { EmptyState } from '../../../ui/page';
import { Stack } from '../../../ui/stack';
import { useMediaQuery } from '../../../ui/use-media-query';
import { MessagesPanel } from './messages-panel';
import {
  Header,
  HeaderActions,
  HeaderTitle,
  Layout,
  Main,
  MessagesColumn,
  Panel,
  ProductSubtitle,
  ProductTitle,
  SectionHeading,
  Sidebar,
  SidebarTitle,
  SlotHint,
  UserBlock,
  UserMeta,
  UserName,
} from './home-page.styles';

/**
 * What the forum, friends and chat features plug into the home screen. Every slot has a
 * sensible empty rendering until its feature lands.
 */
export interface HomeSlots {
  /** Sidebar topic list (name, post count, selected highlighted). */
  topics?: ReactNode;
  /** Mobile replacement for the topic list: a dropdown with 'All Topics'. */
  topicPicker?: ReactNode;
  /** Sidebar friends list. */
  friends?: ReactNode;
  /** Above the feed, e.g. the 'Create Your First Post' banner. */
  banner?: ReactNode;
  /** The posts of the selected topic. */
  feed?: ReactNode;
  /** Right-hand messages panel; the MessagesPanel frame (Friends/Groups tabs) by default. */
  messagesPanel?: ReactNode;
  /** Dialogs that belong to the page (Edit Profile, Create Post, tutorial, walkthrough…). */
  dialogs?: ReactNode;
}

export interface HomePageProps {
  user: User;
  onLogout: () => void;
  /** Header title: the selected topic's name. */
  topicTitle?: ReactNode;
  topicIcon?: ReactNode;
  onNewPost?: () => void;
  onTour?: () => void;
  /** The user block opens Edit Profile. */
  onEditProfile?: () => void;
  slots?: HomeSlots;
}

/** The home screen's frame (spec section 2, Home screen). */
export function HomePage({
  user,
  onLogout,
  topicTitle,
  topicIcon,
  onNewPost,
  onTour,
  onEditProfile,
  slots = {},
}: HomePageProps) {
  const name = fullName(user.firstName, user.lastName) || 'Student';
  // The columns the layout shows only on wide screens are not rendered elsewhere: a phone then
  // neither builds them nor fetches their friends, chats and presence (it has the Friends and
  // Messages screens for that).
  const wideEnoughForSidebar = useMediaQuery(mediaQuery.up('lg'));
  const wideEnoughForMessages = useMediaQuery(mediaQuery.up('xl'));
  return (
    <Layout>
      {wideEnoughForSidebar && (
        <Sidebar aria-label="Sidebar">
          <Panel>
            <SidebarTitle>
              <ProductTitle>{PRODUCT_NAME}</ProductTitle>
              <ProductSubtitle>{SIDEBAR_SUBTITLE}</ProductSubtitle>
            </SidebarTitle>
            <UserBlock type="button" onClick={onEditProfile}>
              <Avatar person={user} size={44} online />
              <span style={{ minWidth: 0 }}>
                <UserName>{name}</UserName>
                <UserMeta>{user.college || 'Student'}</UserMeta>
                <span className="visually-hidden"> — edit profile</span>
              </span>
            </UserBlock>
          </Panel>
          <Panel aria-labelledby="home-topics-heading" data-walkthrough="topics">
            <SectionHeading id="home-topics-heading">Topics</SectionHeading>
            {slots.topics ?? <SlotHint>Topics will appear here.</SlotHint>}
          </Panel>
          <Panel aria-labelledby="home-friends-heading" data-walkthrough="friends">
            <SectionHeading id="home-friends-heading">Friends</SectionHeading>
            {slots.friends ?? <SlotHint>No friends yet</SlotHint>}
            <ButtonLink
              to={paths.friends}
              variant="secondary"
              size="sm"
              fullWidth
              style={{ marginTop: space(2) }}
            >
              <UserPlusIcon />
              Add Friend
            </ButtonLink>
          </Panel>
        </Sidebar>
      )}

      <Main aria-label="Feed">
        <Header data-walkthrough="welcome">
          <HeaderTitle>
            {topicIcon ?? <HashIcon />}
            {topicTitle ?? 'Discussions'}
          </HeaderTitle>
          <HeaderActions>
            <Button onClick={onNewPost} data-walkthrough="create-post">
              <PlusIcon />
              New Post
            </Button>
            <Button variant="outline" onClick={onTour}>
              <CompassIcon />
              Tour
            </Button>
            <Button variant="ghost" onClick={onLogout}>
              <LogOutIcon />
              Logout
            </Button>
          </HeaderActions>
        </Header>
        {slots.topicPicker}
        {slots.banner}
        <Stack>
          {slots.feed ?? (
            <Panel>
              <EmptyState
                icon={<MessageIcon />}
                title="No posts yet"
                description="Be the first to start a discussion in this topic!"
              />
            </Panel>
          )}
        </Stack>
      </Main>

      {wideEnoughForMessages && (
        <MessagesColumn aria-label="Messages">{slots.messagesPanel ?? <MessagesPanel />}</MessagesColumn>
      )}
      {slots.dialogs}
    </Layout>
  );
}
