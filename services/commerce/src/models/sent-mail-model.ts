import { defineModel, required } from '@quad/common';
import type { Model } from 'mongoose';

/**
 * An e-mail that went out, under the id of what it tells (`payment.approved:<paymentId>`): the job
 * that sends it (domain/payment-mail.ts) looks here first, so a redelivered event sends nothing
 * again. Written once per id.
 */
export interface SentMailDoc {
  _id: string;
  to: string;
  sentAt: Date;
}

export const sentMailModel = defineModel<SentMailDoc>({
  name: 'SentMail',
  collection: 'sent_mails',
  fields: {
    _id: required(String),
    to: required(String),
    sentAt: required(Date),
  },
});

export type SentMailModel = Model<SentMailDoc>;
