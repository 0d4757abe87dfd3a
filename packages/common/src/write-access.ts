import { VERIFY_MESSAGES, WRITE_REFUSAL_CODES } from '@quad/contracts';
import { HttpError } from './errors';
import type { DirectoryEntry } from './user-directory';

/*
 * The one check behind "until confirmed, a student can read but not post, comment, message or
 * vote" (issue 25). Every service that takes a student's writes decides it the same way, from its
 * own user-directory copy (kept from auth.user.* events, so no call to auth): the address must be
 * confirmed by its e-mailed link, and be at the student's college. Admins pass before this check.
 */

/**
 * Calls that change nothing another student sees (a view, a read receipt) and reporting abuse to
 * the admins: they stay open to a read-only account.
 */
const READ_SIDE_WRITES = [/^\/api\/posts\/[^/]+\/view$/, /^\/api\/messages\/read$/, /^\/api\/reports$/, /^\/api\/messages\/[^/]+\/report$/];

/** Whether a request writes content (every method but GET/HEAD/OPTIONS, except the read-side calls above). */
export function isContentWrite(method: string, path: string): boolean {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return false;
  return !READ_SIDE_WRITES.some((pattern) => pattern.test(path));
}

/** Why this user may not write yet, or null when they may. */
export function writeRefusal(entry: Pick<DirectoryEntry, 'emailConfirmed' | 'isVerified' | 'isAdmin'> | null): HttpError | null {
  if (!entry || entry.isAdmin) return null;
  if (entry.emailConfirmed === false) {
    return new HttpError(403, VERIFY_MESSAGES.confirmEmailFirst, { code: WRITE_REFUSAL_CODES.unconfirmed });
  }
  if (entry.isVerified === false) {
    return new HttpError(403, VERIFY_MESSAGES.collegeAddressRequired, { code: WRITE_REFUSAL_CODES.notCollegeAddress });
  }
  return null;
}

/** Throws the 403 of `writeRefusal`; for paths that are not express routes (chat's socket sends). */
export function assertMayWrite(entry: Pick<DirectoryEntry, 'emailConfirmed' | 'isVerified' | 'isAdmin'> | null): void {
  const refusal = writeRefusal(entry);
  if (refusal) throw refusal;
}
