import type { EventData } from '@quad/contracts';
import { applyFact } from '@quad/common';
import { blockIdOf } from '../models/block-model';
import type { ChatContext } from './context';

/**
 * `social.block.created|removed`: chat's own copy of who blocks whom, one fact per pair, set by
 * the later event only, so a redelivery or a late "created" after its "removed" changes nothing.
 */
export function applyBlock(
  ctx: ChatContext,
  data: EventData<'social.block.created'>,
  live: boolean,
  sequence: number,
): Promise<void> {
  return applyFact(ctx.blocks, blockIdOf(data.blockerId, data.blockedId), { blockerId: data.blockerId, blockedId: data.blockedId }, live, sequence);
}
