import { type OutboxEvent, type Repository, type Viewer, forbidden, notFound } from '@quad/common';

export type { Viewer };

/** Whether a viewer may see content of a college: their college's; admins see every college. */
export function canSee(viewer: Viewer, collegeId: string | null): boolean {
  return viewer.isAdmin || collegeId === viewer.collegeId;
}

/** Authors edit and delete their own content; admins any. */
export function canModify(viewer: Viewer, authorId: string): boolean {
  return viewer.isAdmin || viewer.userId === authorId;
}

/** Stops anyone but the author and admins (canModify) with a 403 saying `refusal`. */
export function assertMayModify(viewer: Viewer, authorId: string, refusal: string): void {
  if (!canModify(viewer, authorId)) throw forbidden(refusal);
}

/**
 * Edits a post or comment for its author or an admin (403 with `refusal` for anyone else), its
 * event recorded with the write; 404 with `gone` when it was deleted meanwhile.
 */
export async function editOwn<T extends { _id: unknown; version: number; authorId: string }>(
  viewer: Viewer,
  repository: Repository<T>,
  doc: T,
  edit: { fields: Partial<Omit<T, '_id' | 'version'>>; event: (next: T) => OutboxEvent },
  messages: { refusal: string; gone: string },
): Promise<T> {
  assertMayModify(viewer, doc.authorId, messages.refusal);
  const updated = await repository.update(
    doc._id,
    () => edit.fields,
    (next) => [edit.event(next)],
  );
  if (!updated) throw notFound(messages.gone);
  return updated;
}

/** What a new post, comment, idea or poll records about its making: its author and the time, twice (created and updated). */
export function authoredNow(viewer: Viewer): { authorId: string; createdAt: Date; updatedAt: Date } {
  const now = new Date();
  return { authorId: viewer.userId, createdAt: now, updatedAt: now };
}
