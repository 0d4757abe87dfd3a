import type { Viewer } from '@quad/common';

export type { Viewer };

/** Whether a viewer may see content of a college: their college's; admins see every college. */
export function canSee(viewer: Viewer, collegeId: string | null): boolean {
  return viewer.isAdmin || collegeId === viewer.collegeId;
}

/** Authors edit and delete their own content; admins any. */
export function canModify(viewer: Viewer, authorId: string): boolean {
  return viewer.isAdmin || viewer.userId === authorId;
}
