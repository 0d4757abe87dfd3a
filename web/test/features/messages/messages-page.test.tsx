import { screen, waitFor, within } from '@testing-library/react';
import { setChatSocketFactory } from '../../../src/lib/chat/chat-socket';
import { makeFriend } from '../friends/friends-fixtures';
import { jsonResponse } from '../../utils/fetch-stub';
import { alan, grace, linus, makeMessage, makeSummary, me, renderChat } from './chat-fixtures';

beforeEach(() => localStorage.clear());
afterEach(() => setChatSocketFactory(null));

const fromGrace = makeMessage({ senderId: grace.id, receiverId: me.id, content: 'Are you coming tonight?' });
const toGrace = makeMessage({ senderId: me.id, receiverId: grace.id, content: 'Yes, at 7!', isRead: true });

function renderWithGrace(overrides: Parameters<typeof renderChat>[0] = {}) {
  return renderChat({
    chats: [makeSummary(grace, toGrace)],
    friends: [makeFriend({ ...grace, college: 'State University' }), makeFriend({ ...linus, college: 'State University' })],
    messages: { [grace.id]: [fromGrace, toGrace] },
    presence: [
      { userId: grace.id, isOnline: true, lastSeen: null },
      { userId: linus.id, isOnline: false, lastSeen: new Date(Date.now() - 5 * 60_000).toISOString() },
    ],
    ...overrides,
  });
}

async function openGrace(rendered: ReturnType<typeof renderChat>) {
  const list = await screen.findByRole('list', { name: 'Conversations' });
  await rendered.user.click(within(list).getByRole('button', { name: /Grace Hopper/ }));
  return screen.findByRole('region', { name: 'Conversation with Grace Hopper' });
}

describe('Messages screen', () => {
  it('when it opens, then it shows the connection state, friends with real presence or Last seen, and Select a conversation', async () => {
    const { socket } = renderWithGrace();
    expect(await screen.findByText('Select a conversation')).toBeInTheDocument();
    expect(screen.getByText('Disconnected')).toBeInTheDocument();
    socket.serverConnect();
    expect(screen.getByText('Connected')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Conversations' });
    // The conversation first (its last message is mine), then the friend not yet written to.
    const rows = within(list).getAllByRole('button');
    expect(rows[0]).toHaveTextContent('Grace Hopper');
    expect(rows[0]).toHaveTextContent('You: Yes, at 7!');
    await waitFor(() => expect(rows[1]).toHaveTextContent('Last seen'));
    expect(socket.sentOf('presence:query')).toEqual([{ userIds: [grace.id, linus.id].sort() }]);
    socket.serverEmit('presence', { userId: linus.id, isOnline: true, lastSeen: null });
    await waitFor(() => expect(rows[1]).toHaveTextContent('Online'));
  });

  it('when the other side deleted their account, then their messages read from Deleted user with no presence and no composer', async () => {
    const deleted = { ...grace, firstName: 'Deleted', lastName: 'user', deleted: true };
    const rendered = renderChat({
      chats: [makeSummary(deleted, fromGrace)],
      messages: { [grace.id]: [fromGrace] },
      presence: [{ userId: grace.id, isOnline: true, lastSeen: null }],
    });
    rendered.socket.serverConnect();
    const list = await screen.findByRole('list', { name: 'Conversations' });
    await rendered.user.click(within(list).getByRole('button', { name: /Deleted user/ }));
    const view = within(await screen.findByRole('region', { name: 'Conversation with Deleted user' }));
    expect(await view.findByText('Are you coming tonight?')).toBeInTheDocument();
    expect(view.getByText('Account deleted')).toBeInTheDocument();
    expect(view.queryByText('Online')).toBeNull();
    expect(view.getByRole('status')).toHaveTextContent('This account was deleted. You can read your messages, but not reply.');
    expect(view.queryByLabelText('Type a message')).toBeNull();
  });

  it('when a conversation is searched, then the list filters by name', async () => {
    const rendered = renderWithGrace();
    const list = await screen.findByRole('list', { name: 'Conversations' });
    await rendered.user.type(screen.getByLabelText('Search conversations'), 'lin');
    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(1));
    expect(within(list).getByRole('button')).toHaveTextContent('Linus Torvalds');
  });

  it('when a conversation is opened, then bubbles show with my own on the right and read marks, and it is marked read', async () => {
    const rendered = renderWithGrace({ chats: [makeSummary(grace, fromGrace, 1)] });
    rendered.socket.serverConnect();
    const view = within(await openGrace(rendered));
    expect(await view.findByText('Are you coming tonight?')).toBeInTheDocument();
    expect(view.getByText('Online')).toBeInTheDocument();
    const own = view.getByText('Yes, at 7!');
    expect(within(own).getByLabelText('Read')).toBeInTheDocument();
    expect(within(view.getByText('Are you coming tonight?')).queryByLabelText('Read')).toBeNull();
    await waitFor(() => expect(rendered.socket.sentOf('messages:read')).toContainEqual({ userId: grace.id }));
  });

  it('when Enter is pressed, then the message is sent over the socket and shown once stored; blank input (or only invisible characters) is ignored', async () => {
    const rendered = renderWithGrace();
    rendered.socket.serverConnect();
    const stored = makeMessage({ senderId: me.id, receiverId: grace.id, content: 'See you there', createdAt: new Date().toISOString() });
    rendered.socket.replies['message:send'] = () => ({ ok: true, message: stored });
    const view = within(await openGrace(rendered));
    const input = view.getByLabelText('Type a message');
    await rendered.user.type(input, '   {Enter}');
    expect(rendered.socket.sentOf('message:send')).toHaveLength(0);
    // Only invisible characters (a pasted zero-width space) are blank too: Send stays off.
    await rendered.user.clear(input);
    await rendered.user.type(input, '\u200B\u2060{Enter}');
    expect(rendered.socket.sentOf('message:send')).toHaveLength(0);
    expect(view.getByRole('button', { name: 'Send message' })).toBeDisabled();
    await rendered.user.clear(input);
    await rendered.user.type(input, 'See you there{Enter}');
    await waitFor(() => expect(rendered.socket.sentOf('message:send')).toHaveLength(1));
    expect(rendered.socket.sentOf('message:send')[0]).toMatchObject({ receiverId: grace.id, content: 'See you there', clientId: expect.any(String) });
    expect(await view.findByText('See you there')).toBeInTheDocument();
    await waitFor(() => expect(input).toHaveValue(''));
    expect(within(view.getByText('See you there')).getByLabelText('Sent')).toBeInTheDocument();
    // The broadcast of the same message (another tab's echo) adds nothing.
    rendered.socket.serverEmit('message:new', stored);
    expect(view.getAllByText('See you there')).toHaveLength(1);
    // Grace reads it: two check marks.
    rendered.socket.serverEmit('messages:read-receipt', { chatId: stored.chatId, readerId: grace.id, upToId: stored.id, readAt: new Date().toISOString() });
    await waitFor(() => expect(within(view.getByText('See you there')).getByLabelText('Read')).toBeInTheDocument());
  });

  it('when the partner types and then writes, then typing shows and the message appears live, once', async () => {
    const rendered = renderWithGrace();
    rendered.socket.serverConnect();
    const view = within(await openGrace(rendered));
    await view.findByText('Are you coming tonight?');
    rendered.socket.serverEmit('typing', { chatId: 'x', userId: grace.id, isTyping: true });
    expect(await view.findByText('Grace is typing...')).toBeInTheDocument();
    const live = makeMessage({ senderId: grace.id, receiverId: me.id, content: 'Great!', createdAt: new Date().toISOString() });
    rendered.socket.serverEmit('message:new', live);
    rendered.socket.serverEmit('message:new', live);
    expect(await view.findByText('Great!')).toBeInTheDocument();
    expect(view.getAllByText('Great!')).toHaveLength(1);
    expect(view.queryByText('Grace is typing...')).toBeNull();
  });

  it('when a message arrives for another conversation, then a New message notice shows', async () => {
    const rendered = renderWithGrace();
    rendered.socket.serverConnect();
    await openGrace(rendered);
    rendered.socket.serverEmit('message:new', makeMessage({ senderId: alan.id, receiverId: me.id, content: 'Quick question' }));
    expect(await screen.findByText('New message')).toBeInTheDocument();
    expect(screen.getByText('Alan Turing: Quick question')).toBeInTheDocument();
  });

  it('when sending is refused, then Failed to send message shows the server message', async () => {
    const rendered = renderWithGrace();
    rendered.socket.serverConnect();
    rendered.socket.replies['message:send'] = () => ({ ok: false, status: 403, message: 'This user is not accepting messages from you.' });
    const view = within(await openGrace(rendered));
    await rendered.user.type(view.getByLabelText('Type a message'), 'Hello?{Enter}');
    expect(await screen.findByText('Failed to send message')).toBeInTheDocument();
    expect(screen.getByText('This user is not accepting messages from you.')).toBeInTheDocument();
    expect(view.getByLabelText('Type a message')).toHaveValue('Hello?');
  });

  it('when the socket is down, then a message goes over REST instead', async () => {
    const stored = makeMessage({ senderId: me.id, receiverId: grace.id, content: 'Via REST' });
    const rendered = renderWithGrace({ routes: { 'POST /api/messages': () => new Response(JSON.stringify(stored), { status: 201, headers: { 'Content-Type': 'application/json' } }) } });
    const view = within(await openGrace(rendered));
    await rendered.user.type(view.getByLabelText('Type a message'), 'Via REST{Enter}');
    await waitFor(() => expect(rendered.network.callsTo('POST', '/api/messages')).toHaveLength(1));
    expect(JSON.parse(rendered.network.callsTo('POST', '/api/messages')[0]!.body)).toMatchObject({ receiverId: grace.id, content: 'Via REST' });
    expect(await view.findByText('Via REST')).toBeInTheDocument();
  });

  it('when the connection comes back, then the open conversation catches up since its last message', async () => {
    const rendered = renderWithGrace();
    rendered.socket.serverConnect();
    const view = within(await openGrace(rendered));
    await view.findByText('Yes, at 7!');
    const missed = makeMessage({ senderId: grace.id, receiverId: me.id, content: 'You missed this', createdAt: new Date().toISOString() });
    rendered.socket.replies['messages:since'] = () => ({ ok: true, messages: [missed], complete: true });
    rendered.socket.disconnect();
    expect(await screen.findByText('Disconnected')).toBeInTheDocument();
    rendered.socket.serverConnect();
    expect(await view.findByText('You missed this')).toBeInTheDocument();
    expect(rendered.socket.sentOf('messages:since')).toContainEqual({ userId: grace.id, afterId: toGrace.id });
  });

  it('when the conversation has older pages, then Load earlier messages brings them in above', async () => {
    const older = makeMessage({ senderId: grace.id, receiverId: me.id, content: 'From last week', createdAt: '2025-01-01T10:00:00.000Z' });
    const rendered = renderWithGrace({
      routes: {
        'GET /api/messages': (request) => {
          const cursor = new URL(request.url, 'http://localhost').searchParams.get('cursor');
          const headers: Record<string, string> = { 'Content-Type': 'application/json' };
          if (cursor) return new Response(JSON.stringify([older]), { status: 200, headers });
          headers['X-Next-Cursor'] = 'page-2';
          return new Response(JSON.stringify([toGrace, fromGrace]), { status: 200, headers });
        },
      },
    });
    const view = within(await openGrace(rendered));
    await view.findByText('Yes, at 7!');
    await rendered.user.click(view.getByRole('button', { name: 'Load earlier messages' }));
    expect(await view.findByText('From last week')).toBeInTheDocument();
    const texts = view.getAllByRole('listitem').map((item) => item.textContent ?? '');
    expect(texts.findIndex((t) => t.includes('From last week'))).toBeLessThan(texts.findIndex((t) => t.includes('Are you coming tonight?')));
    expect(view.queryByRole('button', { name: 'Load earlier messages' })).toBeNull();
    expect(rendered.network.calls.filter((call) => call.path === '/api/messages')).toHaveLength(2);
  });

  it('when I report a message Grace sent me, then the report dialog sends it for that message and says thank you; the server’s refusal is shown', async () => {
    let attempts = 0;
    const rendered = renderWithGrace({
      routes: {
        [`POST /api/messages/${fromGrace.id}/report`]: () => {
          attempts += 1;
          return attempts === 1
            ? jsonResponse(409, { message: 'You have already reported this content. Our moderators are reviewing it.' })
            : jsonResponse(201, { id: 'r1', type: 'message', contentId: fromGrace.id, reason: 'Spam', description: 'again and again', status: 'pending', createdAt: new Date().toISOString(), resolvedAt: null });
        },
      },
    });
    const view = within(await openGrace(rendered));
    await view.findByText('Are you coming tonight?');
    // Only the other side's messages can be reported.
    expect(view.getAllByRole('button', { name: /Report message/ })).toHaveLength(1);
    await rendered.user.click(view.getByRole('button', { name: 'Report message from Grace' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Report Message' }));
    await rendered.user.click(dialog.getByLabelText(/Spam/));
    await rendered.user.type(dialog.getByLabelText('Additional details (optional)'), '  again and again ');
    await rendered.user.click(dialog.getByRole('button', { name: 'Submit Report' }));
    expect(await screen.findByText('You have already reported this content. Our moderators are reviewing it.')).toBeInTheDocument();
    await rendered.user.click(dialog.getByRole('button', { name: 'Submit Report' }));
    expect(await screen.findByText('Report submitted')).toBeInTheDocument();
    expect(JSON.parse(rendered.network.callsTo('POST', `/api/messages/${fromGrace.id}/report`)[1]!.body)).toEqual({ reason: 'Spam', description: 'again and again' });
  });
});
