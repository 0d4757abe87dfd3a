import { defineModel, nullable, required, versionField, withDefault } from '@quad/common';
import type { Model } from 'mongoose';
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

export const paymentModel = defineModel<PaymentDoc>({
  name: 'PaymentRequest',
  collection: 'payment_requests',
  timestamps: true,
  fields: {
    _id: required(String),
    version: versionField(),
    userId: required(String),
    userEmail: nullable(String),
    firstName: withDefault(String, ''),
    lastName: withDefault(String, ''),
    venmoUsername: required(String),
    notes: withDefault(String, ''),
    amount: required(String),
    status: withDefault(String, 'pending', { enum: ['pending', 'approved', 'rejected'] }),
    decidedAt: nullable(Date),
    decidedBy: nullable(String),
  },
  indexes: [{ status: 1, createdAt: -1 }],
});

export type PaymentModel = Model<PaymentDoc>;
