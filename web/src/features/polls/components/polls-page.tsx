import { POLL_DELETE_FAILED, type Poll } from '@quad/contracts';
import { useState } from 'react';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { BarChartIcon, PlusIcon } from '../../../ui/icons';
import { EmptyState, PageContainer, PageHeader } from '../../../ui/page';
import { Spinner } from '../../../ui/spinner';
import { useDeletePollMutation, useGetPollsQuery } from '../api';
import { CreatePollDialog } from './create-poll-dialog';
import { PollCard } from './poll-card';
import { PollList } from './polls.styles';
import { useSubmit } from '../../../ui/use-submit';
import { useConfirmation } from '../../../ui/use-confirmation';
import { LoadFailed } from '../../../ui/load-failed';

export const DELETE_POLL_QUESTION =
  'Are you sure you want to delete this poll? This action cannot be undone.';

/** /polls: the college's polls, newest first, with the Create Poll dialog (spec section 2). */
export function PollsPage() {
  const [createOpen, setCreateOpen] = useState(false);
  const [deletingIds, setDeletingIds] = useState<ReadonlySet<string>>(new Set());
  const { data: polls, isLoading, isError, refetch } = useGetPollsQuery();
  const [deletePoll] = useDeletePollMutation();
  const { submit } = useSubmit();

  // The question closes at once; the card shows its own progress while the poll is deleted.
  const deletion = useConfirmation<Poll>({
    title: 'Delete poll',
    message: DELETE_POLL_QUESTION,
    closeAtOnce: true,
    onConfirm: async (poll) => {
      setDeletingIds((current) => new Set(current).add(poll.id));
      await submit(() => deletePoll(poll.id).unwrap(), {
        success: { title: 'Poll deleted', description: `'${poll.question}' was deleted.` },
        failure: POLL_DELETE_FAILED,
      });
      setDeletingIds((current) => {
        const next = new Set(current);
        next.delete(poll.id);
        return next;
      });
    },
  });

  let content;
  if (isLoading) content = <Spinner label="Loading polls..." />;
  else if (isError) {
    content = <LoadFailed title="Could not load polls" onRetry={refetch} />;
  } else if (!polls || polls.length === 0) {
    content = (
      <Card>
        <EmptyState
          icon={<BarChartIcon />}
          title="No polls yet"
          description="Ask your college a question: create the first poll!"
          action={<Button onClick={() => setCreateOpen(true)}>Create Poll</Button>}
        />
      </Card>
    );
  } else {
    content = (
      <PollList aria-label="Polls">
        {polls.map((poll) => (
          <PollCard key={poll.id} poll={poll} isDeleting={deletingIds.has(poll.id)} onDelete={deletion.ask} />
        ))}
      </PollList>
    );
  }

  return (
    <PageContainer>
      <PageHeader
        title="Polls"
        icon={<BarChartIcon />}
        description="Ask your campus and see what everyone thinks."
        actions={
          <Button onClick={() => setCreateOpen(true)}>
            <PlusIcon />
            Create Poll
          </Button>
        }
      />
      {content}
      <CreatePollDialog open={createOpen} onOpenChange={setCreateOpen} />
      {deletion.dialog}
    </PageContainer>
  );
}
