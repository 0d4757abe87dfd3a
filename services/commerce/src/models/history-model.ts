import { defineModel, nullable, required, versionField } from '@quad/common';
import type { Model } from 'mongoose';
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

export const historyModel = defineModel<HistoryDoc>({
  name: 'SubscriptionHistory',
  collection: 'subscription_history',
  fields: {
    _id: required(String),
    version: versionField(),
    userId: required(String),
    kind: required(String),
    expiresAt: nullable(Date),
    months: nullable(Number),
    venmoUsername: nullable(String),
    createdAt: required(Date),
  },
  indexes: [{ userId: 1, createdAt: -1 }],
});

export type HistoryModel = Model<HistoryDoc>;
