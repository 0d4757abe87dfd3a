const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export interface TimeFormatOptions {
  /** The clock to compare against; injected by tests. */
  now?: Date;
  locale?: string | string[];
  timeZone?: string;
}

/**
 * Time display of spec section 9: under an hour ago 'Just now', under a day the time of day,
 * otherwise the date. A timestamp slightly in the future (clock skew) also reads 'Just now';
 * an unparseable one renders as an empty string rather than 'Invalid Date'.
 */
export function formatTimestamp(value: string | number | Date, options: TimeFormatOptions = {}): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const now = options.now ?? new Date();
  const elapsed = now.getTime() - date.getTime();
  if (elapsed < HOUR_MS) return 'Just now';
  if (elapsed < DAY_MS) {
    return date.toLocaleTimeString(options.locale, { hour: 'numeric', minute: '2-digit', timeZone: options.timeZone });
  }
  return date.toLocaleDateString(options.locale, { year: 'numeric', month: 'short', day: 'numeric', timeZone: options.timeZone });
}
