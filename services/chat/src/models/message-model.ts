import { defineModel, nullable, required, versionField } from '@quad/common';
import type { Model, Types } from 'mongoose';

/**
 * A message, written once by its sender's request and never changed (read state lives in read
 * marks). Its ObjectId is made when it is stored, so within one process ids grow with time: a
 * conversation list orders equal milliseconds by id, which keeps a sender's burst in order.
 */
export interface MessageDoc {
  _id: Types.ObjectId;
  chatId: string;
  senderId: string;
  receiverId: string;
  content: string;
  /** The sender's own id for the message, so a resend after a lost ack finds the stored one. */
  clientId: string | null;
  createdAt: Date;
  version: number;
}

export const messageModel = defineModel<MessageDoc>({
  name: 'Message',
  collection: 'messages',
  fields: {
    chatId: required(String),
    senderId: required(String),
    receiverId: required(String),
    content: required(String),
    clientId: nullable(String),
    createdAt: required(Date),
    version: versionField(),
  },
  indexes: [
    // What a list rebuild scans by (on MongoDB; FerretDB scans anyway, and only on a rebuild).
    { chatId: 1, createdAt: -1 },
  ],
});

export type MessageModel = Model<MessageDoc>;
