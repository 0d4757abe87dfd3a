import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { tooManyAttemptsMessage } from '@quad/contracts';

/**
 * Every failed call surfaces as one shape. `message` follows spec section 8 exactly:
 * "<status>: <body text>" (or the status text when the body is empty), so callers can match
 * on it (e.g. "403: {\"message\":\"Account suspended\",…}").
 */
export interface ApiError {
  status: number | 'FETCH_ERROR' | 'PARSING_ERROR' | 'TIMEOUT_ERROR' | 'CUSTOM_ERROR';
  message: string;
  /** The raw response body text (empty when there was no response). */
  body: string;
  /** Seconds until a refused call may be retried, from a 429's (or 503's) `Retry-After`. */
  retryAfterSeconds?: number;
}

/** `Retry-After` as seconds: either delay-seconds or an HTTP date (RFC 9110 §10.2.3). */
function retryAfterSeconds(response?: Response): number | undefined {
  const header = response?.headers.get('Retry-After');
  if (!header) return undefined;
  const seconds = /^\d+$/.test(header.trim()) ? Number(header) : (Date.parse(header) - Date.now()) / 1000;
  return Number.isFinite(seconds) ? Math.max(0, seconds) : undefined;
}

export function toApiError(error: FetchBaseQueryError, response?: Response): ApiError {
  if (typeof error.status === 'number') {
    const body = typeof error.data === 'string' ? error.data : error.data == null ? '' : JSON.stringify(error.data);
    return {
      status: error.status,
      body,
      message: `${error.status}: ${body || response?.statusText || ''}`.trimEnd(),
      retryAfterSeconds: retryAfterSeconds(response),
    };
  }
  if (error.status === 'PARSING_ERROR') {
    return { status: error.originalStatus, body: error.data, message: `${error.originalStatus}: ${error.data}` };
  }
  return { status: error.status, body: '', message: error.error };
}

export function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && 'status' in value && typeof (value as ApiError).message === 'string';
}

/** The `{message}` the server put in an error body, if any — for toasts that show "server message or …". */
export function serverMessage(error: unknown): string | undefined {
  if (!isApiError(error) || !error.body) return undefined;
  try {
    const parsed: unknown = JSON.parse(error.body);
    if (parsed && typeof parsed === 'object' && typeof (parsed as { message?: unknown }).message === 'string') {
      return (parsed as { message: string }).message || undefined;
    }
  } catch {
    // A plain-text body is the message itself, unless it is an HTML error page.
    if (!error.body.trimStart().startsWith('<')) return error.body;
  }
  return undefined;
}

export function errorStatus(error: unknown): ApiError['status'] | undefined {
  return isApiError(error) ? error.status : undefined;
}

/**
 * For a refused attempt (429): 'Too many attempts, try again in N minutes.', N from Retry-After
 * rounded up and at least 1 (the server's own message when it sent no Retry-After). Otherwise undefined.
 */
export function tooManyAttemptsText(error: unknown): string | undefined {
  if (!isApiError(error) || error.status !== 429) return undefined;
  if (error.retryAfterSeconds === undefined) return serverMessage(error) ?? tooManyAttemptsMessage(60);
  return tooManyAttemptsMessage(error.retryAfterSeconds);
}
