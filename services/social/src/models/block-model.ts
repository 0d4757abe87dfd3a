import mongoose, { type Connection, type Model } from 'mongoose';

/**
 * One document per block, under `<blockerId>><blockedId>`: blocking is one-way (each of two
 * students may block the other), and "did A block B" is an `_id` read. Unblocking sets `live` false
 * (deleted ids stay deleted in the shared document cache), and blocking again sets it back.
 */
export interface BlockDoc {
  _id: string;
  blockerId: string;
  blockedId: string;
  live: boolean;
  createdAt: Date;
  version: number;
}

const blockSchema = new mongoose.Schema<BlockDoc>(
  {
    _id: { type: String, required: true },
    blockerId: { type: String, required: true },
    blockedId: { type: String, required: true },
    live: { type: Boolean, default: true },
    createdAt: { type: Date, default: () => new Date() },
    version: { type: Number, default: 0 },
  },
  { versionKey: false, collection: 'blocks' },
);
blockSchema.index({ blockerId: 1 });
blockSchema.index({ blockedId: 1 });

export type BlockModel = Model<BlockDoc>;

export function blockModel(db: Connection): BlockModel {
  return (db.models.Block as BlockModel) ?? db.model<BlockDoc>('Block', blockSchema);
}
