import {
  type ServiceContextTools,
  createMailSender,
  createMediaStore,
  defineServiceContext,
} from '@quad/common';
import type { Config } from '../config';
import { authModels } from '../models';
import {
  adminAccounts,
  allUsers,
  statFactsOf,
  userSearchTerms,
  usersByName,
  usersOfCollege,
  usersOldestFirst,
} from './lists';

/**
 * What auth's domain functions work with (common's service context): no request, no response, only
 * the service's own resources. One set per runtime, shared by the HTTP routes and the event consumers.
 */
export const authServiceContext = defineServiceContext(
  authModels,
  (models, { repository, runtime }: ServiceContextTools<Config>) => ({
    /** The only writer of user documents: every change bumps the version and records its event in the outbox. */
    users: repository(models.User, 'users', {
      listsOf: (user) => [
        allUsers,
        usersOldestFirst,
        usersByName,
        adminAccounts,
        ...(user.collegeId ? [usersOfCollege(user.collegeId)] : []),
      ],
      searchTermsOf: userSearchTerms,
    }),
    /** The facts behind the profile stat cards (models/stat-fact-model.ts). */
    stats: repository(models.StatFact, 'stat_facts', (fact) => [statFactsOf(fact.userId, fact.counter)]),
    /** Named admins' authenticators (two-factor.ts), one per admin. */
    secondFactors: repository(models.SecondFactor, 'second_factors'),
    /** Invitations to become an admin, by the hash of their link's token. */
    adminInvites: repository(models.AdminInvite, 'admin_invites'),
    /** Links that confirm a student's e-mail address, by the hash of their token (email-confirmation.ts). */
    emailConfirmations: repository(models.EmailConfirmation, 'email_confirmations'),
    /** Sends the e-mails auth sends (admin invitations, e-mail confirmation links). */
    mail: createMailSender(runtime.config, runtime.logger),
    media: createMediaStore(runtime.config),
    /** Prefix of this deployment's Redis rate-limit keys: the service name, unique per test file. */
    namespace: runtime.consumerPrefix,
  }),
);
export type AuthServiceContext = ReturnType<typeof authServiceContext>;
