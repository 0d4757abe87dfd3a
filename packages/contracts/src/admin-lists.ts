import { z } from 'zod';

/*
 * The query every admin list takes (users, payment requests, reports, bans, appeals, the audit
 * log): `?search=&cursor=&limit=` plus its own filters and sort. A page is at most 100 rows; the
 * next page's cursor comes in `X-Next-Cursor` (absent on the last page), and `X-Total-Count`
 * says how many the list holds before search and filters (the count on its tab).
 */

/** How an admin without a name (the shared-password bootstrap session) is shown to other admins. */
export const ADMIN_WITHOUT_NAME = 'Anonymous admin';

/** The most rows one answer of an admin list carries. */
export const ADMIN_LIST_MAX_LIMIT = 100;
export const ADMIN_LIST_DEFAULT_LIMIT = 50;
/** Response header of every admin list: how many rows the list (its status tab) holds before search and filters. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

const optionalQueryText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `search must be at most ${max} characters.`)
    .optional()
    .transform((value) => (value ? value : undefined));

/** A day (`2026-11-25`) or an instant (ISO 8601); a bare day as `to` means the end of that day. */
export const dateBound = (end: boolean) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (!value) return undefined;
      const dayOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
      const date = new Date(dayOnly ? `${value}T${end ? '23:59:59.999' : '00:00:00.000'}Z` : value);
      if (Number.isNaN(date.getTime())) {
        ctx.addIssue({ code: 'custom', message: 'Dates must look like 2026-11-25.' });
        return z.NEVER;
      }
      return date;
    });

export const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, name: string) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!value) return undefined;
      if (!(values as readonly string[]).includes(value)) {
        ctx.addIssue({ code: 'custom', message: `${name} must be one of ${values.join(', ')}.` });
        return z.NEVER;
      }
      return value as T[number];
    });

export const adminListQuerySchema = z.object({
  search: optionalQueryText(100),
  cursor: z.string().max(400, 'Invalid cursor.').optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number.' })
    .int('limit must be a whole number.')
    .min(1, 'limit must be at least 1.')
    .max(ADMIN_LIST_MAX_LIMIT, `limit must be at most ${ADMIN_LIST_MAX_LIMIT}.`)
    .optional()
    .default(ADMIN_LIST_DEFAULT_LIMIT),
});
export type AdminListQuery = z.output<typeof adminListQuerySchema>;

export const ADMIN_USER_SORTS = ['newest', 'oldest', 'name'] as const;
export const SUBSCRIPTION_STATES = ['active', 'expired', 'none'] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

/** GET /api/admin/users: search by name or e-mail (prefix of a name, the full name or the e-mail). */
export const adminUsersQuerySchema = adminListQuerySchema.extend({
  college: z.string().trim().max(40).optional().transform((value) => value || undefined),
  subscription: optionalEnum(SUBSCRIPTION_STATES, 'subscription'),
  banned: optionalEnum(['true', 'false'] as const, 'banned').transform((value) => (value === undefined ? undefined : value === 'true')),
  role: optionalEnum(['admin', 'student'] as const, 'role'),
  sort: optionalEnum(ADMIN_USER_SORTS, 'sort').transform((value) => value ?? 'newest'),
});
export type AdminUsersQuery = z.output<typeof adminUsersQuerySchema>;

export const ADMIN_PAYMENT_STATUSES = ['pending', 'approved', 'rejected'] as const;
/** GET /api/admin/payment-requests: pending first (oldest first), then decided (newest first). */
export const adminPaymentsQuerySchema = adminListQuerySchema.extend({
  status: optionalEnum(ADMIN_PAYMENT_STATUSES, 'status'),
  from: dateBound(false),
  to: dateBound(true),
});
export type AdminPaymentsQuery = z.output<typeof adminPaymentsQuerySchema>;

/** GET /api/admin/banned-users: bans in force, newest first. */
export const adminBansQuerySchema = adminListQuerySchema;

/** GET /api/admin/audit-log: by actor (admin id), action, target (user or item id) and date range. */
export const adminAuditQuerySchema = adminListQuerySchema.extend({
  actor: z.string().trim().max(100).optional().transform((value) => value || undefined),
  action: z.string().trim().max(100).optional().transform((value) => value || undefined),
  target: z.string().trim().max(100).optional().transform((value) => value || undefined),
  from: dateBound(false),
  to: dateBound(true),
});
export type AdminAuditQuery = z.output<typeof adminAuditQuerySchema>;
