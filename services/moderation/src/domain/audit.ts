import { randomUUID } from 'node:crypto';
import type { AuditEntry, EventData } from '@quad/contracts';
import { type OutboxEvent, badRequest } from '@quad/common';
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

/** Newest first, a page at a time (keyset cursor). */
export async function listAuditLog(
  ctx: ModerationContext,
  query: { limit: number; cursor?: string },
): Promise<{ entries: AuditEntry[]; nextCursor: string | null }> {
  let page;
  try {
    page = await ctx.auditEntries.page(auditLog(), { cursor: query.cursor ?? null, limit: query.limit });
  } catch (err) {
    if ((err as Error).name === 'InvalidCursorError' || (err as Error).message === 'Invalid cursor.') throw badRequest('Invalid cursor.');
    throw err;
  }
  const people = await peopleById(ctx, page.items.map((entry) => entry.adminId));
  return {
    nextCursor: page.nextCursor,
    entries: page.items.map((entry) => ({
      id: entry._id,
      adminId: entry.adminId,
      admin: people.get(entry.adminId) ?? null,
      action: entry.action,
      targetUserId: entry.targetUserId,
      targetId: entry.targetId,
      reason: entry.reason,
      details: entry.details ?? {},
      at: entry.at.toISOString(),
    })),
  };
}
