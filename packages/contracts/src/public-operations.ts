/**
 * The operations anyone may call, by method and path: the entries of API_OPERATIONS
 * (api-operations.ts) whose access is 'public', in the same order (a test checks they are equal).
 * Kept apart from that table because every service's auth middleware asks "is this call public?"
 * on each request, and the full table imports every operation's zod schemas: loading it made each
 * service build every other service's schemas at start (about 2 MB of an idle process's memory).
 */

export type HttpMethod = 'get' | 'post' | 'put' | 'delete';

export const PUBLIC_OPERATIONS: ReadonlyArray<{ method: HttpMethod; path: string }> = [
  { method: 'post', path: '/api/register' },
  { method: 'post', path: '/api/login' },
  { method: 'post', path: '/api/auth/2fa/verify' },
  { method: 'post', path: '/api/register-admin' },
  { method: 'post', path: '/api/logout' },
  { method: 'get', path: '/api/debug/session' },
  { method: 'get', path: '/api/colleges' },
  { method: 'post', path: '/api/auth/verify-email' },
  { method: 'get', path: '/api/admin/admins/invites/:token' },
  { method: 'post', path: '/api/admin/admins/invites/:token/accept' },
];

/** An operation's method and path as a matcher (`:id` matches one path segment; a trailing slash is allowed). */
export function operationMatcher(op: { method: HttpMethod; path: string }): {
  method: string;
  pattern: RegExp;
} {
  // Paths are letters, digits, '-', '/' and ':param' only: nothing else needs escaping.
  return { method: op.method.toUpperCase(), pattern: new RegExp(`^${op.path.replace(/:\w+/g, '[^/]+')}/?$`) };
}

/** The request's method as the tables name it: HEAD is answered as GET. */
export const tableMethod = (method: string) =>
  method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();

const PUBLIC_MATCHERS = PUBLIC_OPERATIONS.map(operationMatcher);

/** Whether a request (`POST`, `/api/login`; no query string) calls an operation anyone may call. */
export function isPublicOperation(method: string, path: string): boolean {
  const upper = tableMethod(method);
  return PUBLIC_MATCHERS.some((matcher) => matcher.method === upper && matcher.pattern.test(path));
}
