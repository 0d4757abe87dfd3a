import { defineModel, nullable, required, versionField, withDefault } from '@quad/common';
import mongoose, { type Model } from 'mongoose';

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

export const auditEntryModel = defineModel<AuditEntryDoc>({
  name: 'AuditEntry',
  collection: 'audit_log',
  minimize: false,
  fields: {
    _id: required(String),
    version: versionField(),
    adminId: required(String),
    action: required(String),
    targetUserId: nullable(String),
    targetId: nullable(String),
    reason: nullable(String),
    details: withDefault(mongoose.Schema.Types.Mixed, {}),
    at: required(Date),
  },
  indexes: [{ at: -1 }],
});

export type AuditEntryModel = Model<AuditEntryDoc>;
