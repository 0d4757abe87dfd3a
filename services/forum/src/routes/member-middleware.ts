import type { RequestHandler, Response } from 'express';
import { caller, requireAuth, requireSubscription } from '@quad/common';
import type { UserDirectory } from '@quad/common';
import { type Viewer, resolveViewer } from '../domain/viewer';

/**
 * Every forum route is a community feature: signed in, an active subscription (402 otherwise;
 * admins pass), and the caller's college resolved once into `res.locals.viewer`.
 */
export function memberOnly(directory: UserDirectory): RequestHandler[] {
  return [
    requireAuth,
    requireSubscription(directory),
    async (req, res, next) => {
      res.locals.viewer = await resolveViewer(directory, caller(req));
      next();
    },
  ];
}

/**
 * The caller's own profile lists: signed in is enough. The profile page is not a community
 * feature (ARCHITECTURE.md, subscription gating), so a lapsed subscriber still sees their history.
 */
export function signedIn(directory: UserDirectory): RequestHandler[] {
  return [
    requireAuth,
    async (req, res, next) => {
      res.locals.viewer = await resolveViewer(directory, caller(req));
      next();
    },
  ];
}

export function viewerOf(res: Response): Viewer {
  const viewer = res.locals.viewer as Viewer | undefined;
  if (!viewer) throw new Error('viewerOf used on a route without memberOnly');
  return viewer;
}
