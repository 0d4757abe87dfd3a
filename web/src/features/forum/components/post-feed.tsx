import type { Topic, User } from '@quad/contracts';
import { skipToken } from '@reduxjs/toolkit/query';
import { useDeferredValue, useMemo } from 'react';
import { Button } from '../../../ui/button';
import { AlertTriangleIcon, MessageIcon, PlusIcon, RefreshIcon } from '../../../ui/icons';
import { EmptyState } from '../../../ui/page';
import { postsQueryArg, useGetPostsInfiniteQuery } from '../api';
import { usePostActions } from '../hooks/use-post-actions';
import type { TopicSelection } from '../hooks/use-topic-selection';
import { PostCard } from './post-card';
import { SkeletonCircle, SkeletonLine } from './post-card.styles';
import { More, SkeletonCard, SkeletonHead } from './post-feed.styles';
import { space } from '../../../app/theme';
import { Panel } from '../../../ui/card';
import { Stack } from '../../../ui/stack';


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
  const actions = usePostActions();

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
            onEdit={actions.onEdit}
            onDelete={actions.onDelete}
            onReport={actions.onReport}
            onBlock={actions.onBlock}
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
      {actions.dialogs}
    </Stack>
  );
}

function FeedSkeleton() {
  return (
    <>
      {[0, 1].map((index) => (
        <SkeletonCard key={index} aria-hidden="true">
          <SkeletonHead>
            <SkeletonCircle $width={space(10)} $height={space(10)} />
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
