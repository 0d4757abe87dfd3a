import mongoose, { type Connection, type Model } from 'mongoose';
import type { SubscriptionHistoryEntry } from '@quad/contracts';

/**
 * One fact of a student's subscription history (a payment submitted or decided, a grant, a mock
 * payment, a cancellation), under an id derived from the fact, so writing it twice stores it once.
 */
export interface HistoryDoc {
  _id: string;
  version: number;
  userId: string;
  kind: SubscriptionHistoryEntry['kind'];
  expiresAt: Date | null;
  months: number | null;
  venmoUsername: string | null;
  createdAt: Date;
}

const historySchema = new mongoose.Schema<HistoryDoc>(
  {
    _id: { type: String, required: true },
    version: { type: Number, default: 0 },
    userId: { type: String, required: true },
    kind: { type: String, required: true },
    expiresAt: { type: Date, default: null },
    months: { type: Number, default: null },
    venmoUsername: { type: String, default: null },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'subscription_history' },
);
historySchema.index({ userId: 1, createdAt: -1 });

export type HistoryModel = Model<HistoryDoc>;

export function historyModel(db: Connection): HistoryModel {
  return (db.models.SubscriptionHistory as HistoryModel) ?? db.model<HistoryDoc>('SubscriptionHistory', historySchema);
}
