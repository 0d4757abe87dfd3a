import mongoose, { type Connection, type Model } from 'mongoose';
import type { Fact } from '@quad/common';

/**
 * The forum's copy of who blocked whom, kept from social's block events (ARCHITECTURE.md: each
 * service keeps its own copy, like the user directory). One fact per (blocker, blocked) pair,
 * `_id` `<blockerId>:<blockedId>`, live while the block stands.
 */
export interface BlockFact extends Fact {
  blockerId: string;
  blockedId: string;
}

const blockSchema = new mongoose.Schema<BlockFact>(
  {
    _id: { type: String, required: true },
    version: { type: Number, default: 0 },
    blockerId: { type: String, required: true },
    blockedId: { type: String, required: true },
    live: { type: Boolean, required: true },
    sequence: { type: Number, required: true },
  },
  { versionKey: false, collection: 'blocks' },
);

export type BlockModel = Model<BlockFact>;

export function blockModel(db: Connection): BlockModel {
  return (db.models.Block as BlockModel) ?? db.model<BlockFact>('Block', blockSchema);
}
