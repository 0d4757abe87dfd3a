import { Types } from 'mongoose';
import { MODERATION_MESSAGES, type MyReport, isGroupChatId, reportMessageBodySchema } from '@quad/contracts';
import { HttpError, badRequest, conflict, notFound, parse } from '@quad/common';
import { messageReportIdOf } from '../models/message-report-model';
import type { ChatContext } from './context';
import { memberGroup } from './group-access';
import type { Caller } from './people';

// The repository answers a second insert under one id with a 409 of its own.
const isDuplicate = (err: unknown) => err instanceof HttpError && err.status === 409;

/**
 * POST /api/messages/:id/report {reason, description?}: a student reports a message they can read
 * (a member of its group, or one of its two participants), never their own. Chat knows the
 * message, so it files the report through the outbox (`chat.message.reported`) with the message's
 * text and author as they are now; moderation stores it under the same report id, so admins review
 * it beside reports of posts and comments. One report per reporter and message (409 for another).
 * Someone who cannot read the message learns nothing about it: 404, as for a message that does not exist.
 */
export async function reportMessage(ctx: ChatContext, caller: Caller, messageId: string, input: unknown): Promise<MyReport> {
  const body = parse(reportMessageBodySchema, input);
  const message = Types.ObjectId.isValid(messageId) ? await ctx.messages.find(new Types.ObjectId(messageId)) : null;
  if (!message) throw notFound(MODERATION_MESSAGES.reportedContentNotFound);
  let group: { id: string; name: string } | null = null;
  if (isGroupChatId(message.chatId)) {
    const found = await memberGroup(ctx, caller, message.chatId).catch(() => null);
    if (!found) throw notFound(MODERATION_MESSAGES.reportedContentNotFound);
    group = { id: found._id, name: found.name };
  } else if (message.senderId !== caller.userId && message.receiverId !== caller.userId) {
    throw notFound(MODERATION_MESSAGES.reportedContentNotFound);
  }
  if (message.senderId === caller.userId) throw badRequest(MODERATION_MESSAGES.ownContent);

  const reportId = new Types.ObjectId().toHexString();
  const reportedAt = new Date();
  const description = body.description ?? null;
  try {
    await ctx.messageReports.insert(
      { _id: messageReportIdOf(caller.userId, messageId), reportId, reporterId: caller.userId, messageId, createdAt: reportedAt },
      [
        {
          subject: 'chat.message.reported',
          data: {
            reportId,
            reporterId: caller.userId,
            messageId,
            authorId: message.senderId,
            text: message.content,
            groupId: group?.id ?? null,
            groupName: group?.name ?? null,
            reason: body.reason,
            description,
            reportedAt: reportedAt.toISOString(),
          },
          eventId: `chat.message.reported:${reportId}`,
        },
      ],
    );
  } catch (err) {
    if (isDuplicate(err)) throw conflict(MODERATION_MESSAGES.duplicateReport);
    throw err;
  }
  return {
    id: reportId,
    type: 'message',
    contentId: messageId,
    reason: body.reason,
    description,
    status: 'pending',
    createdAt: reportedAt.toISOString(),
    resolvedAt: null,
  };
}
