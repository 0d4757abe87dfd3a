import mongoose, { type Connection, type Model } from 'mongoose';

/**
 * A conversation between two users, one document per pair under the pair's id (`chatIdOf`), so
 * two replicas opening it at once store it once. Written once and never updated: its last message,
 * activity time and unread counts are derived from the message lists (domain/lists.ts), because
 * FerretDB loses concurrent updates of one document.
 */
export interface ChatDoc {
  _id: string;
  /** Both users, sorted. */
  participantIds: [string, string];
  createdAt: Date;
  version: number;
}

const chatSchema = new mongoose.Schema<ChatDoc>(
  {
    _id: { type: String, required: true },
    participantIds: { type: [String], required: true },
    createdAt: { type: Date, default: () => new Date() },
    version: { type: Number, default: 0 },
  },
  { versionKey: false, collection: 'chats' },
);
chatSchema.index({ participantIds: 1 });

/** The one id of the conversation between `a` and `b`, whichever of them asks. */
export function chatIdOf(a: string, b: string): string {
  return a < b ? `${a}:${b}` : `${b}:${a}`;
}

export type ChatModel = Model<ChatDoc>;

export function chatModel(db: Connection): ChatModel {
  return (db.models.Chat as ChatModel) ?? db.model<ChatDoc>('Chat', chatSchema);
}
