import type { Router } from 'express';
import { createChatBodySchema, listMessagesQuerySchema, markReadBodySchema } from '@quad/contracts';
import { parse, pathParam, requireAuth, requireSubscription, sendPage } from '@quad/common';
import { listChats, openChat } from '../domain/chats';
import type { ChatContext } from '../domain/context';
import { reportMessage } from '../domain/message-reports';
import { historyPage, markRead, sendMessage } from '../domain/messages';
import type { Realtime } from '../realtime/socket-server';
import { answerCaller, callerOf } from './caller';

/** The chat REST API (spec section 7). Every route: signed in and subscribed (admins pass). */
export function mountChatRoutes(router: Router, ctx: ChatContext, realtime: Realtime): void {
  const member = [requireAuth, requireSubscription(ctx.directory)];

  /** POST /api/chats {participantId} → 201 (new) or 200 (existing) ChatSummary. */
  router.post('/api/chats', ...member, async (req, res) => {
    const { participantId } = parse(createChatBodySchema, req.body);
    const { summary, created } = await openChat(ctx, callerOf(req), participantId);
    res.status(created ? 201 : 200).json(summary);
  });

  /** GET /api/chats → ChatSummary[], newest activity first. */
  router.get(
    '/api/chats',
    ...member,
    answerCaller((me) => listChats(ctx, me)),
  );

  /** GET /api/messages?userId=&cursor=&limit= → ChatMessage[] newest first; the next cursor in X-Next-Cursor. */
  router.get('/api/messages', ...member, async (req, res) => {
    const query = parse(listMessagesQuerySchema, req.query);
    const page = await historyPage(ctx, callerOf(req), query.userId, {
      cursor: query.cursor,
      limit: query.limit,
    });
    sendPage(res, page.messages, page.nextCursor);
  });

  /** POST /api/messages {receiverId, content, clientId?} → 201 ChatMessage, delivered live to both users' tabs. */
  router.post('/api/messages', ...member, async (req, res) => {
    const { message, created } = await sendMessage(ctx, callerOf(req), req.body, {
      onStored: (stored) => realtime.deliver(stored),
    });
    res.status(created ? 201 : 200).json(message);
  });

  /** POST /api/messages/:id/report {reason, description?} → 201 MyReport (a direct or group message the caller can read). */
  const report = answerCaller((me, req) => reportMessage(ctx, me, pathParam(req), req.body), 201);
  router.post('/api/messages/:id/report', ...member, report);

  /** POST /api/messages/read {userId} → {receipt}: what `userId` sent me so far is read. */
  router.post('/api/messages/read', ...member, async (req, res) => {
    const { userId } = parse(markReadBodySchema, req.body);
    const receipt = await markRead(ctx, callerOf(req), userId);
    if (receipt) realtime.receipt(receipt, userId);
    res.json({ receipt });
  });
}
