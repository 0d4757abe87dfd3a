import type { ModerationPerson } from '@quad/contracts';
import { formatDateAndTime } from '../../../../lib/time';

export function personName(person: ModerationPerson | null, fallback = 'Unknown user'): string {
  if (!person) return fallback;
  return `${person.firstName} ${person.lastName}`.trim() || person.email || fallback;
}

export function formatDateTime(iso: string | null): string {
  if (!iso) return '—';
  return formatDateAndTime(iso);
}

/** Ban durations of spec section 9, as the ban dialog offers them. */
export const BAN_DURATION_LABELS: Record<number, string> = {
  1: '1 hour',
  6: '6 hours',
  24: '24 hours',
  72: '3 days',
  168: '7 days',
  720: '30 days',
};
