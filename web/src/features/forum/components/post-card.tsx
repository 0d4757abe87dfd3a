import type { Post, Topic, User } from '@quad/contracts';
import { useId, useRef, useState } from 'react';
import { formatFullDateTime, formatTimestamp } from '../../../lib/time';
import { Avatar } from '../../../ui/avatar';
import { Badge } from '../../../ui/badge';
import { Card } from '../../../ui/card';
import { EditIcon, EyeIcon, EyeOffIcon, FlagIcon, MessageSquareIcon, TrashIcon } from '../../../ui/icons';
import { DropdownMenu, type MenuItem } from '../../../ui/menu';
import { authorDisplay } from '../authorship';
import { useRecordPostView } from '../hooks/use-record-post-view';
import type { ReportTarget } from '../report-reasons';
import { BlockedNotice } from './blocked-notice';
import { CommentSection } from './comment-section';
import {
  ActionButton,
  Actions,
  AuthorName,
  AuthorRow,
  Body,
  Byline,
  Content,
  CountPill,
  Dot,
  Head,
  ImageFrame,
  Meta,
  ReportButton,
  Title,
  TopicChip,
  Views,
} from './post-card.styles';

export interface PostCardProps {
  post: Post;
  viewer: User;
  /** The post's topic, shown as a chip when the feed mixes topics ('All Topics'). */
  topic?: Topic | null;
  onEdit: (post: Post) => void;
  onDelete: (post: Post) => void;
  onReport: (target: ReportTarget) => void;
  /** Blocks the post's author (offered on named posts of others). */
  onBlock?: (authorId: string) => void;
  /** Comments shown from the start (a post opened from a comment's search result). */
  initialCommentsOpen?: boolean;
}

// An edit within a minute of posting is part of writing it, not worth an "Edited" mark.
const EDITED_AFTER_MS = 60_000;

/** One post in the feed (spec section 2, Post card). */
export function PostCard({ post, viewer, topic, onEdit, onDelete, onReport, onBlock, initialCommentsOpen = false }: PostCardProps) {
  const [shown, setShown] = useState(false);
  const cardRef = useRef<HTMLElement>(null);
  const [commentsOpen, setCommentsOpen] = useState(initialCommentsOpen);
  const titleId = useId();
  const commentsId = useId();
  const author = authorDisplay(post, viewer.id);
  const recordedViews = useRecordPostView(cardRef, post.id, author.isOwn);
  const viewCount = Math.max(post.viewCount, recordedViews ?? 0);
  const edited = Date.parse(post.updatedAt) - Date.parse(post.createdAt) > EDITED_AFTER_MS;
  const reportTarget: ReportTarget = { type: 'post', contentId: post.id, authorId: post.authorId };

  const menuItems: MenuItem[] = post.canEdit
    ? [
        { label: 'Edit', icon: <EditIcon />, onSelect: () => onEdit(post) },
        { label: 'Delete', icon: <TrashIcon />, onSelect: () => onDelete(post), destructive: true },
      ]
    : [
        { label: 'Report', icon: <FlagIcon />, onSelect: () => onReport(reportTarget), destructive: true },
        ...(onBlock && post.authorId && !post.authorBlocked
          ? [{ label: 'Block user', icon: <EyeOffIcon />, onSelect: () => onBlock(post.authorId!), destructive: true }]
          : []),
      ];

  if (post.authorBlocked && !shown) {
    return (
      <Card as="article" aria-label="Hidden post" $padding="none">
        <BlockedNotice onShow={() => setShown(true)} />
      </Card>
    );
  }

  return (
    <Card as="article" ref={cardRef} aria-labelledby={titleId} $padding="none" $interactive>
      <Body>
        <Head>
          <Avatar {...author.avatar} size={40} />
          <Byline>
            <AuthorRow>
              <AuthorName>{author.name}</AuthorName>
              {author.anonymous && author.isOwn && (
                <Badge $variant="default" title="Only you and admins can see that you wrote this">
                  <EyeOffIcon />
                  You
                </Badge>
              )}
              {author.anonymous && !author.isOwn && author.revealedName && (
                <Badge $variant="outline" title="Visible to admins only">
                  {author.revealedName}
                </Badge>
              )}
            </AuthorRow>
            <Meta>
              <time dateTime={post.createdAt} title={formatFullDateTime(post.createdAt)}>
                {formatTimestamp(post.createdAt)}
              </time>
              {edited && (
                <>
                  <Dot aria-hidden="true" />
                  <span>Edited</span>
                </>
              )}
              {topic && (
                <TopicChip $color={topic.color}>
                  <span aria-hidden="true">{topic.icon}</span>
                  {topic.name}
                </TopicChip>
              )}
            </Meta>
          </Byline>
          <DropdownMenu label="Post options" items={menuItems} />
        </Head>
        <Title id={titleId}>{post.title}</Title>
        <Content>{post.content}</Content>
        {post.imageUrl && (
          <ImageFrame>
            <img src={post.imageUrl} alt={`Image attached to “${post.title}”`} loading="lazy" />
          </ImageFrame>
        )}
      </Body>
      <Actions data-walkthrough="interact">
        <ActionButton type="button" aria-expanded={commentsOpen} aria-controls={commentsId} onClick={() => setCommentsOpen((open) => !open)}>
          <MessageSquareIcon />
          Comment
          {post.commentCount > 0 && (
            <CountPill>
              {post.commentCount}
              <span className="visually-hidden"> {post.commentCount === 1 ? 'comment' : 'comments'}</span>
            </CountPill>
          )}
        </ActionButton>
        {!author.isOwn && (
          <ReportButton type="button" onClick={() => onReport(reportTarget)} data-walkthrough="safety">
            <FlagIcon />
            Report
          </ReportButton>
        )}
        <Views title={`${viewCount} ${viewCount === 1 ? 'view' : 'views'}`}>
          <EyeIcon />
          {viewCount}
          <span className="visually-hidden"> {viewCount === 1 ? 'view' : 'views'}</span>
        </Views>
      </Actions>
      <div id={commentsId} hidden={!commentsOpen}>
        {commentsOpen && <CommentSection postId={post.id} viewer={viewer} onReport={onReport} />}
      </div>
    </Card>
  );
}
