import {
  type Logger,
  type MailSender,
  type MediaStore,
  type Redis,
  type Repository,
  type ServiceRuntime,
  type UserDirectory,
  createMailSender,
  createMediaStore,
  createRepository,
  perRuntime,
} from '@quad/common';
import type { Config } from '../config';
import { type AuthModels, authModels } from '../models';
import type { AdminInviteRecord } from '../models/admin-invite-model';
import type { EmailConfirmationRecord } from '../models/email-confirmation-model';
import type { SecondFactorRecord } from '../models/second-factor-model';
import type { StatFactRecord } from '../models/stat-fact-model';
import type { UserRecord } from '../models/user-model';
import { adminAccounts, allUsers, statFactsOf, userSearchTerms, usersByName, usersOfCollege, usersOldestFirst } from './lists';

/** What domain functions work with: no request, no response, only the service's own resources. */
export interface AuthDeps {
  config: Config;
  logger: Logger;
  redis: Redis;
  models: AuthModels;
  /** The only writer of user documents: every change bumps the version and records its event in the outbox. */
  users: Repository<UserRecord>;
  /** The facts behind the profile stat cards (models/stat-fact-model.ts). */
  stats: Repository<StatFactRecord>;
  /** Named admins' authenticators (two-factor.ts), one per admin. */
  secondFactors: Repository<SecondFactorRecord>;
  /** Invitations to become an admin, by the hash of their link's token. */
  adminInvites: Repository<AdminInviteRecord>;
  /** Links that confirm a student's e-mail address, by the hash of their token (email-confirmation.ts). */
  emailConfirmations: Repository<EmailConfirmationRecord>;
  /** Sends the e-mails auth sends (admin invitations, e-mail confirmation links). */
  mail: MailSender;
  /** The cached user directory: where a user's subscription expiry is read. */
  directory: UserDirectory;
  media: MediaStore;
  /** Prefix of this deployment's Redis rate-limit keys: the service name, unique per test file. */
  namespace: string;
}

/** One set of deps per runtime, shared by the HTTP routes and the event consumers. */
export const createAuthDeps = perRuntime((runtime: ServiceRuntime<Config>): AuthDeps => {
  const models = authModels(runtime.db);
  return {
    config: runtime.config,
    logger: runtime.logger,
    redis: runtime.redis,
    models,
    users: createRepository<UserRecord>(runtime, {
      model: models.User,
      name: 'users',
      listsOf: (user) => [allUsers, usersOldestFirst, usersByName, adminAccounts, ...(user.collegeId ? [usersOfCollege(user.collegeId)] : [])],
      searchTermsOf: userSearchTerms,
    }),
    stats: createRepository<StatFactRecord>(runtime, {
      model: models.StatFact,
      name: 'stat_facts',
      listsOf: (fact) => [statFactsOf(fact.userId, fact.counter)],
    }),
    secondFactors: createRepository<SecondFactorRecord>(runtime, { model: models.SecondFactor, name: 'second_factors' }),
    adminInvites: createRepository<AdminInviteRecord>(runtime, { model: models.AdminInvite, name: 'admin_invites' }),
    emailConfirmations: createRepository<EmailConfirmationRecord>(runtime, { model: models.EmailConfirmation, name: 'email_confirmations' }),
    mail: createMailSender(runtime.config, runtime.logger),
    directory: runtime.directory,
    media: createMediaStore(runtime.config),
    namespace: runtime.consumerPrefix,
  };
});
