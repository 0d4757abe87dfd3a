import mongoose, { type Connection, type Model } from 'mongoose';
import type { Fact } from '@quad/common';

/**
 * Notifications' own copy of a block, learned from `social.block.created|removed` (nobody is
 * notified of what a student they blocked, or who blocked them, did): one fact per
 * (blocker, blocked), live while the block stands, set only by a later event (see common's facts).
 */
export interface BlockDoc extends Fact {
  blockerId: string;
  blockedId: string;
}

const blockSchema = new mongoose.Schema<BlockDoc>(
  {
    _id: { type: String, required: true },
    blockerId: { type: String, required: true },
    blockedId: { type: String, required: true },
    live: { type: Boolean, required: true },
    sequence: { type: Number, required: true },
    version: { type: Number, default: 0 },
  },
  { versionKey: false, collection: 'blocks' },
);

export const blockIdOf = (blockerId: string, blockedId: string) => `${blockerId}>${blockedId}`;

export type BlockModel = Model<BlockDoc>;

export function blockModel(db: Connection): BlockModel {
  return (db.models.Block as BlockModel) ?? db.model<BlockDoc>('Block', blockSchema);
}
