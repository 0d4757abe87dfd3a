import type { Request, Router } from 'express';
import { GROUP_PHOTO_FIELD, listGroupMessagesQuerySchema } from '@quad/contracts';
import { imageUpload, parse, pathParam, requireAuth, requireSubscription, sendPage } from '@quad/common';
import type { ChatContext } from '../domain/context';
import { memberGroup } from '../domain/group-access';
import {
  type GroupChange,
  addMembers,
  createGroup,
  leaveGroup,
  listGroups,
  removeGroupPhoto,
  removeMember,
  renameGroup,
  setAdmin,
  setGroupPhoto,
  summarizeGroup,
  transferOwnership,
} from '../domain/groups';
import { groupHistoryPage, markGroupRead, sendMessage } from '../domain/messages';
import type { Caller } from '../domain/people';
import type { Realtime } from '../realtime/socket-server';
import { answerCaller, callerOf } from './caller';

/**
 * The group chat REST API (issue 23). Every route: signed in and subscribed (admins pass); every
 * group route: a member of the group. Membership changes reach the members' sockets at once.
 */
export function mountGroupRoutes(router: Router, ctx: ChatContext, realtime: Realtime): void {
  const member = [requireAuth, requireSubscription(ctx.directory)];

  /**
   * Answers a membership change with the group as the caller now sees it (null when they left), and
   * tells the sockets.
   */
  const answerChange = (change: (me: Caller, req: Request) => Promise<GroupChange>, status = 200) =>
    answerCaller(async (me, req) => {
      const done = await change(me, req);
      realtime.groupChanged(done);
      return done.group.memberIds.includes(me.userId) ? summarizeGroup(ctx, me.userId, done.group) : null;
    }, status);

  /** POST /api/groups {name, memberIds} → 201 GroupSummary. */
  router.post(
    '/api/groups',
    ...member,
    answerChange((me, req) => createGroup(ctx, me, req.body), 201),
  );

  /** GET /api/groups → GroupSummary[], newest activity first. */
  router.get(
    '/api/groups',
    ...member,
    answerCaller((me) => listGroups(ctx, me)),
  );

  /** GET /api/groups/:id → GroupSummary. */
  const summary = answerCaller(async (me, req) =>
    summarizeGroup(ctx, me.userId, await memberGroup(ctx, me, pathParam(req))),
  );
  router.get('/api/groups/:id', ...member, summary);

  /** PUT /api/groups/:id {name} → GroupSummary (owner or admin). */
  router.put(
    '/api/groups/:id',
    ...member,
    answerChange((me, req) => renameGroup(ctx, me, pathParam(req), req.body)),
  );

  /** POST /api/groups/:id/photo (multipart `photo`, 5 MB, any common image format) → GroupSummary (owner or admin). */
  const setPhoto = answerChange((me, req) => setGroupPhoto(ctx, me, pathParam(req), req.file?.buffer));
  router.post('/api/groups/:id/photo', ...member, imageUpload(GROUP_PHOTO_FIELD), setPhoto);

  /** DELETE /api/groups/:id/photo → GroupSummary with no photo (owner or admin). */
  router.delete(
    '/api/groups/:id/photo',
    ...member,
    answerChange((me, req) => removeGroupPhoto(ctx, me, pathParam(req))),
  );

  /** POST /api/groups/:id/members {memberIds} → GroupSummary (owner or admin; friends of theirs). */
  router.post(
    '/api/groups/:id/members',
    ...member,
    answerChange((me, req) => addMembers(ctx, me, pathParam(req), req.body)),
  );

  /** DELETE /api/groups/:id/members/:userId → GroupSummary (owner, or admin for plain members; oneself = leave). */
  const remove = answerChange((me, req) => removeMember(ctx, me, pathParam(req), pathParam(req, 'userId')));
  router.delete('/api/groups/:id/members/:userId', ...member, remove);

  /** POST /api/groups/:id/leave → {left: true}. */
  router.post('/api/groups/:id/leave', ...member, async (req, res) => {
    const change = await leaveGroup(ctx, callerOf(req), pathParam(req));
    realtime.groupChanged(change);
    res.json({ left: true });
  });

  /** POST /api/groups/:id/owner {userId} → GroupSummary (owner only). */
  const transfer = answerChange((me, req) => transferOwnership(ctx, me, pathParam(req), req.body));
  router.post('/api/groups/:id/owner', ...member, transfer);

  /** POST /api/groups/:id/admins {userId}, DELETE /api/groups/:id/admins/:userId → GroupSummary (owner only). */
  router.post(
    '/api/groups/:id/admins',
    ...member,
    answerChange((me, req) => setAdmin(ctx, me, pathParam(req), req.body, true)),
  );
  const demote = answerChange((me, req) =>
    setAdmin(ctx, me, pathParam(req), { userId: req.params.userId }, false),
  );
  router.delete('/api/groups/:id/admins/:userId', ...member, demote);

  /** GET /api/groups/:id/messages?cursor=&limit= → ChatMessage[] newest first; the next cursor in X-Next-Cursor. */
  router.get('/api/groups/:id/messages', ...member, async (req, res) => {
    const query = parse(listGroupMessagesQuerySchema, req.query);
    const page = await groupHistoryPage(ctx, callerOf(req), pathParam(req), {
      cursor: query.cursor,
      limit: query.limit,
    });
    sendPage(res, page.messages, page.nextCursor);
  });

  /** POST /api/groups/:id/messages {content, clientId?} → 201 ChatMessage, delivered live to every member's tabs. */
  router.post('/api/groups/:id/messages', ...member, async (req, res) => {
    const body = {
      ...(typeof req.body === 'object' && req.body !== null ? req.body : {}),
      groupId: pathParam(req),
    };
    delete (body as { receiverId?: unknown }).receiverId;
    const { message, created } = await sendMessage(ctx, callerOf(req), body, {
      onStored: (stored) => realtime.deliver(stored),
    });
    res.status(created ? 201 : 200).json(message);
  });

  /** POST /api/groups/:id/read → {receipt}: everything in the group so far is read by the caller. */
  router.post('/api/groups/:id/read', ...member, async (req, res) => {
    const receipt = await markGroupRead(ctx, callerOf(req), pathParam(req));
    if (receipt) realtime.receipt(receipt, pathParam(req));
    res.json({ receipt });
  });
}
