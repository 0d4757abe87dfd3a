import type { RequestHandler, Router } from 'express';
import { sendFriendRequestBodySchema } from '@quad/contracts';
import { parse } from '@quad/common';
import type { SocialContext } from '../domain/context';
import { answerFriendRequest, listFriendRequests, sendFriendRequest } from '../domain/requests';
import { viewerOf } from '@quad/common';

export function mountFriendRequestsRoutes(
  router: Router,
  ctx: SocialContext,
  member: RequestHandler[],
): void {
  /** GET /api/friend-requests → {incoming, sent} pending, newest first. */
  router.get('/api/friend-requests', ...member, async (_req, res) => {
    res.json(await listFriendRequests(ctx, viewerOf(res)));
  });

  /** POST /api/friend-requests {friendId} → 201 FriendRequest, or 200 an accepted one when the requests crossed. */
  router.post('/api/friend-requests', ...member, async (req, res) => {
    const { friendId } = parse(sendFriendRequestBodySchema, req.body);
    const { request, created } = await sendFriendRequest(ctx, viewerOf(res), friendId);
    res.status(created ? 201 : 200).json(request);
  });

  /** POST /api/friend-requests/:id/accept|reject → FriendRequest with its final status (receiver only). */
  for (const answer of ['accept', 'reject'] as const) {
    router.post(`/api/friend-requests/:id/${answer}`, ...member, async (req, res) => {
      res.json(await answerFriendRequest(ctx, viewerOf(res), String(req.params.id), answer));
    });
  }
}
