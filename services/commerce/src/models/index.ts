import { modelRegistry } from '@quad/common';
import { accountModel } from './account-model';
import { historyModel } from './history-model';
import { paymentModel } from './payment-model';
import { sentMailModel } from './sent-mail-model';

/** Every commerce model on one connection; registering them all lets ensureIndexes build every index at start. */
export const commerceModels = modelRegistry({
  Account: accountModel,
  Payment: paymentModel,
  History: historyModel,
  SentMail: sentMailModel,
});
export type CommerceModels = ReturnType<typeof commerceModels>;
