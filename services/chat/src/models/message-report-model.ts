import { defineModel, required, versionField } from '@quad/common';
import type { Model } from 'mongoose';

/**
 * That a student reported a chat message: one document per reporter and message under the id
 * `<reporterId>:<messageId>`, so a second report (from any replica at once) is a duplicate key.
 * The report itself, its status and its review are moderation's, from `chat.message.reported`.
 */
export interface MessageReportDoc {
  _id: string;
  reportId: string;
  reporterId: string;
  messageId: string;
  createdAt: Date;
  version: number;
}

export const messageReportModel = defineModel<MessageReportDoc>({
  name: 'MessageReport',
  collection: 'message_reports',
  fields: {
    _id: required(String),
    reportId: required(String),
    reporterId: required(String),
    messageId: required(String),
    createdAt: required(Date),
    version: versionField(),
  },
  indexes: [{ reporterId: 1 }],
});

export const messageReportIdOf = (reporterId: string, messageId: string) => `${reporterId}:${messageId}`;

export type MessageReportModel = Model<MessageReportDoc>;
