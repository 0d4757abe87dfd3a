import type { Request, Router } from 'express';
import { GROUP_PHOTO_FIELD, NEXT_CURSOR_HEADER, listGroupMessagesQuerySchema } from '@quad/contracts';
import { caller, imageUpload, parse, requireAuth, requireSubscription } from '@quad/common';
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

function callerOf(req: Request): Caller {
  const { userId, isAdmin, collegeId } = caller(req);
  return { userId, isAdmin, collegeId };
}

const groupIdOf = (req: Request) => String(req.params.id);

/**
 * The group chat REST API (issue 23). Every route: signed in and subscribed (admins pass); every
 * group route: a member of the group. Membership changes reach the members' sockets at once.
 */
export function mountGroupRoutes(router: Router, ctx: ChatContext, realtime: Realtime): void {
  const member = [requireAuth, requireSubscription(ctx.directory)];

  /** Answers a membership change with the group as the caller now sees it (null when they left), and tells the sockets. */
  async function changed(req: Request, change: GroupChange) {
    realtime.groupChanged(change);
    const me = callerOf(req).userId;
    return change.group.memberIds.includes(me) ? summarizeGroup(ctx, me, change.group) : null;
  }

  /** POST /api/groups {name, memberIds} → 201 GroupSummary. */
  router.post('/api/groups', ...member, async (req, res) => {
    res.status(201).json(await changed(req, await createGroup(ctx, callerOf(req), req.body)));
  });

  /** GET /api/groups → GroupSummary[], newest activity first. */
  router.get('/api/groups', ...member, async (req, res) => {
    res.json(await listGroups(ctx, callerOf(req)));
  });

  /** GET /api/groups/:id → GroupSummary. */
  router.get('/api/groups/:id', ...member, async (req, res) => {
    const me = callerOf(req);
    res.json(await summarizeGroup(ctx, me.userId, await memberGroup(ctx, me, groupIdOf(req))));
  });

  /** PUT /api/groups/:id {name} → GroupSummary (owner or admin). */
  router.put('/api/groups/:id', ...member, async (req, res) => {
    res.json(await changed(req, await renameGroup(ctx, callerOf(req), groupIdOf(req), req.body)));
  });

  /** POST /api/groups/:id/photo (multipart `photo`, 5 MB, any common image format) → GroupSummary (owner or admin). */
  router.post('/api/groups/:id/photo', ...member, imageUpload(GROUP_PHOTO_FIELD), async (req, res) => {
    res.json(await changed(req, await setGroupPhoto(ctx, callerOf(req), groupIdOf(req), req.file?.buffer)));
  });

  /** DELETE /api/groups/:id/photo → GroupSummary with no photo (owner or admin). */
  router.delete('/api/groups/:id/photo', ...member, async (req, res) => {
    res.json(await changed(req, await removeGroupPhoto(ctx, callerOf(req), groupIdOf(req))));
  });

  /** POST /api/groups/:id/members {memberIds} → GroupSummary (owner or admin; friends of theirs). */
  router.post('/api/groups/:id/members', ...member, async (req, res) => {
    res.json(await changed(req, await addMembers(ctx, callerOf(req), groupIdOf(req), req.body)));
  });

  /** DELETE /api/groups/:id/members/:userId → GroupSummary (owner, or admin for plain members; oneself = leave). */
  router.delete('/api/groups/:id/members/:userId', ...member, async (req, res) => {
    const change = await removeMember(ctx, callerOf(req), groupIdOf(req), String(req.params.userId));
    res.json(await changed(req, change));
  });

  /** POST /api/groups/:id/leave → {left: true}. */
  router.post('/api/groups/:id/leave', ...member, async (req, res) => {
    await changed(req, await leaveGroup(ctx, callerOf(req), groupIdOf(req)));
    res.json({ left: true });
  });

  /** POST /api/groups/:id/owner {userId} → GroupSummary (owner only). */
  router.post('/api/groups/:id/owner', ...member, async (req, res) => {
    res.json(await changed(req, await transferOwnership(ctx, callerOf(req), groupIdOf(req), req.body)));
  });

  /** POST /api/groups/:id/admins {userId}, DELETE /api/groups/:id/admins/:userId → GroupSummary (owner only). */
  router.post('/api/groups/:id/admins', ...member, async (req, res) => {
    res.json(await changed(req, await setAdmin(ctx, callerOf(req), groupIdOf(req), req.body, true)));
  });
  router.delete('/api/groups/:id/admins/:userId', ...member, async (req, res) => {
    const change = await setAdmin(ctx, callerOf(req), groupIdOf(req), { userId: req.params.userId }, false);
    res.json(await changed(req, change));
  });

  /** GET /api/groups/:id/messages?cursor=&limit= → ChatMessage[] newest first; the next cursor in X-Next-Cursor. */
  router.get('/api/groups/:id/messages', ...member, async (req, res) => {
    const query = parse(listGroupMessagesQuerySchema, req.query);
    const page = await groupHistoryPage(ctx, callerOf(req), groupIdOf(req), { cursor: query.cursor, limit: query.limit });
    if (page.nextCursor) res.setHeader(NEXT_CURSOR_HEADER, page.nextCursor);
    res.json(page.messages);
  });

  /** POST /api/groups/:id/messages {content, clientId?} → 201 ChatMessage, delivered live to every member's tabs. */
  router.post('/api/groups/:id/messages', ...member, async (req, res) => {
    const body = { ...(typeof req.body === 'object' && req.body !== null ? req.body : {}), groupId: groupIdOf(req) };
    delete (body as { receiverId?: unknown }).receiverId;
    const { message, created } = await sendMessage(ctx, callerOf(req), body, { onStored: (stored) => realtime.deliver(stored) });
    res.status(created ? 201 : 200).json(message);
  });

  /** POST /api/groups/:id/read → {receipt}: everything in the group so far is read by the caller. */
  router.post('/api/groups/:id/read', ...member, async (req, res) => {
    const receipt = await markGroupRead(ctx, callerOf(req), groupIdOf(req));
    if (receipt) realtime.receipt(receipt, groupIdOf(req));
    res.json({ receipt });
  });
}
