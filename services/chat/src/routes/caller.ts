import type { Request, RequestHandler } from 'express';
import { answer, caller } from '@quad/common';
import type { Caller } from '../domain/people';

/** Who calls, as chat's domain reads it (requireAuth stands before every chat route). */
export function callerOf(req: Request): Caller {
  const { userId, isAdmin, collegeId } = caller(req);
  return { userId, isAdmin, collegeId };
}

/** Common's `answer` for the caller: `handle` gets them and the request. */
export function answerCaller(
  handle: (me: Caller, req: Request) => Promise<unknown>,
  status = 200,
): RequestHandler {
  return answer((req) => handle(callerOf(req), req), status);
}
