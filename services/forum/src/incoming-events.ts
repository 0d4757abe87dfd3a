import { type ServiceRuntime, runAccountDeletion, runUserDirectory } from '@quad/common';
import { forgetForumUser } from './domain/account-deletion';
import type { Config } from './config';
import { forumContext } from './domain/context';
import { applyBlock } from './domain/blocks';
import { removeModeratedContent } from './domain/moderation';

/**
 * What forum consumes: the shared user directory, and moderation's removals of reported posts
 * and comments, and social's blocks (a blocked author's content is collapsed for the blocker). What it publishes lives in domain/events.ts (forum.post.*, forum.comment.*).
 */
export async function startEventConsumers(runtime: ServiceRuntime<Config>): Promise<void> {
  const ctx = forumContext(runtime);
  await runUserDirectory(runtime, {
    'moderation.content.removed': ({ data }) => removeModeratedContent(ctx, data),
    'social.block.created': ({ data, sequence }) => applyBlock(ctx, data, true, sequence),
    'social.block.removed': ({ data, sequence }) => applyBlock(ctx, data, false, sequence),
  });
  await runAccountDeletion(runtime, ({ userId }) => forgetForumUser(runtime, userId));
}
