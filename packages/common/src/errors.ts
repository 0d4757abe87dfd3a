import type { ErrorRequestHandler, RequestHandler } from 'express';
import { MulterError } from 'multer';
import { ZodError } from 'zod';
import type { Logger } from './logger';

/** The one error class routes and domain code throw; the handler turns it into `{message, ...extra}` (and `headers`). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Not authenticated') => new HttpError(401, message);
export const forbidden = (message = 'Forbidden') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
/** 429 with `Retry-After` (whole seconds, at least 1), as every refusal for going too fast answers. */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, {}, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
export const paymentRequired = (
  message = 'An active subscription is required to use this feature.',
) => new HttpError(402, message);

/** 503 with `Retry-After`: a dependency is out and the request changed nothing; trying again later may succeed. */
export const serviceUnavailable = (
  message = 'The service is temporarily unavailable. Please try again in a moment.',
  retryAfterSeconds = 5,
) => new HttpError(503, message, {}, { 'Retry-After': String(retryAfterSeconds) });

/**
 * Errors that say a store did not answer (Redis timed out or is unreachable, MongoDB has no server
 * to talk to) rather than that the request was wrong or the code is: they become a clear 503.
 */
export function isDependencyOutage(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { name, message } = err as { name?: unknown; message?: unknown };
  if (
    typeof name === 'string' &&
    /^(MaxRetriesPerRequestError|Mongo(ose)?ServerSelectionError|MongoNetwork(Timeout)?Error|MongoNotConnectedError|MongoTopologyClosedError|MongoPoolClearedError)$/.test(name)
  ) {
    return true;
  }
  return typeof message === 'string' && /^(Command timed out|Connection is closed\.|Stream isn't writeable)|buffering timed out after/.test(message);
}

/** The first validation problem, phrased for a person. */
export function zodMessage(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request.';
  const field = issue.path.join('.');
  // zod 4 leaves the input out of issues, so its default wording tells a missing field
  // ("received undefined") from a wrong-typed one; a schema's own message is kept as written.
  const defaultWording = issue.code === 'invalid_type' && /^Invalid input: expected (\w+), received (\w+)/.exec(issue.message);
  if (defaultWording) {
    if (defaultWording[2] === 'undefined') return field ? `${field} is required.` : 'Request body is required.';
    const expected = `${/^[aeiou]/.test(defaultWording[1]!) ? 'an' : 'a'} ${defaultWording[1]}`;
    return field ? `${field} must be ${expected}.` : `Request body must be ${expected}.`;
  }
  return issue.message;
}

function isDuplicateKey(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 11000;
}

export function notFoundHandler(): RequestHandler {
  return (req, _res, next) => next(new HttpError(404, `No route for ${req.method} ${req.path}`));
}

/**
 * One handler for every error. Known errors keep their status and message; anything else is a
 * 500 whose details stay in the log, never in the response.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    let status = 500;
    let body: Record<string, unknown> = { message: 'Internal server error' };
    let headers: Record<string, string> = {};
    if (err instanceof HttpError) {
      status = err.status;
      body = { message: err.message, ...err.extra };
      headers = err.headers;
    } else if (err instanceof ZodError) {
      status = 400;
      body = { message: zodMessage(err) };
    } else if (isDuplicateKey(err)) {
      status = 409;
      body = { message: 'That record already exists.' };
    } else if (err instanceof MulterError) {
      status = err.code === 'LIMIT_FILE_SIZE' ? 413 : 400;
      body = { message: err.code === 'LIMIT_FILE_SIZE' ? 'File is too large (5 MB at most).' : err.message };
    } else if (err?.type === 'entity.parse.failed') {
      status = 400;
      body = { message: 'Malformed JSON body.' };
    } else if (err?.type === 'entity.too.large') {
      status = 413;
      body = { message: 'Request body is too large.' };
    } else if (isDependencyOutage(err)) {
      status = 503;
      body = { message: 'The service is temporarily unavailable. Please try again in a moment.' };
      headers = { 'Retry-After': '5' };
    } else if (typeof err?.status === 'number' && err.status >= 400 && err.status < 500) {
      status = err.status;
      body = { message: err.expose && err.message ? err.message : 'Bad request.' };
    }
    if (status >= 500) (req.log ?? logger).error({ err }, 'request failed');
    if (res.headersSent) return;
    res.set(headers).status(status).json(body);
  };
}
