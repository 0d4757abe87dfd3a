import type { Viewer } from '@quad/common';

export type { Viewer };

/** Students befriend and find students of their own college; admins anyone. */
export function canReach(viewer: Viewer, collegeId: string | null): boolean {
  return viewer.isAdmin || (viewer.collegeId !== null && collegeId === viewer.collegeId);
}
