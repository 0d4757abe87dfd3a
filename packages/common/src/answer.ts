import type { Request, RequestHandler, Response } from 'express';
import { NEXT_CURSOR_HEADER } from '@quad/contracts';
import { type Viewer, viewerOf } from './viewer';

/*
 * The one shape of a route's last step: the access checks and parsing stand before it or in
 * `handle`, the domain call gives the answer, and the answer goes out as JSON. A thrown HttpError
 * reaches the service's error handler (express 5 passes on a rejected handler).
 */

/** A handler answering with what `handle` gives, as JSON with `status` (200 unless told). */
export function answer(
  handle: (req: Request, res: Response) => Promise<unknown>,
  status = 200,
): RequestHandler {
  return async (req, res) => {
    const body = await handle(req, res);
    res.status(status).json(body);
  };
}

/**
 * `answer` for the caller's view (memberOnly or signedIn stands before it): `handle` gets the
 * viewer and, on routes with one, the `:id` path parameter.
 */
export function answerViewer(
  handle: (viewer: Viewer, id: string, req: Request) => Promise<unknown>,
  status = 200,
): RequestHandler {
  return answer((req, res) => handle(viewerOf(res), pathParam(req), req), status);
}

/** `answerViewer` for a domain action of the shape (ctx, viewer, id): the answer is what it gives for `:id`. */
export function answerFor<C>(
  ctx: C,
  action: (ctx: C, viewer: Viewer, id: string) => Promise<unknown>,
  status = 200,
): RequestHandler {
  return answerViewer((viewer, id) => action(ctx, viewer, id), status);
}

/** `answerViewer` for a removal: `{ message }` once `remove` is done. */
export function answerRemoved(
  message: string,
  remove: (viewer: Viewer, id: string, req: Request) => Promise<unknown>,
): RequestHandler {
  return answerViewer(async (viewer, id, req) => {
    await remove(viewer, id, req);
    return { message };
  });
}

/** One page of a list: the items as a plain JSON array, the next page's cursor in X-Next-Cursor (absent on the last). */
export function sendPage(res: Response, items: unknown, nextCursor: string | null | undefined): void {
  if (nextCursor) res.setHeader(NEXT_CURSOR_HEADER, nextCursor);
  res.json(items);
}

/** A path parameter as a string (`:id` unless named). */
export function pathParam(req: Request, name = 'id'): string {
  return String(req.params[name]);
}
