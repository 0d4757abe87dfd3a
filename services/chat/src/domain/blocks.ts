import type { EventData } from '@quad/contracts';
import { applyBlockEvent } from '@quad/common';
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
  return applyBlockEvent(ctx.blocks, data, live, sequence);
}
