import { badRequest, conflict, notFound, personOf } from '@quad/common';
import { type BlockedUser, SOCIAL_MESSAGES } from '@quad/contracts';
import type { BlockDoc } from '../models/block-model';
import type { SocialContext } from './context';
import { unfriend } from './friends';
import { blockId, blockedBy, pairId } from './lists';
import { blockCreated, blockRemoved } from './outgoing-events';
import type { Viewer } from './viewer';

/** GET /api/blocks: whom the caller blocked, newest first. */
export async function listBlocked(ctx: SocialContext, viewer: Viewer): Promise<BlockedUser[]> {
  const blocks = [...(await ctx.blocks.all(blockedBy(viewer.userId)))].reverse();
  const entries = await ctx.directory.getMany(blocks.map((block) => block.blockedId));
  return blocks.flatMap((block) => {
    const entry = entries.get(block.blockedId);
    if (!entry) return [];
    return [
      {
        ...personOf(block.blockedId, entry),
        college: entry.collegeName ?? '',
        blockedAt: block.createdAt.toISOString(),
      },
    ];
  });
}

/**
 * POST /api/blocks {userId}: publishes social.block.created, ends a friendship between the two
 * (social.friendship.removed) and cancels a request pending either way. Any student may block any
 * user they can name, across colleges too: blocking only ever takes something away.
 */
export async function blockUser(ctx: SocialContext, viewer: Viewer, userId: string): Promise<BlockedUser> {
  if (userId === viewer.userId) throw badRequest(SOCIAL_MESSAGES.blockSelf);
  if (!(await ctx.directory.get(userId))) throw notFound(SOCIAL_MESSAGES.userNotFound);
  await ctx.withPair(viewer.userId, userId, async () => {
    const id = blockId(viewer.userId, userId);
    const existing = await ctx.blocks.find(id);
    if (existing?.live) throw conflict(SOCIAL_MESSAGES.alreadyBlocked);
    if (existing) {
      await ctx.blocks.update(
        id,
        () => ({ live: true, createdAt: new Date() }),
        (next) => [blockCreated(next)],
      );
    } else {
      const block: BlockDoc = {
        _id: id,
        blockerId: viewer.userId,
        blockedId: userId,
        live: true,
        createdAt: new Date(),
        version: 0,
      };
      await ctx.blocks.insert(block, [blockCreated(block)]);
    }
    await unfriend(ctx, viewer.userId, userId);
    await ctx.requests.update(pairId(viewer.userId, userId), (request) =>
      request.pending ? { pending: false } : null,
    );
  });
  const [blocked] = (await listBlocked(ctx, viewer)).filter((entry) => entry.id === userId);
  return blocked!;
}

/** DELETE /api/blocks/{userId}: publishes social.block.removed. Friendship and requests are not restored. */
export async function unblockUser(ctx: SocialContext, viewer: Viewer, userId: string): Promise<void> {
  const removed = await ctx.withPair(viewer.userId, userId, async () => {
    const id = blockId(viewer.userId, userId);
    if (!(await ctx.blocks.find(id))?.live) return false;
    await ctx.blocks.update(
      id,
      () => ({ live: false }),
      (next) => [blockRemoved(next)],
    );
    return true;
  });
  if (!removed) throw notFound(SOCIAL_MESSAGES.notBlocked);
}
