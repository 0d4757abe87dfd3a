import mongoose, { type Connection, type Model } from 'mongoose';

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

const messageReportSchema = new mongoose.Schema<MessageReportDoc>(
  {
    _id: { type: String, required: true },
    reportId: { type: String, required: true },
    reporterId: { type: String, required: true },
    messageId: { type: String, required: true },
    createdAt: { type: Date, required: true },
    version: { type: Number, default: 0 },
  },
  { versionKey: false, collection: 'message_reports' },
);
messageReportSchema.index({ reporterId: 1 });

export const messageReportIdOf = (reporterId: string, messageId: string) => `${reporterId}:${messageId}`;

export type MessageReportModel = Model<MessageReportDoc>;

export function messageReportModel(db: Connection): MessageReportModel {
  return (db.models.MessageReport as MessageReportModel) ?? db.model<MessageReportDoc>('MessageReport', messageReportSchema);
}
