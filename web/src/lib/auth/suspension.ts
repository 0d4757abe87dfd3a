import type { SuspendedBody } from '@quad/contracts';
import { isApiError } from '../../api/api-error';

export const DEFAULT_SUSPENSION_REASON = 'Violation of community guidelines';

export interface Suspension {
  reason: string;
  /** ISO time the ban ends, or null when it does not (or the server did not say). */
  expiresAt: string | null;
}

/**
 * A session is banned when the user fetch fails with a message containing 'Account suspended';
 * the message is "403: " followed by the JSON body {message, reason, expiresAt} (spec section 4).
 */
export function parseSuspension(error: unknown): Suspension | null {
  const message = isApiError(error) ? error.message : error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  if (!message.includes('Account suspended')) return null;
  const jsonStart = message.indexOf('{');
  if (jsonStart >= 0) {
    try {
      // Read leniently: a missing or null field falls back rather than hiding the ban.
      const body = JSON.parse(message.slice(jsonStart)) as Partial<Record<keyof SuspendedBody, unknown>>;
      const reason = typeof body.reason === 'string' && body.reason.trim() ? body.reason.trim() : DEFAULT_SUSPENSION_REASON;
      const expiresAt = typeof body.expiresAt === 'string' && body.expiresAt ? body.expiresAt : null;
      return { reason, expiresAt };
    } catch {
      /* a malformed body still means the account is suspended */
    }
  }
  return { reason: DEFAULT_SUSPENSION_REASON, expiresAt: null };
}
