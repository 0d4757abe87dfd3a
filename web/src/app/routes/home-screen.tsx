import type { User } from '@quad/contracts';
import { Suspense, useState } from 'react';
import {
  ALL_TOPICS_LABEL,
  CreatePostDialog,
  FirstPostBanner,
  PostFeed,
  TopicList,
  TopicPicker,
  useTopicSelection,
} from '../../features/forum';
import { HomePage } from '../../features/home/components/home-page';
import { MessagesPanel } from '../../features/home/components/messages-panel';
import { SidebarFriends } from '../../features/home/components/sidebar-friends';
import { OnboardingDialogs, useOnboarding } from '../../features/onboarding';
import { useHomeLogout } from '../../lib/auth/use-logout';
import { lazyPage } from '../lazy-page';

// Loaded when first wanted, not with home: a phone never shows the messages column, and the
// profile dialog waits for a click.
const PanelConversations = lazyPage(() => import('../../features/messages/components/panel-conversations'), 'PanelConversations');
const PanelGroups = lazyPage(() => import('../../features/messages/components/panel-groups'), 'PanelGroups');
const EditProfileDialog = lazyPage(() => import('../../features/profile/components/edit-profile-dialog'), 'EditProfileDialog');

/**
 * The home screen: features meet here so they never import each other. The forum fills the
 * topics, feed and banner slots, onboarding adds the tutorial and walkthrough, profile its dialog;
 * the chat feature fills the messages panel's Friends and Groups tabs.
 */
export function HomeScreen({ user }: { user: User }) {
  const logout = useHomeLogout();
  const board = useTopicSelection();
  const onboarding = useOnboarding(user);
  const [editingProfile, setEditingProfile] = useState(false);
  const [creatingPost, setCreatingPost] = useState(false);
  const openCreatePost = () => setCreatingPost(true);

  const title = board.selection === 'all' ? ALL_TOPICS_LABEL : (board.selectedTopic?.name ?? (board.isLoading ? 'Loading topics...' : 'Discussions'));
  const icon = board.selectedTopic ? <span aria-hidden="true">{board.selectedTopic.icon}</span> : undefined;
  const topicsProps = { topics: board.topics, selection: board.selection, onSelect: board.select };

  return (
    <HomePage
      user={user}
      onLogout={logout}
      topicTitle={title}
      topicIcon={icon}
      onNewPost={openCreatePost}
      onTour={onboarding.openWalkthrough}
      onEditProfile={() => setEditingProfile(true)}
      slots={{
        topics: <TopicList {...topicsProps} isLoading={board.isLoading} isError={board.isError} onRetry={board.refetch} />,
        topicPicker: <TopicPicker {...topicsProps} />,
        friends: <SidebarFriends />,
        banner: <FirstPostBanner onCreatePost={openCreatePost} />,
        feed: <PostFeed selection={board.selection} topics={board.topics} viewer={user} onCreatePost={openCreatePost} />,
        messagesPanel: (
          <MessagesPanel
            friends={
              <Suspense fallback={null}>
                <PanelConversations />
              </Suspense>
            }
            groups={
              <Suspense fallback={null}>
                <PanelGroups />
              </Suspense>
            }
          />
        ),
        dialogs: (
          <>
            {editingProfile && (
              <Suspense fallback={null}>
                <EditProfileDialog open onOpenChange={setEditingProfile} />
              </Suspense>
            )}
            <CreatePostDialog
              open={creatingPost}
              onOpenChange={setCreatingPost}
              topics={board.topics}
              defaultTopicId={typeof board.selection === 'number' ? board.selection : null}
              onCreated={(post) => {
                // Show the new post: switch to its board unless every board is already shown.
                if (board.selection !== 'all') board.select(post.topicId);
              }}
            />
            <OnboardingDialogs onboarding={onboarding} />
          </>
        ),
      }}
    />
  );
}
