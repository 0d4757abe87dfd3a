import mongoose, { type Connection, type Model } from 'mongoose';
import type { PaymentStatus } from '@quad/contracts';

/**
 * A payment a student says they sent through Venmo, waiting for an admin to check it. The
 * student's name and e-mail are copied from the directory when it is submitted, so the admin
 * list needs no second lookup. Written only through its repository.
 */
export interface PaymentDoc {
  _id: string;
  version: number;
  userId: string;
  userEmail: string | null;
  firstName: string;
  lastName: string;
  venmoUsername: string;
  notes: string;
  amount: string;
  status: PaymentStatus;
  decidedAt: Date | null;
  decidedBy: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const paymentSchema = new mongoose.Schema<PaymentDoc>(
  {
    _id: { type: String, required: true },
    version: { type: Number, default: 0 },
    userId: { type: String, required: true },
    userEmail: { type: String, default: null },
    firstName: { type: String, default: '' },
    lastName: { type: String, default: '' },
    venmoUsername: { type: String, required: true },
    notes: { type: String, default: '' },
    amount: { type: String, required: true },
    status: { type: String, enum: ['pending', 'approved', 'rejected'], default: 'pending' },
    decidedAt: { type: Date, default: null },
    decidedBy: { type: String, default: null },
  },
  { versionKey: false, timestamps: true, collection: 'payment_requests' },
);
paymentSchema.index({ status: 1, createdAt: -1 });

export type PaymentModel = Model<PaymentDoc>;

export function paymentModel(db: Connection): PaymentModel {
  return (db.models.PaymentRequest as PaymentModel) ?? db.model<PaymentDoc>('PaymentRequest', paymentSchema);
}
