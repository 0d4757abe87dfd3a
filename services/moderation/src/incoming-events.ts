import { type ServiceRuntime, runAccountDeletion, runUserDirectory, startConsumers } from '@quad/common';
import { forgetModerationUser } from './domain/account-deletion';
import { recordAdminAction } from './domain/audit';
import { enforceBanState } from './domain/bans';
import { learnCommentAuthor, learnCommentRemoved, learnPostAuthor, learnPostRemoved } from './domain/content-authors';
import { moderationContext } from './domain/context';
import { fileMessageReport } from './domain/reports';

/**
 * What moderation consumes: the shared user directory, who wrote each post and comment (for
 * reports on anonymous content and reveals), and every service's admin actions for the audit log.
 * What it publishes: moderation.user.banned|unbanned, moderation.content.removed and its own
 * audit.admin.action events (domain/bans.ts, reports.ts, appeals.ts, reveal.ts).
 */
export async function startEventConsumers(runtime: ServiceRuntime): Promise<void> {
  const ctx = moderationContext(runtime);
  await runUserDirectory(runtime, {
    'forum.post.created': ({ data }) => learnPostAuthor(ctx, data),
    'forum.comment.created': ({ data }) => learnCommentAuthor(ctx, data),
    'forum.post.deleted': ({ data }) => learnPostRemoved(ctx, data),
    'forum.comment.deleted': ({ data }) => learnCommentRemoved(ctx, data),
    'audit.admin.action': ({ data }) => recordAdminAction(ctx, data),
    'chat.message.reported': ({ data }) => fileMessageReport(ctx, data),
  });
  // Its own bans and unbans: each enforced in Redis from the database, whatever happened to the
  // process that wrote it (domain/bans.ts, enforceBanState).
  runtime.consumers.push(
    await startConsumers({
      ...runtime,
      durable: `${runtime.consumerPrefix}-ban-enforcement`,
      handlers: {
        'moderation.user.banned': ({ data }) => enforceBanState(ctx, data.userId),
        'moderation.user.unbanned': ({ data }) => enforceBanState(ctx, data.userId),
      },
    }),
  );
  await runAccountDeletion(runtime, ({ userId }) => forgetModerationUser(ctx, userId));
}
