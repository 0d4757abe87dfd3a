import { screen, waitFor, within } from '@testing-library/react';
import { setChatSocketFactory } from '../../../src/lib/chat/chat-socket';
import type { ChatSummary } from '@quad/contracts';
import { jsonResponse } from '../../utils/fetch-stub';
import { grace, linus, makeMessage, makeSummary, me, renderChat } from './chat-fixtures';

beforeEach(() => localStorage.clear());
afterEach(() => setChatSocketFactory(null));

const fromGrace = makeMessage({ senderId: grace.id, receiverId: me.id, content: 'Lunch at noon?', createdAt: new Date().toISOString() });

function renderHome() {
  return renderChat({
    route: '/',
    chats: [makeSummary(grace, fromGrace, 1)],
    friends: [grace, linus],
    messages: { [grace.id]: [fromGrace] },
    presence: [{ userId: grace.id, isOnline: true, lastSeen: null }],
  });
}

/** Home's messages column, there at the test window's default width (1440 px, see test/setup.ts). */
async function panel() {
  return within(await screen.findByRole('complementary', { name: 'Messages' }));
}

describe('home messages panel', () => {
  it('when the Friends tab shows, then conversations have previews, relative times and unread counts', async () => {
    renderHome();
    const messages = await panel();
    const list = await messages.findByRole('list', { name: 'Friends' });
    const graceRow = within(list).getByRole('button', { name: /Grace Hopper/ });
    expect(graceRow).toHaveTextContent('Lunch at noon?');
    expect(graceRow).toHaveTextContent('Just now');
    expect(within(graceRow).getByLabelText('1 unread')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: /Linus Torvalds/ })).toBeInTheDocument();
  });

  it('when my read receipt from another tab arrives after a newer message, then the count comes from the server, not 0', async () => {
    const newer = makeMessage({ senderId: grace.id, receiverId: me.id, content: 'Or at one?', createdAt: new Date().toISOString() });
    let serverChats: ChatSummary[] = [makeSummary(grace, fromGrace, 1)];
    const { socket } = renderChat({
      route: '/',
      chats: serverChats,
      friends: [grace, linus],
      routes: { 'GET /api/chats': () => jsonResponse(200, serverChats) },
    });
    socket.serverConnect();
    const messages = await panel();
    const graceRow = await messages.findByRole('button', { name: /Grace Hopper/ });
    expect(within(graceRow).getByLabelText('1 unread')).toBeInTheDocument();
    // Another tab read up to "Lunch at noon?"; "Or at one?" came meanwhile and passed the receipt.
    serverChats = [makeSummary(grace, newer, 1)];
    socket.serverEmit('message:new', newer);
    await waitFor(() => expect(within(graceRow).getByLabelText('2 unread')).toBeInTheDocument());
    socket.serverEmit('messages:read-receipt', { chatId: fromGrace.chatId, readerId: me.id, upToId: fromGrace.id, readAt: new Date().toISOString() });
    await waitFor(() => expect(within(messages.getByRole('button', { name: /Grace Hopper/ })).getByLabelText('1 unread')).toBeInTheDocument());
    // Read up to the newest: nothing unread.
    serverChats = [makeSummary(grace, newer, 0)];
    socket.serverEmit('messages:read-receipt', { chatId: fromGrace.chatId, readerId: me.id, upToId: newer.id, readAt: new Date().toISOString() });
    await waitFor(() => expect(within(messages.getByRole('button', { name: /Grace Hopper/ })).queryByLabelText(/unread/)).toBeNull());
  });

  it('when a friend is chosen, then the chat view opens; back and close return to the list', async () => {
    const { user, socket } = renderHome();
    socket.serverConnect();
    const messages = await panel();
    await user.click(await messages.findByRole('button', { name: /Grace Hopper/ }));
    const view = within(await messages.findByRole('region', { name: 'Conversation with Grace Hopper' }));
    expect(await view.findByText('Lunch at noon?')).toBeInTheDocument();
    expect(view.getByLabelText('Type a message')).toBeInTheDocument();
    await user.click(view.getByRole('button', { name: 'Back to conversations' }));
    expect(await messages.findByRole('list', { name: 'Friends' })).toBeInTheDocument();
    await user.click(messages.getByRole('button', { name: /Grace Hopper/ }));
    await user.click(await messages.findByRole('button', { name: 'Close conversation' }));
    expect(await messages.findByRole('list', { name: 'Friends' })).toBeInTheDocument();
  });

  it('when the Groups tab is chosen and the student has no group, then it offers to start one', async () => {
    const { user } = renderHome();
    const messages = await panel();
    await user.click(messages.getByRole('tab', { name: 'Groups' }));
    expect(await messages.findByText('No groups yet')).toBeInTheDocument();
    expect(messages.getByRole('button', { name: 'New group' })).toBeInTheDocument();
  });

  it('when a message arrives on another screen, then a New message notice shows; from the open chat, none', async () => {
    const { user, socket } = renderHome();
    socket.serverConnect();
    const messages = await panel();
    await user.click(await messages.findByRole('button', { name: /Grace Hopper/ }));
    await messages.findByRole('region', { name: 'Conversation with Grace Hopper' });
    socket.serverEmit('message:new', makeMessage({ senderId: grace.id, receiverId: me.id, content: 'In the open chat' }));
    expect(await messages.findByText('In the open chat')).toBeInTheDocument();
    expect(screen.queryByText('New message')).toBeNull();
    socket.serverEmit('message:new', makeMessage({ senderId: linus.id, receiverId: me.id, content: 'Elsewhere' }));
    expect(await screen.findByText('New message')).toBeInTheDocument();
    expect(screen.getByText('Linus Torvalds: Elsewhere')).toBeInTheDocument();
  });

  it('when signed in on a screen without chat, then the connection is still open and notices still show', async () => {
    const { socket } = renderChat({ route: '/friends' });
    // The signed-in app listens as soon as it knows who is signed in.
    await waitFor(() => expect(socket.listenerCount('message:new')).toBeGreaterThan(0));
    socket.serverConnect();
    socket.serverEmit('message:new', makeMessage({ senderId: grace.id, receiverId: me.id, content: 'Ping' }));
    expect(await screen.findByText('New message')).toBeInTheDocument();
    expect(screen.getByText('Grace Hopper: Ping')).toBeInTheDocument();
  });

  it('when the Friends screen lists friends, then it asks chat who of them is online', async () => {
    const { socket } = renderChat({ route: '/friends', friends: [{ ...grace, college: 'State University', mutualFriends: 0, isOnline: false }] });
    socket.serverConnect();
    await waitFor(() => expect(socket.sentOf('presence:query')).toContainEqual({ userIds: [grace.id] }));
  });
});
