import { type ServiceContextTools, defineServiceContext, directoryModel } from '@quad/common';
import type { Config } from '../config';
import { commerceModels } from '../models';
import { historyOf, paymentQueue, paymentsWithStatus } from './lists';
import { createMailer } from './mailer';

/**
 * What commerce domain code works with (common's service context): a repository per collection, the
 * cached user directory, the mailer, and the clock (a test replaces it to make a subscription that
 * has already run out).
 */
export const commerceContext = defineServiceContext(
  commerceModels,
  (models, { repository, runtime }: ServiceContextTools<Config>) => {
    const Directory = directoryModel(runtime.db);
    return {
      accounts: repository(models.Account, 'accounts'),
      payments: repository(models.Payment, 'payments', () => [
        paymentQueue,
        paymentsWithStatus('pending'),
        paymentsWithStatus('approved'),
        paymentsWithStatus('rejected'),
      ]),
      history: repository(models.History, 'history', (entry) => [historyOf(entry.userId)]),
      /** Finds a user by e-mail in the directory copy (admin grants only: a scan, never on a hot path). */
      async findUserIdByEmail(email: string): Promise<string | null> {
        const entry = await Directory.findOne({ email: email.trim().toLowerCase() }).lean().exec();
        return entry?._id ?? null;
      },
      mailer: createMailer(runtime.config, runtime.logger),
      paymentMode: runtime.config.PAYMENT_MODE,
      now: (): Date => new Date(),
    };
  },
);
export type CommerceContext = ReturnType<typeof commerceContext>;
