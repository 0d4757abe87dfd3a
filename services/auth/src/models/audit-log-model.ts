import { defineModel, nullable, required, withDefault } from '@quad/common';
import mongoose, { type Model } from 'mongoose';

export const AUDIT_ACTIONS = [
  'admin.anonymous-created',
  'admin.anonymous-denied',
  'user.college-changed',
  'admin.bootstrap-session',
  'admin.invited',
  'admin.invite-accepted',
  'admin.removed',
  'admin.two-factor-enabled',
  'admin.two-factor-failed',
  'admin.recovery-code-used',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Who did what to whom, for admin events. Never holds a password or a token. */
export interface AuditLogRecord {
  action: AuditAction;
  /** The acting account; null when nobody is signed in (a refused admin attempt). */
  actorId: string | null;
  targetUserId: string | null;
  ip: string | null;
  details: Record<string, unknown>;
  createdAt: Date;
}

export const auditLogModel = defineModel<AuditLogRecord>({
  name: 'AuditLog',
  collection: 'audit_log',
  fields: {
    action: required(String, { enum: AUDIT_ACTIONS }),
    actorId: nullable(String),
    targetUserId: nullable(String),
    ip: nullable(String),
    details: withDefault(mongoose.Schema.Types.Mixed, {}),
    createdAt: withDefault(Date, Date.now),
  },
  indexes: [{ createdAt: -1 }, { targetUserId: 1, createdAt: -1 }],
});

export type AuditLogModel = Model<AuditLogRecord>;
