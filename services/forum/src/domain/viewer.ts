import { type AuthContext, directoryModel } from '@quad/common';
import type { Connection } from 'mongoose';

/** Who is asking, and which college's boards they see. */
export interface Viewer {
  userId: string;
  isAdmin: boolean;
  /** From the directory copy (it follows an admin's change of college), else the token's claim. */
  collegeId: string | null;
}

export async function resolveViewer(db: Connection, auth: AuthContext): Promise<Viewer> {
  const entry = await directoryModel(db).findById(auth.userId, { collegeId: 1 }).lean();
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
