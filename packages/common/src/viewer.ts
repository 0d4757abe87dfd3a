import type { RequestHandler, Response } from 'express';
import { caller, requireAuth } from './auth-middleware';
import type { AuthContext } from './jwt';
import { type DirectoryEntry, type UserDirectory, assertSubscribed, callerEntryOf } from './user-directory';

/** Who is asking, and which college they belong to. */
export interface Viewer {
  userId: string;
  isAdmin: boolean;
  /** From the directory copy (it follows an admin's change of college), else the token's claim. */
  collegeId: string | null;
}

/** The caller as a viewer, from their entry in the cached directory (no database round trip per request). */
function viewerFrom(auth: AuthContext, entry: DirectoryEntry | null): Viewer {
  return { userId: auth.userId, isAdmin: auth.isAdmin, collegeId: entry?.collegeId ?? auth.collegeId };
}

/**
 * Signed in, with the caller resolved once into `res.locals.viewer`: for what is not a community
 * feature (a student's own profile lists, blocking), which a lapsed subscriber still reaches.
 */
export function signedIn(directory: UserDirectory): RequestHandler[] {
  return [
    requireAuth,
    async (req, res, next) => {
      try {
        res.locals.viewer = viewerFrom(caller(req), await callerEntryOf(req, directory));
        next();
      } catch (err) {
        next(err);
      }
    },
  ];
}

/**
 * A community feature (ARCHITECTURE.md, subscription gating): signed in and an active
 * subscription (402 otherwise; admins pass), with the caller resolved into `res.locals.viewer`.
 */
export function memberOnly(directory: UserDirectory): RequestHandler[] {
  return [
    requireAuth,
    // The caller's directory entry read once for both (it was read twice, one Redis round trip each).
    async (req, res, next) => {
      try {
        const auth = caller(req);
        const entry = await callerEntryOf(req, directory);
        assertSubscribed(req, entry);
        res.locals.viewer = viewerFrom(auth, entry);
        next();
      } catch (err) {
        next(err);
      }
    },
  ];
}

/** The caller, on a route behind memberOnly or signedIn. */
export function viewerOf(res: Response): Viewer {
  const viewer = res.locals.viewer as Viewer | undefined;
  if (!viewer) throw new Error('viewerOf used on a route without memberOnly or signedIn');
  return viewer;
}
