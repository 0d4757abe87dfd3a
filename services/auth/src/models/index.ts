import { modelRegistry } from '@quad/common';
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
export const authModels = modelRegistry({
  College: collegeModel,
  User: userModel,
  AuditLog: auditLogModel,
  StatFact: statFactModel,
  Settings: settingsModel,
  AdminInvite: adminInviteModel,
  SecondFactor: secondFactorModel,
  RevokedToken: revokedTokenModel,
  RevokedAdmin: revokedAdminModel,
  EmailConfirmation: emailConfirmationModel,
});
export type AuthModels = ReturnType<typeof authModels>;
