import type { RequestHandler, Router } from 'express';
import { blockUserBodySchema } from '@quad/contracts';
import { parse } from '@quad/common';
import { blockUser, listBlocked, unblockUser } from '../domain/blocks';
import type { SocialContext } from '../domain/context';
import { viewerOf } from '@quad/common';

export function mountBlocksRoutes(router: Router, ctx: SocialContext, signedIn: RequestHandler[]): void {
  /** GET /api/blocks → BlockedUser[] newest first. */
  router.get('/api/blocks', ...signedIn, async (_req, res) => {
    res.json(await listBlocked(ctx, viewerOf(res)));
  });

  /** POST /api/blocks {userId} → 201 BlockedUser; ends a friendship and cancels pending requests. */
  router.post('/api/blocks', ...signedIn, async (req, res) => {
    const { userId } = parse(blockUserBodySchema, req.body);
    res.status(201).json(await blockUser(ctx, viewerOf(res), userId));
  });

  /** DELETE /api/blocks/:userId → {message}; 404 when not blocked. */
  router.delete('/api/blocks/:userId', ...signedIn, async (req, res) => {
    await unblockUser(ctx, viewerOf(res), String(req.params.userId));
    res.json({ message: 'User unblocked' });
  });
}
