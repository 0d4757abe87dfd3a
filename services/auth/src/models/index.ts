import type { Connection } from 'mongoose';
import { adminInviteModel } from './admin-invite-model';
import { auditLogModel } from './audit-log-model';
import { collegeModel } from './college-model';
import { emailConfirmationModel } from './email-confirmation-model';
import { settingsModel } from './settings-model';
import { secondFactorModel } from './second-factor-model';
import { revokedAdminModel } from './revoked-admin-model';
import { revokedTokenModel } from './revoked-token-model';
import { statFactModel } from './stat-fact-model';
import { userModel } from './user-model';

/** Registers every auth model on the service's connection (so ensureIndexes sees them) and returns them. */
export function authModels(db: Connection) {
  return {
    College: collegeModel(db),
    User: userModel(db),
    AuditLog: auditLogModel(db),
    StatFact: statFactModel(db),
    Settings: settingsModel(db),
    AdminInvite: adminInviteModel(db),
    SecondFactor: secondFactorModel(db),
    RevokedToken: revokedTokenModel(db),
    RevokedAdmin: revokedAdminModel(db),
    EmailConfirmation: emailConfirmationModel(db),
  };
}
export type AuthModels = ReturnType<typeof authModels>;
