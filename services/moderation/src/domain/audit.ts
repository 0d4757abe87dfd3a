import { randomUUID } from 'node:crypto';
import type { AdminAuditQuery, AuditEntry, EventData } from '@quad/contracts';
import { adminListPage, type OutboxEvent, textMatches } from '@quad/common';
import type { AuditEntryDoc } from '../models/audit-entry-model';
import type { ModerationContext } from './context';
import { auditLog } from './lists';
import { alreadyThere, peopleById } from './people';

export interface AdminAction {
  adminId: string;
  action: string;
  targetUserId?: string | null;
  targetId?: string | null;
  reason?: string | null;
  details?: Record<string, unknown>;
}

/**
 * One of moderation's own admin actions as every service announces them (audit.admin.action),
 * to go out through the outbox with the write it records; the audit-log consumer stores it like
 * any other service's. `actionId` names what was done, so a retried publish is stored once.
 */
export function adminAction(ctx: ModerationContext, actionId: string, action: AdminAction): OutboxEvent {
  return {
    subject: 'audit.admin.action',
    eventId: `audit.admin.action:${actionId}`,
    data: {
      actionId,
      adminId: action.adminId,
      action: action.action,
      targetUserId: action.targetUserId ?? null,
      targetId: action.targetId ?? null,
      reason: action.reason ?? null,
      details: action.details ?? {},
      at: ctx.now().toISOString(),
    },
  };
}

export const newActionId = () => randomUUID();

/** Stores an admin action from any service once, under its actionId: a redelivery finds it there. */
export async function recordAdminAction(
  ctx: ModerationContext,
  data: EventData<'audit.admin.action'>,
  events: OutboxEvent[] = [],
): Promise<void> {
  const { actionId, ...fields } = data;
  try {
    await ctx.auditEntries.insert({ ...fields, _id: actionId, at: new Date(fields.at), details: fields.details ?? {} }, events);
  } catch (err) {
    if (!alreadyThere(err)) throw err;
  }
}

/**
 * The audit log for admins, newest first, a page at a time: by actor (the admin's id), action
 * (exact, or a prefix ending in '.' such as `payment.`), target (the user or item acted on) and
 * date range (read from the range's end, so an old range costs no scan of newer entries); a search
 * looks in the action, the reason and the acting admin's name.
 */
export async function listAuditLog(
  ctx: ModerationContext,
  query: AdminAuditQuery,
): Promise<{ entries: AuditEntry[]; nextCursor: string | null; total: number }> {
  const filtered = query.actor !== undefined || query.action !== undefined || query.target !== undefined || query.search !== undefined;
  const accept = filtered
    ? async (entries: AuditEntryDoc[]) => {
        const people = query.search ? await peopleById(ctx, entries.map((entry) => entry.adminId)) : null;
        return entries.map((entry) => {
          if (query.actor !== undefined && entry.adminId !== query.actor) return false;
          if (query.action !== undefined && !(query.action.endsWith('.') ? entry.action.startsWith(query.action) : entry.action === query.action)) return false;
          if (query.target !== undefined && entry.targetUserId !== query.target && entry.targetId !== query.target) return false;
          const admin = people?.get(entry.adminId);
          return textMatches(query.search, [entry.action, entry.reason, admin && `${admin.firstName} ${admin.lastName}`, operatorOf(entry)]);
        });
      }
    : undefined;
  const scoreRange = { min: query.from?.getTime(), max: query.to?.getTime() };
  const page = await adminListPage(ctx.auditEntries, auditLog(), query, { accept, scoreRange });
  const people = await peopleById(ctx, page.items.flatMap((entry) => [entry.adminId, entry.targetUserId]));
  return {
    total: page.total,
    nextCursor: page.nextCursor,
    entries: page.items.map((entry) => ({
      id: entry._id,
      adminId: entry.adminId,
      admin: people.get(entry.adminId) ?? null,
      action: entry.action,
      targetUserId: entry.targetUserId,
      targetUser: entry.targetUserId ? (people.get(entry.targetUserId) ?? null) : null,
      targetId: entry.targetId,
      reason: entry.reason,
      details: entry.details ?? {},
      at: entry.at.toISOString(),
    })),
  };
}

/** The operator handle a bootstrap (shared-password) session acted under, if any. */
function operatorOf(entry: AuditEntryDoc): string | null {
  const operator = entry.details?.operator;
  return typeof operator === 'string' ? operator : null;
}
