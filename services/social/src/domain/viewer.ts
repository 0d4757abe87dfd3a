import type { AuthContext, UserDirectory } from '@quad/common';

/** Who is asking, and which college's students they may befriend and find. */
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

/** Students befriend and find students of their own college; admins anyone. */
export function canReach(viewer: Viewer, collegeId: string | null): boolean {
  return viewer.isAdmin || (viewer.collegeId !== null && collegeId === viewer.collegeId);
}
