import type { EventData } from '@quad/contracts';
import { isObjectId } from '@quad/common';
import { removeComment } from './comments';
import type { ForumContext } from './context';
import { removePost } from './posts';

/** An admin removed reported content in moderation: delete it here too. Safe to run twice. */
export async function removeModeratedContent(
  ctx: ForumContext,
  removal: EventData<'moderation.content.removed'>,
): Promise<void> {
  if (!isObjectId(removal.contentId)) {
    ctx.logger.warn({ removal }, 'moderation removed content with an id forum never issued; ignored');
    return;
  }
  const removed =
    removal.type === 'post'
      ? await removePost(ctx, removal.contentId)
      : await removeComment(ctx, removal.contentId);
  ctx.logger.info({ ...removal, removed }, 'moderated content removed');
}
