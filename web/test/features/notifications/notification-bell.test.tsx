import type { AppNotification } from '@quad/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { setChatSocketFactory } from '../../../src/lib/chat/chat-socket';
import { jsonResponse } from '../../utils/fetch-stub';
import { renderChat } from '../messages/chat-fixtures';

beforeEach(() => localStorage.clear());
afterEach(() => setChatSocketFactory(null));

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const comment: AppNotification = {
  id: 'n2',
  kind: 'post_comment',
  actorName: 'Grace Hopper',
  text: 'Grace Hopper commented on your post “Exam tips”',
  link: '/posts/p1',
  createdAt: minutesAgo(5),
  readAt: null,
};
const request: AppNotification = {
  id: 'n1',
  kind: 'friend_request',
  actorName: 'Linus Torvalds',
  text: 'Linus Torvalds sent you a friend request',
  link: '/friends',
  createdAt: minutesAgo(90),
  readAt: null,
};

function renderBell(unread = 2) {
  let serverUnread = unread;
  const rendered = renderChat({
    route: '/',
    routes: {
      'GET /api/notifications/unread-count': () => jsonResponse(200, { unread: serverUnread }),
      'GET /api/notifications': jsonResponse(200, [comment, request]),
      'POST /api/notifications/read': async (req) => {
        const body = (await req.json()) as { ids?: string[] };
        serverUnread = body.ids ? Math.max(0, serverUnread - body.ids.length) : 0;
        return jsonResponse(200, { unread: serverUnread });
      },
    },
  });
  return { ...rendered, setServerUnread: (count: number) => (serverUnread = count) };
}

describe('the notification bell', () => {
  it('when a student has unread notifications, then the bell shows the count and its list newest first, each linking to its subject', async () => {
    const { user } = renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(bell).toHaveTextContent('2');
    await user.click(bell);
    const panel = within(await screen.findByRole('dialog', { name: 'Notifications' }));
    const links = await panel.findAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      expect.stringContaining('Grace Hopper commented on your post “Exam tips”'),
      expect.stringContaining('Linus Torvalds sent you a friend request'),
    ]);
    expect(links[0]).toHaveAttribute('href', '/posts/p1');
    expect(links[1]).toHaveAttribute('href', '/friends');
  });

  it('when a notification is pushed over the socket, then the count rises and it tops the open list at once', async () => {
    const { user, socket, setServerUnread } = renderBell();
    socket.serverConnect();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const panel = within(await screen.findByRole('dialog', { name: 'Notifications' }));
    await panel.findAllByRole('link');
    const pushed: AppNotification = { ...comment, id: 'n3', text: 'Someone commented on your post “Housing”', link: '/posts/p2', createdAt: new Date().toISOString() };
    setServerUnread(3);
    socket.serverEmit('notification:new', { notification: pushed, unread: 3 });
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeInTheDocument();
    expect(panel.getAllByRole('link')[0]).toHaveTextContent('Someone commented on your post “Housing”');
    // Another tab marked everything read: this one's bell follows.
    setServerUnread(0);
    socket.serverEmit('notifications:read', { ids: 'all', unread: 0 });
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('when pushes pass each other on the way and leave a stale count, then the bell settles on the server’s count', async () => {
    const { socket, setServerUnread } = renderBell();
    socket.serverConnect();
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    // Another tab read both, then a new comment came; the "read" push was sent first but arrives last.
    setServerUnread(1);
    socket.serverEmit('notification:new', { notification: { ...comment, id: 'n3', createdAt: new Date().toISOString() }, unread: 1 });
    socket.serverEmit('notifications:read', { ids: 'all', unread: 0 });
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' }, { timeout: 5_000 })).toBeInTheDocument();
  });

  it('when the student marks all read, then the server is asked and the count goes', async () => {
    const { user, network } = renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const panel = within(await screen.findByRole('dialog', { name: 'Notifications' }));
    await panel.findAllByRole('link');
    await user.click(panel.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(network.callsTo('POST', '/api/notifications/read')).toHaveLength(1));
    expect(JSON.parse(network.callsTo('POST', '/api/notifications/read')[0]!.body)).toEqual({ all: true });
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(panel.queryAllByRole('link', { name: /^Unread:/ })).toEqual([]);
  });

  it('when an entry is opened, then it is marked read and the app goes to its subject', async () => {
    const { user, network } = renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const panel = within(await screen.findByRole('dialog', { name: 'Notifications' }));
    await user.click(await panel.findByRole('link', { name: /Linus Torvalds sent you a friend request/ }));
    await waitFor(() => expect(network.callsTo('POST', '/api/notifications/read')).toHaveLength(1));
    expect(JSON.parse(network.callsTo('POST', '/api/notifications/read')[0]!.body)).toEqual({ ids: ['n1'] });
    expect(screen.getByTestId('location')).toHaveTextContent('/friends');
  });

  it('when the page loads, then browser notification permission is not asked; the bell offers it', async () => {
    const requestPermission = jest.fn(async () => 'granted' as const);
    Object.defineProperty(window, 'Notification', { configurable: true, value: Object.assign(function Notification() {}, { permission: 'default', requestPermission }) });
    try {
      const { user } = renderBell();
      await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
      expect(requestPermission).not.toHaveBeenCalled();
      await user.click(await screen.findByRole('button', { name: 'Turn on' }));
      expect(requestPermission).toHaveBeenCalledTimes(1);
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Turn on' })).not.toBeInTheDocument());
    } finally {
      delete (window as { Notification?: unknown }).Notification;
    }
  });
});
