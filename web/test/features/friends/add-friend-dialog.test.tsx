import { act, screen, within } from '@testing-library/react';
import { jsonResponse, never } from '../../utils/fetch-stub';
import { makePerson, makeRequest, me, renderFriends } from './friends-fixtures';

beforeEach(() => localStorage.clear());

async function openDialog(user: ReturnType<typeof renderFriends>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Add Friend' }));
  return within(screen.getByRole('dialog', { name: 'Add Friend' }));
}

describe('Add Friend dialog', () => {
  it('when a name is typed, then it searches once, 300 ms after the last keystroke, showing Searching... meanwhile', async () => {
    const grace = makePerson({
      id: 'u2',
      firstName: 'Grace',
      lastName: 'Hopper',
      college: 'State University',
    });
    const { user, network } = renderFriends({
      routes: {
        'GET /api/users/search': jsonResponse(200, [grace]),
        'POST /api/friend-requests': jsonResponse(201, makeRequest(me, grace)),
      },
    });
    const dialog = await openDialog(user);
    await user.type(dialog.getByLabelText('Search by name'), 'gra');
    expect(dialog.getByText('Searching...')).toBeInTheDocument();
    expect(network.callsTo('GET', '/api/users/search')).toHaveLength(0);
    const results = within(await dialog.findByRole('list', { name: 'Search results' }));
    expect(network.callsTo('GET', '/api/users/search')).toHaveLength(1);
    expect(results.getByText('Grace Hopper')).toBeInTheDocument();
    expect(results.getByText('State University')).toBeInTheDocument();
    await user.click(results.getByRole('button', { name: 'Add Grace Hopper' }));
    expect(await screen.findByText('Friend request sent successfully!')).toBeInTheDocument();
  });

  it('when the text is only spaces, then nothing is searched', async () => {
    const { user, network } = renderFriends({ routes: { 'GET /api/users/search': jsonResponse(200, []) } });
    const dialog = await openDialog(user);
    await user.type(dialog.getByLabelText('Search by name'), '   ');
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(network.callsTo('GET', '/api/users/search')).toHaveLength(0);
    expect(dialog.queryByText('Searching...')).not.toBeInTheDocument();
  });

  it('when nothing matches, then No users found; when the search fails, then results are silently cleared', async () => {
    let fail = false;
    const { user } = renderFriends({
      routes: {
        'GET /api/users/search': () =>
          fail ? jsonResponse(500, { message: 'boom' }) : jsonResponse(200, []),
      },
    });
    const dialog = await openDialog(user);
    await user.type(dialog.getByLabelText('Search by name'), 'nobody');
    expect(await dialog.findByText('No users found')).toBeInTheDocument();
    fail = true;
    await user.type(dialog.getByLabelText('Search by name'), 'x');
    await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(dialog.queryByText('No users found')).not.toBeInTheDocument();
    expect(dialog.queryByRole('list', { name: 'Search results' })).not.toBeInTheDocument();
    expect(screen.queryByText(/boom/)).not.toBeInTheDocument();
  });

  it('when a result is already a friend or asked, then it shows Friends or Pending instead of Add', async () => {
    const { user } = renderFriends({
      routes: {
        'GET /api/users/search': jsonResponse(200, [
          makePerson({ id: 'u2', firstName: 'Grace', lastName: 'Hopper', friendStatus: 'friends' }),
          makePerson({ id: 'u3', firstName: 'Alan', lastName: 'Turing', friendStatus: 'request_sent' }),
        ]),
      },
    });
    const dialog = await openDialog(user);
    await user.type(dialog.getByLabelText('Search by name'), 'a');
    const results = within(await dialog.findByRole('list', { name: 'Search results' }));
    expect(results.getByText('Friends')).toBeInTheDocument();
    expect(results.getByText('Pending')).toBeInTheDocument();
    expect(results.queryByRole('button', { name: /^Add/ })).not.toBeInTheDocument();
  });

  it('while a search is in flight, then Searching... stays', async () => {
    const { user } = renderFriends({ routes: { 'GET /api/users/search': never } });
    const dialog = await openDialog(user);
    await user.type(dialog.getByLabelText('Search by name'), 'slow');
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(dialog.getByText('Searching...')).toBeInTheDocument();
  });
});
