import { POLL_UNVOTE_FAILED, POLL_VOTE_FAILED, votePercent, type Poll } from '@quad/contracts';
import { formatTimestamp } from '../../../lib/time';
import { Button } from '../../../ui/button';
import { CheckIcon, TrashIcon } from '../../../ui/icons';
import { useRemoveVoteMutation, useVotePollMutation } from '../api';
import {
  Meta,
  OptionBar,
  OptionButton,
  OptionCount,
  OptionLabel,
  Options,
  PollCardRoot,
  PollDescription,
  PollFooter,
  PollHead,
  Question,
} from './polls.styles';
import { useSubmit } from '../../../ui/use-submit';

export interface PollCardProps {
  poll: Poll;
  /** The poll is being deleted: greyed and locked (spec section 4). */
  isDeleting: boolean;
  onDelete: (poll: Poll) => void;
}

const votesLabel = (count: number) => (count === 1 ? '1 vote' : `${count} votes`);

/**
 * A poll with its counts and percentages. Clicking an option votes for it, clicking the chosen
 * one again removes the vote, clicking another moves it (spec section 4).
 */
export function PollCard({ poll, isDeleting, onDelete }: PollCardProps) {
  const [vote, { isLoading: isVoting }] = useVotePollMutation();
  const [removeVote, { isLoading: isRemoving }] = useRemoveVoteMutation();
  const { submit } = useSubmit();
  const busy = isVoting || isRemoving;

  async function choose(optionIndex: number) {
    if (isDeleting || busy) return;
    const removing = poll.myVote === optionIndex;
    await submit(() => (removing ? removeVote(poll.id).unwrap() : vote({ pollId: poll.id, optionIndex }).unwrap()), {
      failure: removing ? POLL_UNVOTE_FAILED : POLL_VOTE_FAILED,
    });
  }

  const author = `${poll.author.firstName} ${poll.author.lastName}`.trim();
  return (
    <PollCardRoot $locked={isDeleting} aria-labelledby={`poll-${poll.id}`} aria-busy={isDeleting || busy} data-deleting={isDeleting || undefined}>
      <PollHead>
        <div>
          <Question id={`poll-${poll.id}`}>{poll.question}</Question>
          <Meta>
            {author || 'Student'} · <time dateTime={poll.createdAt}>{formatTimestamp(poll.createdAt)}</time>
          </Meta>
        </div>
        {poll.canDelete && (
          <Button variant="ghost" size="sm" onClick={() => onDelete(poll)} disabled={isDeleting} aria-label="Delete poll">
            <TrashIcon />
            {isDeleting ? 'Deleting...' : 'Delete'}
          </Button>
        )}
      </PollHead>
      {poll.description && <PollDescription>{poll.description}</PollDescription>}
      <Options aria-label="Options">
        {poll.options.map((option, index) => {
          const count = poll.counts[index] ?? 0;
          const percent = votePercent(count, poll.totalVotes);
          const chosen = poll.myVote === index;
          return (
            <li key={index}>
              <OptionButton
                type="button"
                $chosen={chosen}
                aria-pressed={chosen}
                disabled={isDeleting || busy}
                onClick={() => void choose(index)}
                title={chosen ? 'Click again to remove your vote' : undefined}
              >
                <OptionBar $percent={percent} $chosen={chosen} aria-hidden="true" />
                {chosen && <CheckIcon aria-label="Your vote" />}
                <OptionLabel>{option}</OptionLabel>
                <OptionCount>
                  {votesLabel(count)} · {percent}%
                </OptionCount>
              </OptionButton>
            </li>
          );
        })}
      </Options>
      <PollFooter>
        <span>{votesLabel(poll.totalVotes)}</span>
        <span>{poll.myVote === null ? 'Click an option to vote' : 'Click your choice again to remove your vote'}</span>
      </PollFooter>
    </PollCardRoot>
  );
}
