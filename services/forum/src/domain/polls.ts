import type { z } from 'zod';
import {
  POLL_BEING_DELETED,
  POLL_NOT_FOUND,
  POLL_OPTION_INVALID,
  type Poll,
  type createPollBodySchema,
} from '@quad/contracts';
import { HttpError, badRequest, conflict, isObjectId, notFound } from '@quad/common';
import type { PollDoc } from '../models/poll-model';
import { pollVoteId } from '../models/poll-vote-model';
import type { IdeasPollsContext } from './ideas-polls-context';
import { pollCreated, pollDeleted } from './outgoing-events';
import { Types } from 'mongoose';
import { ideaPersonOf } from './people';
import { everyPoll, pollsOfCollege, votesFor } from './poll-lists';
import { type Viewer, assertMayModify, authoredNow, canModify, canSee } from './viewer';

/*
 * Polls are college-scoped (admins see every college's). One vote per student and poll is one
 * document under `<pollId>:<userId>`; the counts are the sizes of each option's vote list, which
 * the vote repository moves every vote between under the vote's lock (see poll-lists.ts). The poll
 * document itself is written only by its author's create and delete, never by a vote.
 */

/** How many votes each option has, for many polls in one batch. */
async function countsOf(ctx: IdeasPollsContext, polls: PollDoc[]): Promise<number[][]> {
  const lists = polls.flatMap((poll) =>
    poll.options.map((_option, index) => votesFor(String(poll._id), index)),
  );
  const sizes = await ctx.pollVotes.countMany(lists);
  let at = 0;
  return polls.map((poll) => poll.options.map(() => sizes[at++] ?? 0));
}

async function presentPolls(ctx: IdeasPollsContext, viewer: Viewer, polls: PollDoc[]): Promise<Poll[]> {
  const [counts, mine, authors] = await Promise.all([
    countsOf(ctx, polls),
    ctx.pollVotes.findMany(polls.map((poll) => pollVoteId(String(poll._id), viewer.userId))),
    ctx.directory.getMany([...new Set(polls.map((poll) => poll.authorId))]),
  ]);
  return polls.map((poll, i) => {
    const author = ideaPersonOf(poll.authorId, authors.get(poll.authorId));
    const optionCounts = counts[i]!;
    return {
      id: String(poll._id),
      title: poll.question,
      description: poll.description,
      question: poll.question,
      options: poll.options,
      counts: optionCounts,
      totalVotes: optionCounts.reduce((sum, count) => sum + count, 0),
      myVote: mine[i]?.optionIndex ?? null,
      author: { id: poll.authorId, firstName: author.firstName, lastName: author.lastName },
      topicId: poll.topicId,
      createdAt: poll.createdAt.toISOString(),
      canDelete: canModify(viewer, poll.authorId),
    };
  });
}

/** A poll the viewer's college may see; a poll being deleted answers 409 when `forVoting`. */
async function findVisiblePoll(
  ctx: IdeasPollsContext,
  viewer: Viewer,
  pollId: string,
  forVoting = false,
): Promise<PollDoc> {
  if (!isObjectId(pollId)) throw notFound(POLL_NOT_FOUND);
  const poll = await ctx.polls.find(pollId);
  if (!poll || !canSee(viewer, poll.collegeId)) throw notFound(POLL_NOT_FOUND);
  if (forVoting && poll.deleting) throw conflict(POLL_BEING_DELETED);
  return poll;
}

/** The viewer's college's polls, newest first, a page at a time (admins: every college's). */
export async function listPolls(
  ctx: IdeasPollsContext,
  viewer: Viewer,
  options: { cursor?: string; limit: number },
): Promise<{ polls: Poll[]; nextCursor: string | null }> {
  const list = viewer.isAdmin ? everyPoll : viewer.collegeId ? pollsOfCollege(viewer.collegeId) : null;
  if (!list) return { polls: [], nextCursor: null };
  const page = await ctx.polls.page(list, options);
  return { polls: await presentPolls(ctx, viewer, page.items), nextCursor: page.nextCursor };
}

export async function createPoll(
  ctx: IdeasPollsContext,
  viewer: Viewer,
  body: z.output<typeof createPollBodySchema>,
): Promise<Poll> {
  const fields = {
    _id: new Types.ObjectId(),
    question: body.question,
    description: body.description,
    options: body.options,
    topicId: body.topicId,
    collegeId: viewer.collegeId,
    deleting: false,
    ...authoredNow(viewer),
  };
  const poll = await ctx.polls.insert(fields, [pollCreated({ ...fields, version: 0 })]);
  // A new poll has no votes: its option lists start complete, so no reader scans for them.
  await Promise.all(
    poll.options.map((_option, index) => ctx.pollVotes.markEmpty(votesFor(String(poll._id), index))),
  );
  return (await presentPolls(ctx, viewer, [poll]))[0]!;
}

/**
 * Votes for an option: the first vote is stored, another option moves it, the same option again
 * changes nothing. Each step is one write of the voter's own vote document, under its lock; a
 * concurrent first vote (409) or removal (gone) from another request is met by trying again.
 */
export async function vote(
  ctx: IdeasPollsContext,
  viewer: Viewer,
  pollId: string,
  optionIndex: number,
): Promise<Poll> {
  const poll = await findVisiblePoll(ctx, viewer, pollId, true);
  if (optionIndex >= poll.options.length) throw badRequest(POLL_OPTION_INVALID);
  const id = String(poll._id);
  const voteId = pollVoteId(id, viewer.userId);
  for (let attempt = 0; ; attempt++) {
    if (attempt === 5) throw conflict('Your vote changed at the same time; please try again.');
    const moved = await ctx.pollVotes.update(voteId, (current) =>
      current.optionIndex === optionIndex ? null : { optionIndex, updatedAt: new Date() },
    );
    if (moved) break;
    try {
      const now = new Date();
      await ctx.pollVotes.insert({
        _id: voteId,
        pollId: id,
        userId: viewer.userId,
        optionIndex,
        createdAt: now,
        updatedAt: now,
      });
      break;
    } catch (err) {
      if (!(err instanceof HttpError && err.status === 409)) throw err;
    }
  }
  await takeBackIfDeleting(ctx, id, voteId);
  return (await presentPolls(ctx, viewer, [poll]))[0]!;
}

/**
 * A vote stored while its poll was being deleted may have been written after the delete swept the
 * votes: checked after the write, it is taken back, so a deleted poll leaves no votes behind.
 */
async function takeBackIfDeleting(ctx: IdeasPollsContext, pollId: string, voteId: string): Promise<void> {
  const now = await ctx.polls.find(pollId);
  if (now && !now.deleting) return;
  await ctx.pollVotes.remove(voteId);
  throw now ? conflict(POLL_BEING_DELETED) : notFound(POLL_NOT_FOUND);
}

/** Removes the viewer's vote (clicking the chosen option again); no vote is no change. */
export async function removeVote(ctx: IdeasPollsContext, viewer: Viewer, pollId: string): Promise<Poll> {
  const poll = await findVisiblePoll(ctx, viewer, pollId, true);
  await ctx.pollVotes.remove(pollVoteId(String(poll._id), viewer.userId));
  return (await presentPolls(ctx, viewer, [poll]))[0]!;
}

/**
 * The author or an admin deletes a poll: it is marked as being deleted first (it leaves the lists
 * and refuses votes), then its votes are removed, then the poll. A delete interrupted midway is
 * finished by deleting again.
 */
export async function deletePoll(ctx: IdeasPollsContext, viewer: Viewer, pollId: string): Promise<void> {
  const poll = await findVisiblePoll(ctx, viewer, pollId);
  assertMayModify(viewer, poll.authorId, 'You can only delete your own polls.');
  const id = String(poll._id);
  await ctx.polls.update(
    id,
    (current) => (current.deleting ? null : { deleting: true }),
    (next) => [pollDeleted(next)],
  );
  await Promise.all(
    poll.options.map(async (_option, index) => {
      const list = votesFor(id, index);
      const votes = await ctx.pollVotes.all(list);
      await Promise.all(votes.map((vote) => ctx.pollVotes.remove(vote._id)));
      await ctx.pollVotes.dropList(list);
    }),
  );
  await ctx.polls.remove(id);
}
