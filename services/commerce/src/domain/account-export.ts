import { exported } from '@quad/common';
import type { ServiceExport } from '@quad/contracts';
import type { CommerceContext } from './context';

/** Commerce's part of a student's download: the subscription, its history and their payment requests. */
export async function exportCommerceUser(ctx: CommerceContext, userId: string): Promise<ServiceExport> {
  const { Account, Payment, History } = ctx.models;
  const [account, payments, history] = await Promise.all([
    Account.findById(userId).lean(),
    Payment.find({ userId }).lean(),
    History.find({ userId }).lean(),
  ]);
  return {
    records: { subscription: account ? exported(account) : null, payments: payments.map(exported), subscriptionHistory: history.map(exported) },
    images: [],
  };
}
