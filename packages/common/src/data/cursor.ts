import { badRequest } from '../errors';

/*
 * Quad's one page cursor: a keyset position, the sort key of the last item a page showed (one or
 * more integers, compared in order) and its id (which breaks ties), as base64url of
 * `<k1>[,<k2>…].<id>`. Repository lists (one key: the list's score), the ideas hub's in-memory
 * rankings and the notification bell page with it. A cursor this code did not issue is refused
 * here, where it is read, with the one 400 every list answers.
 */

export const INVALID_CURSOR_MESSAGE = 'Invalid cursor.';

export interface CursorPosition {
  key: number[];
  id: string;
}

export function encodeCursor(position: CursorPosition): string {
  return Buffer.from(`${position.key.join(',')}.${position.id}`, 'utf8').toString('base64url');
}

/** The position a cursor names (with `keyLength` keys when given); 400 'Invalid cursor.' for one this code did not issue. */
export function decodeCursor(cursor: string, keyLength?: number): CursorPosition {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const cut = text.indexOf('.');
  const parts = cut < 1 ? [] : text.slice(0, cut).split(',');
  const id = text.slice(cut + 1);
  const valid =
    parts.length > 0 &&
    (keyLength === undefined || parts.length === keyLength) &&
    parts.every((part) => /^-?\d{1,17}$/.test(part)) &&
    id.length > 0 &&
    id.length <= 200;
  if (!valid) throw badRequest(INVALID_CURSOR_MESSAGE);
  return { key: parts.map(Number), id };
}
