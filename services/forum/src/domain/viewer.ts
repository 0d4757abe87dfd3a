import type { AuthContext, UserDirectory } from '@quad/common';

/** Who is asking, and which college's boards they see. */
export interface Viewer {
  userId: string;
  isAdmin: boolean;
  /** From the directory copy (it follows an admin's change of college), else the token's claim. */
  collegeId: string | null;
}

/** From the cached directory: no database round trip per request. */
export async function resolveViewer(directory: UserDirectory, auth: AuthContext): Promise<Viewer> {
  const entry = await directory.get(auth.userId);
  return { userId: auth.userId, isAdmin: auth.isAdmin, collegeId: entry?.collegeId ?? auth.collegeId };
}

/** Whether a viewer may see content of a college: their college's; admins see every college. */
export function canSee(viewer: Viewer, collegeId: string | null): boolean {
  return viewer.isAdmin || collegeId === viewer.collegeId;
}

/** Authors edit and delete their own content; admins any. */
export function canModify(viewer: Viewer, authorId: string): boolean {
  return viewer.isAdmin || viewer.userId === authorId;
}
