import type { EventData } from '@quad/contracts';
import { applyFact } from '@quad/common';
import type { ForumContext } from './context';
import { blockedBy } from './lists';

/** social.block.created|removed: the block stands, or no longer, as of the event's stream position. */
export async function applyBlock(
  ctx: ForumContext,
  block: EventData<'social.block.created'>,
  live: boolean,
  sequence: number,
): Promise<void> {
  const { blockerId, blockedId } = block;
  await applyFact(ctx.blocks, `${blockerId}:${blockedId}`, { blockerId, blockedId }, live, sequence);
}

/** The users a viewer blocked: their posts and comments are collapsed for the viewer. */
export async function blockedUsers(ctx: ForumContext, viewerId: string): Promise<Set<string>> {
  const ids = await ctx.blocks.ids(blockedBy(viewerId));
  return new Set(ids.map((id) => id.slice(id.indexOf(':') + 1)));
}
