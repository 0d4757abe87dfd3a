import type { RequestHandler, Response } from 'express';
import { caller, requireAuth, requireSubscription } from '@quad/common';
import type { UserDirectory } from '@quad/common';
import { type Viewer, resolveViewer } from '../domain/viewer';

/**
 * Friends are a community feature: signed in, an active subscription (402 otherwise; admins
 * pass), and the caller resolved once into `res.locals.viewer`.
 */
export function memberOnly(directory: UserDirectory): RequestHandler[] {
  return [requireAuth, requireSubscription(directory), ...signedIn(directory).slice(1)];
}

/**
 * Blocking is a safety feature, not a community one: signed in is enough, so a student whose
 * subscription lapsed can still block and unblock.
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
  if (!viewer) throw new Error('viewerOf used on a route without memberOnly or signedIn');
  return viewer;
}
