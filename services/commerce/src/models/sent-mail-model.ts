import mongoose, { type Connection, type Model } from 'mongoose';

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

const sentMailSchema = new mongoose.Schema<SentMailDoc>(
  {
    _id: { type: String, required: true },
    to: { type: String, required: true },
    sentAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'sent_mails' },
);

export type SentMailModel = Model<SentMailDoc>;

export function sentMailModel(db: Connection): SentMailModel {
  return (db.models.SentMail as SentMailModel) ?? db.model<SentMailDoc>('SentMail', sentMailSchema);
}
