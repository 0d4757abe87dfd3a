import type { Profile } from '@quad/contracts';
import { useState, type ComponentProps, type ReactNode } from 'react';
import { paths } from '../../../app/paths';
import { fullName } from '../../../lib/initials';
import { formatTimestamp } from '../../../lib/time';
import { Avatar } from '../../../ui/avatar';
import { Badge } from '../../../ui/badge';
import { Button, ButtonLink } from '../../../ui/button';
import {
  BookOpenIcon,
  CalendarIcon,
  CheckIcon,
  EditIcon,
  FileTextIcon,
  GraduationCapIcon,
  HomeIcon,
  LightbulbIcon,
  MailIcon,
  MessageIcon,
  MessageSquareIcon,
  ShieldIcon,
  UsersIcon,
} from '../../../ui/icons';
import { EmptyState, PageContainer } from '../../../ui/page';
import { Spinner } from '../../../ui/spinner';
import { Tabs } from '../../../ui/tabs';
import { useGetProfileCommentsQuery, useGetProfilePostsQuery, useGetProfileQuery } from '../api';
import { EditProfileDialog } from './edit-profile-dialog';
import {
  ActivityCard,
  ActivityItem,
  ActivityList,
  ActivityMeta,
  ActivityText,
  ActivityTitle,
  AvatarRow,
  Bio,
  Centered,
  Chips,
  Columns,
  Cover,
  HeaderBody,
  HeaderCard,
  LinksCard,
  LinksTitle,
  MetaList,
  Name,
  NameRow,
  StatCard,
  StatLabel,
  StatValue,
  Stats,
} from './profile-page.styles';

/** /profile (spec section 2, Profile screen). */
export function ProfilePage() {
  const { data: profile, isLoading, isError, refetch } = useGetProfileQuery();
  const [editing, setEditing] = useState(false);

  if (isLoading) {
    return (
      <Centered>
        <Spinner label="Loading profile" />
      </Centered>
    );
  }
  if (isError || !profile) {
    return (
      <PageContainer>
        <EmptyState
          title="We couldn't load your profile"
          description="Please check your connection and try again."
          action={<Button onClick={() => refetch()}>Try again</Button>}
        />
      </PageContainer>
    );
  }

  return (
    <PageContainer>
      <ProfileHeader profile={profile} onEdit={() => setEditing(true)} />
      <Stats aria-label="Activity summary">
        <StatCard>
          <StatValue>{profile.stats.totalPosts}</StatValue>
          <StatLabel>Posts</StatLabel>
        </StatCard>
        <StatCard>
          <StatValue>{profile.stats.totalComments}</StatValue>
          <StatLabel>Comments</StatLabel>
        </StatCard>
        <StatCard>
          <StatValue>{profile.stats.totalFriends}</StatValue>
          <StatLabel>Friends</StatLabel>
        </StatCard>
      </Stats>
      <Columns>
        <ActivityCard aria-label="Recent activity">
          <Tabs
            label="Recent activity"
            items={[
              { value: 'posts', label: 'Recent Posts', content: <RecentPosts /> },
              { value: 'comments', label: 'Recent Comments', content: <RecentComments /> },
            ]}
          />
        </ActivityCard>
        <LinksCard aria-label="Quick links">
          <LinksTitle>Quick links</LinksTitle>
          <ButtonLink to={paths.home} variant="ghost" style={{ justifyContent: 'flex-start' }}>
            <HomeIcon /> Home
          </ButtonLink>
          <ButtonLink to={paths.friends} variant="ghost" style={{ justifyContent: 'flex-start' }}>
            <UsersIcon /> Friends
          </ButtonLink>
          <ButtonLink to={paths.messages} variant="ghost" style={{ justifyContent: 'flex-start' }}>
            <MessageIcon /> Messages
          </ButtonLink>
          <ButtonLink to={paths.ideas} variant="ghost" style={{ justifyContent: 'flex-start' }}>
            <LightbulbIcon /> Ideas
          </ButtonLink>
        </LinksCard>
      </Columns>
      <EditProfileDialog open={editing} onOpenChange={setEditing} />
    </PageContainer>
  );
}

function ProfileHeader({ profile, onEdit }: { profile: Profile; onEdit: () => void }) {
  const name = fullName(profile.firstName, profile.lastName) || 'Student';
  return (
    <HeaderCard aria-label="Profile">
      <Cover $color={profile.profileColor} />
      <HeaderBody>
        <AvatarRow>
          <Avatar person={profile} size={96} />
          <Button variant="outline" onClick={onEdit}>
            <EditIcon />
            Edit Profile
          </Button>
        </AvatarRow>
        <div>
          <NameRow>
            <Name>{name}</Name>
            {profile.isVerified && (
              <Badge $variant="success">
                <CheckIcon />
                Verified
              </Badge>
            )}
            {profile.isAdmin && (
              <Badge $variant="primary">
                <ShieldIcon />
                Admin
              </Badge>
            )}
          </NameRow>
        </div>
        <MetaList>
          {profile.collegeName && (
            <li>
              <GraduationCapIcon />
              {profile.collegeName}
              {profile.collegeInitials && ` (${profile.collegeInitials})`}
            </li>
          )}
          {profile.email && (
            <li>
              <MailIcon />
              {profile.email}
            </li>
          )}
          {profile.major && (
            <li>
              <BookOpenIcon />
              {profile.major}
            </li>
          )}
          {profile.graduationYear && (
            <li>
              <CalendarIcon />
              Class of {profile.graduationYear}
            </li>
          )}
        </MetaList>
        {profile.bio && <Bio>{profile.bio}</Bio>}
        {profile.interests.length > 0 && (
          <Chips aria-label="Interests">
            {profile.interests.map((interest) => (
              <li key={interest}>
                <Badge $variant="primary">{interest}</Badge>
              </li>
            ))}
          </Chips>
        )}
      </HeaderBody>
    </HeaderCard>
  );
}

/** One entry of a Recent tab: a post's title, its text, what it belongs to, and when. */
interface ActivityEntry {
  title?: string;
  text: string;
  context?: ReactNode;
  createdAt: string;
}

interface ActivityTabProps<T> {
  items: T[];
  isLoading: boolean;
  loadingLabel: string;
  empty: ComponentProps<typeof EmptyState>;
  /** What to show of an item. */
  renderEntry: (item: T) => ActivityEntry;
}

/** One of the Recent Posts / Recent Comments tabs: a spinner, the empty state, or the list. */
function ActivityTab<T extends { id: string }>({
  items,
  isLoading,
  loadingLabel,
  empty,
  renderEntry,
}: ActivityTabProps<T>) {
  if (isLoading)
    return (
      <Centered>
        <Spinner size={24} label={loadingLabel} />
      </Centered>
    );
  if (items.length === 0) return <EmptyState {...empty} />;
  return (
    <ActivityList>
      {items.map((item) => {
        const { title, text, context, createdAt } = renderEntry(item);
        return (
          <ActivityItem key={item.id}>
            {title && <ActivityTitle>{title}</ActivityTitle>}
            <ActivityText>{text}</ActivityText>
            <ActivityMeta>
              {context}
              <time dateTime={createdAt}>{formatTimestamp(createdAt)}</time>
            </ActivityMeta>
          </ActivityItem>
        );
      })}
    </ActivityList>
  );
}

function RecentPosts() {
  const { data: posts = [], isLoading } = useGetProfilePostsQuery();
  return (
    <ActivityTab
      items={posts}
      isLoading={isLoading}
      loadingLabel="Loading posts"
      empty={{
        icon: <FileTextIcon />,
        title: 'No posts yet',
        description: 'Posts you share will show up here.',
      }}
      renderEntry={(post) => ({
        title: post.title,
        text: post.content,
        context: post.topic && <Badge>{post.topic}</Badge>,
        createdAt: post.createdAt,
      })}
    />
  );
}

function RecentComments() {
  const { data: comments = [], isLoading } = useGetProfileCommentsQuery();
  return (
    <ActivityTab
      items={comments}
      isLoading={isLoading}
      loadingLabel="Loading comments"
      empty={{
        icon: <MessageSquareIcon />,
        title: 'No comments yet',
        description: 'Comments you write will show up here.',
      }}
      renderEntry={(comment) => ({
        text: comment.content,
        context: comment.postTitle && <span>on “{comment.postTitle}”</span>,
        createdAt: comment.createdAt,
      })}
    />
  );
}
