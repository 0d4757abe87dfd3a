import type { Post, Topic, User } from '@quad/contracts';
import { skipToken } from '@reduxjs/toolkit/query';
import { useDeferredValue, useMemo, useState } from 'react';
import { serverMessage } from '../../../api/api-error';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { AlertTriangleIcon, MessageIcon, PlusIcon, RefreshIcon } from '../../../ui/icons';
import { EmptyState } from '../../../ui/page';
import { useToast } from '../../../ui/toast';
import { postsQueryArg, useBlockAuthorMutation, useDeletePostMutation, useGetPostsInfiniteQuery } from '../api';
import type { TopicSelection } from '../hooks/use-topic-selection';
import type { ReportTarget } from '../report-reasons';
import { EditPostDialog } from './edit-post-dialog';
import { PostCard } from './post-card';
import { SkeletonCircle, SkeletonLine } from './post-card.styles';
import { More, SkeletonCard, SkeletonHead } from './post-feed.styles';
import { ReportDialog } from './report-dialog';
import { space } from '../../../app/theme';
import { Panel } from '../../../ui/card';
import { Stack } from '../../../ui/stack';

export const DELETE_POST_CONFIRMATION = 'Are you sure you want to delete this post? This action cannot be undone.';

export interface PostFeedProps {
  /** null while the topics load: nothing to ask for yet. */
  selection: TopicSelection | null;
  topics: Topic[];
  viewer: User;
  onCreatePost: () => void;
}

/** Posts rendered in a board's first paint; the rest of the page follows in the background. */
const FIRST_RENDERED_POSTS = 4;

/**
 * The posts of the selected topic, newest first, a page at a time ("Load more" follows the
 * X-Next-Cursor header), with the dialogs a post's actions open.
 */
export function PostFeed({ selection, topics, viewer, onCreatePost }: PostFeedProps) {
  const queryArg = selection === null ? skipToken : postsQueryArg(selection);
  const { data, isLoading, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage, isFetchNextPageError } =
    useGetPostsInfiniteQuery(queryArg);
  const [editing, setEditing] = useState<Post | null>(null);
  const [deleting, setDeleting] = useState<Post | null>(null);
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  const [deletePost, { isLoading: isDeleting }] = useDeletePostMutation();
  const { toast } = useToast();
  const [blockAuthor] = useBlockAuthorMutation();

  async function block(authorId: string) {
    try {
      await blockAuthor(authorId).unwrap();
      toast({ title: 'User blocked', description: 'Their posts and comments are hidden for you.' });
    } catch (error) {
      toast({ title: 'Failed to block user', description: serverMessage(error) ?? 'Something went wrong. Please try again.', variant: 'destructive' });
    }
  }

  // Pages never overlap by construction; de-duplicating keeps React keys unique if a post moved between fetches.
  const posts = useMemo(() => {
    const seen = new Set<string>();
    return (data?.pages ?? []).flatMap((page) => page.posts).filter((post) => !seen.has(post.id) && Boolean(seen.add(post.id)));
  }, [data]);
  const topicById = useMemo(() => new Map(topics.map((topic) => [topic.id, topic])), [topics]);
  // The first posts render at once (a phone's screen holds two or three); the rest of the page
  // follows in a background render React slices between frames, so the first paint of a board
  // waits for a few cards, not for twenty.
  const firstCount = Math.min(posts.length, FIRST_RENDERED_POSTS);
  // Never fewer than the first few, even while the deferred count still stands at an emptier page's.
  const shownCount = Math.max(firstCount, useDeferredValue(posts.length, firstCount));

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await deletePost(deleting.id).unwrap();
      toast({ title: 'Post deleted successfully' });
    } catch (error) {
      toast({ title: 'Failed to delete post', description: serverMessage(error) ?? 'Something went wrong. Please try again.', variant: 'destructive' });
    } finally {
      setDeleting(null);
    }
  }

  let body;
  if (selection === null || isLoading) {
    body = <FeedSkeleton />;
  } else if (isError && posts.length === 0) {
    body = (
      <Panel role="alert">
        <EmptyState
          icon={<AlertTriangleIcon />}
          title="Couldn't load posts"
          description="Check your connection and try again."
          action={
            <Button variant="outline" size="sm" onClick={() => void refetch()}>
              <RefreshIcon />
              Retry
            </Button>
          }
        />
      </Panel>
    );
  } else if (posts.length === 0) {
    body = (
      <Panel data-walkthrough="interact">
        <EmptyState
          icon={<MessageIcon />}
          title="No posts yet"
          description="Be the first to start a discussion in this topic!"
          action={
            <Button size="sm" variant="secondary" onClick={onCreatePost} style={{ marginTop: space(2) }}>
              <PlusIcon />
              Start a discussion
            </Button>
          }
        />
      </Panel>
    );
  } else {
    body = (
      <>
        {posts.slice(0, shownCount).map((post) => (
          <PostCard
            key={post.id}
            post={post}
            viewer={viewer}
            topic={selection === 'all' ? topicById.get(post.topicId) : undefined}
            onEdit={setEditing}
            onDelete={setDeleting}
            onReport={setReporting}
            onBlock={(authorId) => void block(authorId)}
          />
        ))}
        {(hasNextPage || isFetchNextPageError) && (
          <More>
            {isFetchNextPageError && <span role="alert">Couldn't load more posts.</span>}
            <Button variant="outline" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage} loading={isFetchingNextPage}>
              {isFetchingNextPage ? 'Loading...' : 'Load more'}
            </Button>
          </More>
        )}
      </>
    );
  }

  return (
    <Stack aria-busy={isLoading || isFetchingNextPage}>
      {body}
      <EditPostDialog post={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete post"
        message={DELETE_POST_CONFIRMATION}
        busy={isDeleting}
        onConfirm={() => void confirmDelete()}
      />
      <ReportDialog target={reporting} onClose={() => setReporting(null)} />
    </Stack>
  );
}

function FeedSkeleton() {
  return (
    <>
      {[0, 1].map((index) => (
        <SkeletonCard key={index} aria-hidden="true">
          <SkeletonHead>
            <SkeletonCircle $width="40px" $height="40px" />
            <div>
              <SkeletonLine $width="30%" />
              <SkeletonLine $width="18%" $height={space(2.5)} />
            </div>
          </SkeletonHead>
          <SkeletonLine $width="60%" $height={space(4)} />
          <SkeletonLine />
          <SkeletonLine $width="85%" />
        </SkeletonCard>
      ))}
      <span className="visually-hidden" role="status">
        Loading posts
      </span>
    </>
  );
}
