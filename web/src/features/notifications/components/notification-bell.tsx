import { useEffect, useRef, useState } from 'react';
import type { AppNotification } from '@quad/contracts';
import { formatTimestamp } from '../../../lib/time';
import { BellIcon } from '../../../ui/icons';
import {
  FIRST_NOTIFICATIONS_PAGE,
  useGetNotificationsQuery,
  useGetUnreadCountQuery,
  useLazyGetNotificationsQuery,
  useMarkNotificationsReadMutation,
} from '../api';
import { type BrowserPermission, askBrowserPermission, browserPermission } from '../browser-notifications';
import {
  BellButton,
  BellRoot,
  BrowserPrompt,
  Empty,
  Entry,
  EntryText,
  List,
  Panel,
  PanelFooter,
  PanelHeader,
  TextButton,
  UnreadBadge,
  UnreadDot,
} from './notification-bell.styles';

/** The badge shows at most this; more reads "99+". */
const BADGE_MAX = 99;

/**
 * The bell in the top bar (desktop and phone alike): the unread count, live over the chat socket,
 * and a panel with the list newest first, "Mark all read", and each entry linking to its subject
 * (opening one marks it read). Browser notifications are offered here, never asked for on load.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const { data: unread = 0 } = useGetUnreadCountQuery();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <BellRoot ref={root}>
      <BellButton type="button" aria-label={label} title="Notifications" aria-expanded={open} aria-haspopup="dialog" onClick={() => setOpen((was) => !was)}>
        <BellIcon />
        {unread > 0 && <UnreadBadge aria-hidden="true">{unread > BADGE_MAX ? `${BADGE_MAX}+` : unread}</UnreadBadge>}
      </BellButton>
      {open && <NotificationPanel unread={unread} onClose={() => setOpen(false)} />}
    </BellRoot>
  );
}

function NotificationPanel({ unread, onClose }: { unread: number; onClose: () => void }) {
  const { data: first, isLoading, isError } = useGetNotificationsQuery(FIRST_NOTIFICATIONS_PAGE);
  const [loadPage, { isFetching: loadingMore }] = useLazyGetNotificationsQuery();
  const [older, setOlder] = useState<{ notifications: AppNotification[]; nextCursor: string | null } | null>(null);
  const [markRead] = useMarkNotificationsReadMutation();
  const [permission, setPermission] = useState<BrowserPermission>(browserPermission);

  const shown = [...(first?.notifications ?? []), ...(older?.notifications ?? [])];
  const seen = new Set<string>();
  const entries = shown.filter((entry) => (seen.has(entry.id) ? false : (seen.add(entry.id), true)));
  const nextCursor = older ? older.nextCursor : (first?.nextCursor ?? null);

  async function loadMore() {
    if (!nextCursor) return;
    const page = await loadPage({ cursor: nextCursor }).unwrap().catch(() => null);
    if (page) setOlder((was) => ({ notifications: [...(was?.notifications ?? []), ...page.notifications], nextCursor: page.nextCursor }));
  }

  function openEntry(entry: AppNotification) {
    if (entry.readAt === null) void markRead({ ids: [entry.id] });
    onClose();
  }

  return (
    <Panel role="dialog" aria-label="Notifications">
      <PanelHeader>
        <h2>Notifications</h2>
        <TextButton type="button" disabled={unread === 0} onClick={() => void markRead({ all: true })}>
          Mark all read
        </TextButton>
      </PanelHeader>
      {permission === 'default' && (
        <BrowserPrompt>
          <span>Get a browser notification when Quad is in the background.</span>
          <TextButton type="button" onClick={() => void askBrowserPermission().then(setPermission)}>
            Turn on
          </TextButton>
        </BrowserPrompt>
      )}
      {isLoading && <Empty>Loading…</Empty>}
      {isError && <Empty>Notifications could not be loaded. Please try again.</Empty>}
      {first && entries.length === 0 && <Empty>You’re all caught up. Nothing new yet.</Empty>}
      {entries.length > 0 && (
        <List>
          {entries.map((entry) => (
            <li key={entry.id}>
              <Entry to={entry.link} $unread={entry.readAt === null} onClick={() => openEntry(entry)} aria-label={`${entry.readAt === null ? 'Unread: ' : ''}${entry.text}`}>
                <UnreadDot $unread={entry.readAt === null} aria-hidden="true" />
                <EntryText>
                  <span>{entry.text}</span>
                  <time dateTime={entry.createdAt}>{formatTimestamp(entry.createdAt)}</time>
                </EntryText>
              </Entry>
            </li>
          ))}
        </List>
      )}
      {nextCursor && (
        <PanelFooter>
          <TextButton type="button" onClick={() => void loadMore()} disabled={loadingMore}>
            {loadingMore ? 'Loading…' : 'Show older'}
          </TextButton>
        </PanelFooter>
      )}
    </Panel>
  );
}
