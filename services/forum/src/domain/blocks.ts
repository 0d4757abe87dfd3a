import type { EventData } from '@quad/contracts';
import { type BlockDoc, applyBlockEvent, applyFact, blockIdOf, blockedIdOf, blocksMadeBy } from '@quad/common';
import type { ForumContext } from './context';

/** social.block.created|removed: the block stands, or no longer, as of the event's stream position (common's block copy). */
export function applyBlock(ctx: ForumContext, block: EventData<'social.block.created'>, live: boolean, sequence: number): Promise<void> {
  return applyBlockEvent(ctx.blocks, block, live, sequence);
}

/** The users a viewer blocked: their posts and comments are collapsed for the viewer. */
export async function blockedUsers(ctx: ForumContext, viewerId: string): Promise<Set<string>> {
  const ids = await ctx.blocks.ids(blocksMadeBy(viewerId));
  return new Set(ids.map(blockedIdOf));
}

/**
 * Moves blocks stored before the forum used common's block copy (ids `<blockerId>:<blockedId>`)
 * onto its ids (`blockIdOf`): each old fact is applied to the new id at its own stream sequence
 * (so a later event already applied there wins), then removed with its list entries. Runs before
 * the consumers start, on every start and replica: once none is left it finds nothing.
 */
export async function moveBlocksToSharedIds(ctx: ForumContext): Promise<number> {
  // User ids are ObjectId strings: only the old ids hold a ':'.
  const old = await ctx.models.Block.find({ _id: /:/ }).lean<BlockDoc[]>();
  for (const block of old) {
    const { blockerId, blockedId, live, sequence } = block;
    await applyFact(ctx.blocks, blockIdOf(blockerId, blockedId), { blockerId, blockedId }, live, sequence);
    await ctx.blocks.remove(block._id);
  }
  if (old.length) ctx.logger.info({ moved: old.length }, 'blocks moved onto the shared block ids');
  return old.length;
}
