import mongoose, { type Connection, type Model } from 'mongoose';

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

const auditLogSchema = new mongoose.Schema<AuditLogRecord>(
  {
    action: { type: String, enum: AUDIT_ACTIONS, required: true },
    actorId: { type: String, default: null },
    targetUserId: { type: String, default: null },
    ip: { type: String, default: null },
    details: { type: mongoose.Schema.Types.Mixed, default: {} },
    createdAt: { type: Date, default: Date.now },
  },
  { versionKey: false, collection: 'audit_log' },
);
auditLogSchema.index({ createdAt: -1 });
auditLogSchema.index({ targetUserId: 1, createdAt: -1 });

export type AuditLogModel = Model<AuditLogRecord>;

export function auditLogModel(db: Connection): AuditLogModel {
  return (db.models.AuditLog as AuditLogModel) ?? db.model<AuditLogRecord>('AuditLog', auditLogSchema);
}
