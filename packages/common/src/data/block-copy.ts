import mongoose, { type Connection, type Model } from 'mongoose';
import type { EventData } from '@quad/contracts';
import { type Fact, applyFact } from './facts';
import type { ListDef } from './list-index';
import type { Repository } from './repository';

/**
 * A service's own copy of who blocks whom, learned from `social.block.created|removed` (chat, forum
 * and notifications keep one): one fact per (blocker, blocked), live while the block stands, set only
 * by a later event (facts.ts), so a redelivery or a late "created" after its "removed" changes
 * nothing. One shape, one id format and one way of applying the events for every service that
 * keeps the copy.
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

/** The blocked user of a block's id (`blockIdOf`). */
export const blockedIdOf = (blockId: string) => blockId.slice(blockId.indexOf('>') + 1);

/** The live blocks a user made: the copy's list, for a repository's `listsOf`. */
export function blocksMadeBy(blockerId: string): ListDef<BlockDoc> {
  return {
    name: `user:${blockerId}:blocks`,
    filter: { blockerId, live: true },
    contains: (block) => block.blockerId === blockerId && block.live,
  };
}

export type BlockModel = Model<BlockDoc>;

export function blockModel(db: Connection): BlockModel {
  return (db.models.Block as BlockModel) ?? db.model<BlockDoc>('Block', blockSchema);
}

/** Applies `social.block.created` (live) or `social.block.removed` (not live) at stream `sequence`. */
export function applyBlockEvent(
  blocks: Repository<BlockDoc>,
  data: EventData<'social.block.created'>,
  live: boolean,
  sequence: number,
): Promise<void> {
  return applyFact(blocks, blockIdOf(data.blockerId, data.blockedId), { blockerId: data.blockerId, blockedId: data.blockedId }, live, sequence);
}
