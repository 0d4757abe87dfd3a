import { act, screen } from '@testing-library/react';
import { setChatSocketFactory } from '../../../src/lib/chat/chat-socket';
import { jsonResponse } from '../../utils/fetch-stub';
import { me, renderChat } from '../messages/chat-fixtures';

/*
 * When an admin bans a student, chat closes the student's sockets at once ("io server disconnect");
 * the student's open page then reads the current user again, so the suspension screen replaces it
 * without waiting for the student's next click (spec section 2: "Banned users see a suspension
 * screen instead of everything").
 */

const suspended = { message: 'Account suspended', reason: 'Spamming the boards', expiresAt: '2030-05-01T12:00:00.000Z' };

beforeEach(() => localStorage.clear());
afterEach(() => setChatSocketFactory(null));

function renderSignedIn() {
  let banned = false;
  const rendered = renderChat({
    route: '/messages',
    routes: { 'GET /api/auth/user': () => (banned ? jsonResponse(403, suspended) : jsonResponse(200, me)) },
  });
  return { ...rendered, ban: () => (banned = true) };
}

describe('a connection the server ends', () => {
  it('when chat ends the connection of a student just banned, then the open page shows the suspension screen', async () => {
    const { socket, ban } = renderSignedIn();
    expect(await screen.findByText('Select a conversation')).toBeInTheDocument();
    socket.serverConnect();

    ban();
    act(() => {
      socket.connected = false;
      socket.fire('disconnect', 'io server disconnect');
    });

    expect(await screen.findByRole('heading', { name: 'Account Suspended' })).toBeInTheDocument();
    expect(screen.getByText('Spamming the boards')).toBeInTheDocument();
  });

  it('when the connection only drops (a network blip or a server restart), then the current user is not read again', async () => {
    const { socket, network } = renderSignedIn();
    expect(await screen.findByText('Select a conversation')).toBeInTheDocument();
    socket.serverConnect();
    const reads = network.callsTo('GET', '/api/auth/user').length;

    act(() => {
      socket.connected = false;
      socket.fire('disconnect', 'transport close');
    });

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(network.callsTo('GET', '/api/auth/user')).toHaveLength(reads);
    expect(screen.queryByRole('heading', { name: 'Account Suspended' })).not.toBeInTheDocument();
  });
});
