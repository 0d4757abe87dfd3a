import type { RequestHandler, Router } from 'express';
import { dialogSearchQuerySchema, searchUsersQuerySchema } from '@quad/contracts';
import { parse } from '@quad/common';
import type { SocialContext } from '../domain/context';
import { searchUsers } from '../domain/search';
import { viewerOf } from '@quad/common';

export function mountSearchRoutes(router: Router, ctx: SocialContext, member: RequestHandler[]): void {
  /** GET /api/search/users?q= (3 characters or more; `term` accepted too) → Person[] by name. */
  router.get('/api/search/users', ...member, async (req, res) => {
    const { q } = parse(searchUsersQuerySchema, req.query);
    res.json(await searchUsers(ctx, viewerOf(res), q));
  });

  /** GET /api/users/search?q= (the Add Friend dialog; any non-blank text) → Person[] by name. */
  router.get('/api/users/search', ...member, async (req, res) => {
    const { q } = parse(dialogSearchQuerySchema, req.query);
    res.json(await searchUsers(ctx, viewerOf(res), q));
  });
}
