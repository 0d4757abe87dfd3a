import type { RequestHandler, Router } from 'express';
import type { SocialContext } from '../domain/context';
import { listFriends, removeFriend } from '../domain/friends';
import { suggestFriends } from '../domain/search';
import { viewerOf } from '@quad/common';

export function mountFriendsRoutes(router: Router, ctx: SocialContext, member: RequestHandler[]): void {
  /** GET /api/friends → Friend[] by name. */
  router.get('/api/friends', ...member, async (_req, res) => {
    res.json(await listFriends(ctx, viewerOf(res)));
  });

  /** GET /api/friends/suggestions → Person[], most mutual friends first. */
  router.get('/api/friends/suggestions', ...member, async (_req, res) => {
    res.json(await suggestFriends(ctx, viewerOf(res)));
  });

  /** DELETE /api/friends/:friendId → {message}; 404 when not friends. */
  router.delete('/api/friends/:friendId', ...member, async (req, res) => {
    await removeFriend(ctx, viewerOf(res), String(req.params.friendId));
    res.json({ message: 'Friend removed' });
  });
}
