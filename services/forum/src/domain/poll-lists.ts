import type { ListDef } from '@quad/common';
import type { PollDoc } from '../models/poll-model';
import type { PollVoteDoc } from '../models/poll-vote-model';

/*
 * Polls' lists, kept by their repositories beside every write: a college's polls (and every poll,
 * for admins), and per poll and option the votes for it. A count is the size of an option's vote
 * list: every vote write moves its document between those lists under the vote's lock, so the
 * counts follow the vote documents exactly, across processes, and rebuild from them when Redis
 * loses them. Nothing is ever counted with `$inc` on the poll.
 */

export function pollsOfCollege(collegeId: string): ListDef<PollDoc> {
  return {
    name: `polls:college:${encodeURIComponent(collegeId)}`,
    filter: { collegeId },
    contains: (poll) => poll.collegeId === collegeId && !poll.deleting,
  };
}

/** Every college's polls: what admins see. */
export const everyPoll: ListDef<PollDoc> = { name: 'polls:all', filter: {}, contains: (poll) => !poll.deleting };

/** A poll being deleted leaves its lists at once. */
export function listsOfPoll(poll: PollDoc): Array<ListDef<PollDoc>> {
  if (poll.deleting) return [];
  return poll.collegeId === null ? [everyPoll] : [everyPoll, pollsOfCollege(poll.collegeId)];
}

export function votesFor(pollId: string, optionIndex: number): ListDef<PollVoteDoc> {
  return {
    name: `poll:${pollId}:option:${optionIndex}`,
    filter: { pollId, optionIndex },
    contains: (vote) => vote.pollId === pollId && vote.optionIndex === optionIndex,
  };
}

export function listsOfVote(vote: PollVoteDoc): Array<ListDef<PollVoteDoc>> {
  return [votesFor(vote.pollId, vote.optionIndex)];
}
