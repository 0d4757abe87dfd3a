import type { Connection } from 'mongoose';
import { accountModel } from './account-model';
import { historyModel } from './history-model';
import { paymentModel } from './payment-model';
import { sentMailModel } from './sent-mail-model';

/** Every commerce model on one connection; registering them all lets ensureIndexes build every index at start. */
export function commerceModels(db: Connection) {
  return {
    Account: accountModel(db),
    Payment: paymentModel(db),
    History: historyModel(db),
    SentMail: sentMailModel(db),
  };
}
export type CommerceModels = ReturnType<typeof commerceModels>;
