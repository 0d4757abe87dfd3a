import {
  type Logger,
  type Repository,
  type ServiceRuntime,
  type UserDirectory,
  createRepository,
  directoryModel,
  perRuntime,
} from '@quad/common';
import type { Config } from '../config';
import { type CommerceModels, commerceModels } from '../models';
import type { AccountDoc } from '../models/account-model';
import type { HistoryDoc } from '../models/history-model';
import type { PaymentDoc } from '../models/payment-model';
import { historyOf, paymentQueue, paymentsWithStatus } from './lists';
import { type Mailer, createMailer } from './mailer';

/**
 * What commerce domain code works with: a repository per collection, the cached user directory,
 * the mailer, and the clock (injected, so tests can make a subscription that has already run out).
 */
export interface CommerceContext {
  models: CommerceModels;
  accounts: Repository<AccountDoc>;
  payments: Repository<PaymentDoc>;
  history: Repository<HistoryDoc>;
  directory: UserDirectory;
  /** Finds a user by e-mail in the directory copy (admin grants only: a scan, never on a hot path). */
  findUserIdByEmail(email: string): Promise<string | null>;
  mailer: Mailer;
  paymentMode: Config['PAYMENT_MODE'];
  now(): Date;
  logger: Logger;
}

export const commerceContext = perRuntime(
  (
    runtime: ServiceRuntime<Config>,
    overrides: Partial<Pick<CommerceContext, 'now' | 'mailer'>> = {},
  ): CommerceContext => {
    const models = commerceModels(runtime.db);
    const Directory = directoryModel(runtime.db);
    return {
      models,
      accounts: createRepository<AccountDoc>(runtime, { model: models.Account, name: 'accounts' }),
      payments: createRepository<PaymentDoc>(runtime, {
        model: models.Payment,
        name: 'payments',
        listsOf: () => [paymentQueue, paymentsWithStatus('pending'), paymentsWithStatus('approved'), paymentsWithStatus('rejected')],
      }),
      history: createRepository<HistoryDoc>(runtime, {
        model: models.History,
        name: 'history',
        listsOf: (entry) => [historyOf(entry.userId)],
      }),
      directory: runtime.directory,
      async findUserIdByEmail(email) {
        const entry = await Directory.findOne({ email: email.trim().toLowerCase() }).lean().exec();
        return entry?._id ?? null;
      },
      mailer: overrides.mailer ?? createMailer(runtime.config, runtime.logger),
      paymentMode: runtime.config.PAYMENT_MODE,
      now: overrides.now ?? (() => new Date()),
      logger: runtime.logger,
    };
  },
);
