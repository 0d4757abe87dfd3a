import { badRequest, isObjectId } from '@quad/common';

/**
 * Feed cursors point just past the last post of a page by its sort key (createdAt, _id), so a
 * page stays correct while new posts arrive on top. Opaque to clients: base64url of "<ms>.<id>".
 */
export interface FeedPosition {
  createdAt: Date;
  id: string;
}

export function encodeCursor(position: FeedPosition): string {
  return Buffer.from(`${position.createdAt.getTime()}.${position.id}`, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): FeedPosition {
  const [millis, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('.');
  const createdAt = new Date(Number(millis));
  if (!millis || !/^\d+$/.test(millis) || Number.isNaN(createdAt.getTime()) || !isObjectId(id)) {
    throw badRequest('Invalid cursor.');
  }
  return { createdAt, id };
}
