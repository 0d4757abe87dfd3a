import mongoose, { type Connection, type Model, type Types } from 'mongoose';

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

const messageSchema = new mongoose.Schema<MessageDoc>(
  {
    chatId: { type: String, required: true },
    senderId: { type: String, required: true },
    receiverId: { type: String, required: true },
    content: { type: String, required: true },
    clientId: { type: String, default: null },
    createdAt: { type: Date, required: true },
    version: { type: Number, default: 0 },
  },
  { versionKey: false, collection: 'messages' },
);
// What a list rebuild scans by (on MongoDB; FerretDB scans anyway, and only on a rebuild).
messageSchema.index({ chatId: 1, createdAt: -1 });

export type MessageModel = Model<MessageDoc>;

export function messageModel(db: Connection): MessageModel {
  return (db.models.Message as MessageModel) ?? db.model<MessageDoc>('Message', messageSchema);
}
