import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import type { AuditEntry, EventData } from '@quad/contracts';
import type { ModerationContext } from './context';
import { peopleById } from './people';

export interface AdminAction {
  adminId: string;
  action: string;
  targetUserId?: string | null;
  targetId?: string | null;
  reason?: string | null;
  details?: Record<string, unknown>;
}

/**
 * Announces one of moderation's own admin actions as every service does (audit.admin.action); the
 * audit log consumer stores it like any other service's. `actionId` is derived from what was done
 * when the caller can name it, so a retried publish is stored once.
 */
export async function announceAdminAction(ctx: ModerationContext, action: AdminAction, actionId: string = randomUUID()): Promise<void> {
  await ctx.publisher.publish(
    'audit.admin.action',
    {
      actionId,
      adminId: action.adminId,
      action: action.action,
      targetUserId: action.targetUserId ?? null,
      targetId: action.targetId ?? null,
      reason: action.reason ?? null,
      details: action.details ?? {},
      at: ctx.now().toISOString(),
    },
    `audit.admin.action:${actionId}`,
  );
}

/** Stores an admin action from any service under its actionId: a redelivery writes the same document again. */
export async function recordAdminAction(ctx: ModerationContext, data: EventData<'audit.admin.action'>): Promise<void> {
  const { actionId, ...fields } = data;
  await ctx.models.AuditEntry.updateOne(
    { _id: actionId },
    { $set: { ...fields, at: new Date(fields.at), details: fields.details ?? {} } },
    { upsert: true },
  );
}

/** Newest first, `limit` at a time; `before` is the ISO time of the last entry of the previous page. */
export async function listAuditLog(ctx: ModerationContext, query: { limit: number; before?: string }): Promise<AuditEntry[]> {
  const before = query.before ? new Date(query.before) : null;
  const filter = before && !Number.isNaN(before.getTime()) ? { at: mongoose.trusted({ $lt: before }) } : {};
  const entries = await ctx.models.AuditEntry.find(filter).sort({ at: -1, _id: -1 }).limit(query.limit).lean();
  const people = await peopleById(ctx, entries.map((entry) => entry.adminId));
  return entries.map((entry) => ({
    id: entry._id,
    adminId: entry.adminId,
    admin: people.get(entry.adminId) ?? null,
    action: entry.action,
    targetUserId: entry.targetUserId,
    targetId: entry.targetId,
    reason: entry.reason,
    details: entry.details ?? {},
    at: entry.at.toISOString(),
  }));
}
