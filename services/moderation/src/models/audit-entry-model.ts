import mongoose, { type Connection, type Model } from 'mongoose';

/** One admin action of any service (audit.admin.action), under its actionId: stored once however often delivered. */
export interface AuditEntryDoc {
  _id: string;
  /** Bumped by every write (the repository's cache version). */
  version: number;
  adminId: string;
  action: string;
  targetUserId: string | null;
  targetId: string | null;
  reason: string | null;
  details: Record<string, unknown>;
  at: Date;
}

const auditEntrySchema = new mongoose.Schema<AuditEntryDoc>(
  {
    _id: { type: String, required: true },
    version: { type: Number, default: 0 },
    adminId: { type: String, required: true },
    action: { type: String, required: true },
    targetUserId: { type: String, default: null },
    targetId: { type: String, default: null },
    reason: { type: String, default: null },
    details: { type: mongoose.Schema.Types.Mixed, default: {} },
    at: { type: Date, required: true },
  },
  { versionKey: false, collection: 'audit_log', minimize: false },
);
auditEntrySchema.index({ at: -1 });

export type AuditEntryModel = Model<AuditEntryDoc>;

export function auditEntryModel(db: Connection): AuditEntryModel {
  return (db.models.AuditEntry as AuditEntryModel) ?? db.model<AuditEntryDoc>('AuditEntry', auditEntrySchema);
}
