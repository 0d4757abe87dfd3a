import { defineModel, nullable, required, versionField } from '@quad/common';
import type { Model } from 'mongoose';

/**
 * One student's subscription as commerce keeps it, under the student's id. Its only writer is
 * the commerce repository (a document lock across replicas), and its `version` counter is the
 * version of every `commerce.subscription.updated` event, so each service's copy applies them in
 * order. `pendingPaymentId` is the one payment request waiting for an admin: setting it under
 * the lock is what makes a second request at the same time a 409.
 */
export interface AccountDoc {
  _id: string;
  version: number;
  expiresAt: Date | null;
  cancelledAt: Date | null;
  pendingPaymentId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export const accountModel = defineModel<AccountDoc>({
  name: 'SubscriptionAccount',
  collection: 'subscription_accounts',
  timestamps: true,
  fields: {
    _id: required(String),
    version: versionField(),
    expiresAt: nullable(Date),
    cancelledAt: nullable(Date),
    pendingPaymentId: nullable(String),
  },
});

export type AccountModel = Model<AccountDoc>;
