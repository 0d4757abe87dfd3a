import type { RequestHandler, Router } from 'express';
import { createPollBodySchema, listPollsQuerySchema, votePollBodySchema } from '@quad/contracts';
import { answerFor, answerRemoved, answerViewer, parse, sendPage, viewerOf } from '@quad/common';
import type { IdeasPollsContext } from '../domain/ideas-polls-context';
import { createPoll, deletePoll, listPolls, removeVote, vote } from '../domain/polls';

/** Polls (spec section 7): every route is a community feature (`member`), scoped to the caller's college. */
export function mountPollsRoutes(router: Router, ctx: IdeasPollsContext, member: RequestHandler[]): void {
  /** GET /api/polls/all?cursor=&limit= → Poll[] newest first; X-Next-Cursor when more follow. */
  router.get('/api/polls/all', ...member, async (req, res) => {
    const { polls, nextCursor } = await listPolls(ctx, viewerOf(res), parse(listPollsQuerySchema, req.query));
    sendPage(res, polls, nextCursor);
  });

  /** POST /api/polls {question, description?, options, topicId: 1} → 201 Poll. */
  const newPoll = answerViewer(
    (me, _id, req) => createPoll(ctx, me, parse(createPollBodySchema, req.body)),
    201,
  );
  router.post('/api/polls', ...member, newPoll);

  /** POST /api/polls/:id/vote {optionIndex} → Poll (one vote per student; another option moves it). */
  const castVote = answerViewer((me, id, req) =>
    vote(ctx, me, id, parse(votePollBodySchema, req.body).optionIndex),
  );
  router.post('/api/polls/:id/vote', ...member, castVote);

  /** DELETE /api/polls/:id/vote → Poll without the caller's vote. */
  router.delete('/api/polls/:id/vote', ...member, answerFor(ctx, removeVote));

  /** DELETE /api/polls/:id → {message} (author or admin). */
  const remove = answerRemoved('Poll deleted successfully', (me, id) => deletePoll(ctx, me, id));
  router.delete('/api/polls/:id', ...member, remove);
}
