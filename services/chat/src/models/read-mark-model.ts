import mongoose, { type Connection, type Model } from 'mongoose';

/**
 * How far one user has read one conversation: one document per (conversation, reader), written
 * only through its repository (serialized across replicas by the document lock) and only forward.
 * A message is read when it is at or before its receiver's mark.
 */
export interface ReadMarkDoc {
  _id: string;
  chatId: string;
  readerId: string;
  /** The last message read: its list position (time in ms, id). */
  upToScore: number;
  upToId: string;
  readAt: Date;
  version: number;
}

const readMarkSchema = new mongoose.Schema<ReadMarkDoc>(
  {
    _id: { type: String, required: true },
    chatId: { type: String, required: true },
    readerId: { type: String, required: true },
    upToScore: { type: Number, required: true },
    upToId: { type: String, required: true },
    readAt: { type: Date, required: true },
    version: { type: Number, default: 0 },
  },
  { versionKey: false, collection: 'read_marks' },
);

export const readMarkIdOf = (chatId: string, readerId: string) => `${chatId}|${readerId}`;

export type ReadMarkModel = Model<ReadMarkDoc>;

export function readMarkModel(db: Connection): ReadMarkModel {
  return (db.models.ReadMark as ReadMarkModel) ?? db.model<ReadMarkDoc>('ReadMark', readMarkSchema);
}
