import type { Router } from 'express';
import {
  listNotificationsQuerySchema,
  markNotificationsReadBodySchema,
  updateNotificationPreferencesBodySchema,
} from '@quad/contracts';
import { caller, parse, requireAuth, sendPage } from '@quad/common';
import type { NotificationsContext } from '../domain/context';
import { listNotifications, markRead } from '../domain/inbox';
import { unreadCount } from '../domain/notify';
import { preferencesOf, updatePreferences } from '../domain/preferences';

/**
 * The caller's own notifications and preferences. Signed in is enough (no subscription): payment
 * outcomes reach students who have none yet. Nobody reads anyone else's.
 */
export function mountNotificationRoutes(router: Router, ctx: NotificationsContext): void {
  /** GET /api/notifications?cursor=&limit=&unread= → AppNotification[] newest first; next cursor in X-Next-Cursor. */
  router.get('/api/notifications', requireAuth, async (req, res) => {
    const query = parse(listNotificationsQuerySchema, req.query);
    const page = await listNotifications(ctx, caller(req).userId, query);
    sendPage(res, page.notifications, page.nextCursor);
  });

  /** GET /api/notifications/unread-count → {unread}: the bell's count. */
  router.get('/api/notifications/unread-count', requireAuth, async (req, res) => {
    res.json({ unread: await unreadCount(ctx, caller(req).userId) });
  });

  /** POST /api/notifications/read {ids} | {all: true} → {unread}. */
  router.post('/api/notifications/read', requireAuth, async (req, res) => {
    const body = parse(markNotificationsReadBodySchema, req.body);
    res.json(await markRead(ctx, caller(req).userId, body));
  });

  router.get('/api/notifications/preferences', requireAuth, async (req, res) => {
    res.json(await preferencesOf(ctx, caller(req).userId));
  });

  router.put('/api/notifications/preferences', requireAuth, async (req, res) => {
    const body = parse(updateNotificationPreferencesBodySchema, req.body);
    res.json(await updatePreferences(ctx, caller(req).userId, body));
  });
}
