import { defineModel, nullable, required, withDefault } from '@quad/common';
import type { Model } from 'mongoose';
import { NOTIFICATION_KINDS, type NotificationKind } from '@quad/contracts';

/**
 * What is e-mailed of a notification: nothing; at once (`due` until the SMTP server took it, then
 * `sent`); or in the next daily digest (`digest`, then `digested`).
 */
export type EmailState = 'none' | 'due' | 'sent' | 'digest' | 'digested';

/**
 * One notification of one user. Its `_id` is derived from the event that made it and the
 * recipient (`<kind>:<event id>:<user id>`), so a replayed event inserts nothing new. A missed
 * message is the exception: one per conversation (`message:<chat id>:<user id>`), moved up by
 * newer messages and guarded by the event's stream `sequence`, so a replayed old event changes
 * nothing.
 */
export interface NotificationDoc {
  _id: string;
  userId: string;
  kind: NotificationKind;
  /** Who caused it as shown ("Someone" for an anonymous author); null for the platform. Never an id. */
  actorName: string | null;
  text: string;
  link: string;
  createdAt: Date;
  readAt: Date | null;
  /** In the bell (the kind's in-app preference was on when it came); e-mail-only ones are not. */
  shown: boolean;
  emailState: EmailState;
  /** Missed messages only: the newest event applied. */
  sequence?: number;
}

export const notificationModel = defineModel<NotificationDoc>({
  name: 'Notification',
  collection: 'notifications',
  fields: {
    _id: required(String),
    userId: required(String),
    kind: required(String, { enum: NOTIFICATION_KINDS }),
    actorName: nullable(String),
    text: required(String),
    link: required(String),
    createdAt: required(Date),
    readAt: nullable(Date),
    shown: withDefault(Boolean, true),
    emailState: withDefault(String, 'none'),
    sequence: Number,
  },
  indexes: [
    // The bell's list (newest first, keyset by createdAt then _id) and its unread count.
    { userId: 1, shown: 1, createdAt: -1, _id: -1 },
    { userId: 1, shown: 1, readAt: 1 },
    // The digest's and the e-mail retry's scans.
    { emailState: 1, createdAt: 1 },
  ],
});

export type NotificationModel = Model<NotificationDoc>;
