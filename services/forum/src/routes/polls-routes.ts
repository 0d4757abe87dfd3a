import type { RequestHandler, Router } from 'express';
import { NEXT_CURSOR_HEADER, createPollBodySchema, listPollsQuerySchema, votePollBodySchema } from '@quad/contracts';
import { parse } from '@quad/common';
import type { IdeasPollsContext } from '../domain/ideas-polls-context';
import { createPoll, deletePoll, listPolls, removeVote, vote } from '../domain/polls';
import { viewerOf } from '@quad/common';

/** Polls (spec section 7): every route is a community feature (`member`), scoped to the caller's college. */
export function mountPollsRoutes(router: Router, ctx: IdeasPollsContext, member: RequestHandler[]): void {
  /** GET /api/polls/all?cursor=&limit= → Poll[] newest first; X-Next-Cursor when more follow. */
  router.get('/api/polls/all', ...member, async (req, res) => {
    const { polls, nextCursor } = await listPolls(ctx, viewerOf(res), parse(listPollsQuerySchema, req.query));
    if (nextCursor) res.setHeader(NEXT_CURSOR_HEADER, nextCursor);
    res.json(polls);
  });

  /** POST /api/polls {question, description?, options, topicId: 1} → 201 Poll. */
  router.post('/api/polls', ...member, async (req, res) => {
    const body = parse(createPollBodySchema, req.body);
    res.status(201).json(await createPoll(ctx, viewerOf(res), body));
  });

  /** POST /api/polls/:id/vote {optionIndex} → Poll (one vote per student; another option moves it). */
  router.post('/api/polls/:id/vote', ...member, async (req, res) => {
    const { optionIndex } = parse(votePollBodySchema, req.body);
    res.json(await vote(ctx, viewerOf(res), String(req.params.id), optionIndex));
  });

  /** DELETE /api/polls/:id/vote → Poll without the caller's vote. */
  router.delete('/api/polls/:id/vote', ...member, async (req, res) => {
    res.json(await removeVote(ctx, viewerOf(res), String(req.params.id)));
  });

  /** DELETE /api/polls/:id → {message} (author or admin). */
  router.delete('/api/polls/:id', ...member, async (req, res) => {
    await deletePoll(ctx, viewerOf(res), String(req.params.id));
    res.json({ message: 'Poll deleted successfully' });
  });
}
