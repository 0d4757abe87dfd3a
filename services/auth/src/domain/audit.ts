import type { AuthModels } from '../models';
import type { AuditLogRecord } from '../models/audit-log-model';

/** Records an admin event. Callers pass identifiers and facts only, never a password or a token. */
export async function audit(
  models: AuthModels,
  entry: Pick<AuditLogRecord, 'action'> & Partial<Omit<AuditLogRecord, 'action' | 'createdAt'>>,
): Promise<void> {
  await models.AuditLog.create({
    actorId: null,
    targetUserId: null,
    ip: null,
    details: {},
    ...entry,
  });
}
