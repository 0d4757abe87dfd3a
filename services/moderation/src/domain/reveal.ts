import { type EventData, MODERATION_MESSAGES, type RevealResponse } from '@quad/contracts';
import { type AuthContext, notFound } from '@quad/common';
import { adminAction, newActionId, recordAdminAction } from './audit';
import { authorOf } from './content-authors';
import type { ModerationContext } from './context';
import { peopleById } from './people';

/**
 * Accountable anonymity: an admin learns who wrote an anonymous post or comment only by giving a
 * written reason (the schema requires it), and every reveal is recorded in the audit log before
 * the answer leaves.
 */
export async function revealAuthor(
  ctx: ModerationContext,
  admin: AuthContext,
  body: { type: 'post' | 'comment'; contentId: string; reason: string },
): Promise<RevealResponse> {
  const authorId = await authorOf(ctx, body.type, body.contentId);
  if (!authorId) throw notFound(MODERATION_MESSAGES.contentNotFound);
  const people = await peopleById(ctx, [authorId]);
  // The reveal is recorded (outbox first) before the answer leaves; the write is the record itself.
  const reveal = adminAction(ctx, newActionId(), {
    adminId: admin.userId,
    action: 'author.revealed',
    targetUserId: authorId,
    targetId: `${body.type}:${body.contentId}`,
    reason: body.reason,
    details: { type: body.type, contentId: body.contentId },
  });
  await recordAdminAction(ctx, reveal.data as EventData<'audit.admin.action'>, [reveal]);
  return {
    type: body.type,
    contentId: body.contentId,
    author: people.get(authorId) ?? { id: authorId, firstName: '', lastName: '', email: null },
  };
}
