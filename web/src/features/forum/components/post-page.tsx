import type { Topic, User } from '@quad/contracts';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { ArrowLeftIcon, MessageIcon } from '../../../ui/icons';
import { EmptyState, PageContainer } from '../../../ui/page';
import { Spinner } from '../../../ui/spinner';
import { useGetPostQuery } from '../api';
import { usePostActions } from '../hooks/use-post-actions';
import { PostCard } from './post-card';
import { space } from '../../../app/theme';

/**
 * /posts/:id: one post on its own, with its menu's actions, where a search result leads
 * (`?comments=open` from a comment's result shows the comments). Another college's post, or a
 * removed one, is not found.
 */
export function PostPage({ viewer, topics }: { viewer: User; topics: readonly Topic[] }) {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { data: post, isLoading, isError } = useGetPostQuery(id);
  const actions = usePostActions({ onDeleted: () => navigate('/') });

  let content;
  if (isLoading) content = <Spinner label="Loading post..." />;
  else if (isError || !post) {
    content = (
      <Card>
        <EmptyState
          icon={<MessageIcon />}
          title="Post not found"
          description="It may have been deleted, or it belongs to another college."
        />
      </Card>
    );
  } else {
    content = (
      <PostCard
        post={post}
        viewer={viewer}
        topic={topics.find((topic) => topic.id === post.topicId) ?? null}
        onEdit={actions.onEdit}
        onDelete={actions.onDelete}
        onReport={actions.onReport}
        onBlock={actions.onBlock}
        initialCommentsOpen={params.get('comments') === 'open'}
      />
    );
  }
  return (
    <PageContainer>
      <Button variant="ghost" size="sm" onClick={() => navigate(-1)} style={{ marginBottom: space(4) }}>
        <ArrowLeftIcon />
        Back
      </Button>
      {content}
      {actions.dialogs}
    </PageContainer>
  );
}
