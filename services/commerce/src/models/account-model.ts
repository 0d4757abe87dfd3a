import mongoose, { type Connection, type Model } from 'mongoose';

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

const accountSchema = new mongoose.Schema<AccountDoc>(
  {
    _id: { type: String, required: true },
    version: { type: Number, default: 0 },
    expiresAt: { type: Date, default: null },
    cancelledAt: { type: Date, default: null },
    pendingPaymentId: { type: String, default: null },
  },
  { versionKey: false, timestamps: true, collection: 'subscription_accounts' },
);

export type AccountModel = Model<AccountDoc>;

export function accountModel(db: Connection): AccountModel {
  return (db.models.SubscriptionAccount as AccountModel) ?? db.model<AccountDoc>('SubscriptionAccount', accountSchema);
}
