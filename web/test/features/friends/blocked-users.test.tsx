import { screen, waitFor, within } from '@testing-library/react';
import { BlockedUsers } from '../../../src/features/friends/components/blocked-users';
import { jsonResponse, stubFetch } from '../../utils/fetch-stub';
import { renderWithProviders } from '../../utils/render';

const blocked = {
  id: 'u9',
  firstName: 'Mallory',
  lastName: 'Evans',
  college: 'State University',
  profileColor: '#EF4444',
  profileImageUrl: null,
  blockedAt: '2025-01-10T10:00:00.000Z',
};

describe('Blocked users', () => {
  it('when nobody is blocked, then it says so', async () => {
    stubFetch({ 'GET /api/blocks': jsonResponse(200, []) });
    renderWithProviders(<BlockedUsers />);
    expect(await screen.findByText('You have not blocked anyone.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Blocked users' })).toBeInTheDocument();
  });

  it('when Unblock is clicked, then the block is removed, the list refreshes and it is told', async () => {
    let list = [blocked];
    const network = stubFetch({
      'GET /api/blocks': () => jsonResponse(200, list),
      'DELETE /api/blocks/u9': () => {
        list = [];
        return jsonResponse(200, { message: 'User unblocked' });
      },
    });
    const { user } = renderWithProviders(<BlockedUsers />);
    const rows = within(await screen.findByRole('list', { name: 'Blocked users' }));
    expect(rows.getByText('Mallory Evans')).toBeInTheDocument();
    expect(rows.getByText('State University')).toBeInTheDocument();
    await user.click(rows.getByRole('button', { name: 'Unblock Mallory Evans' }));
    expect(await screen.findByText('User unblocked')).toBeInTheDocument();
    expect(network.callsTo('DELETE', '/api/blocks/u9')).toHaveLength(1);
    await waitFor(() => expect(screen.getByText('You have not blocked anyone.')).toBeInTheDocument());
  });

  it('when unblocking fails, then the server message is shown', async () => {
    stubFetch({
      'GET /api/blocks': jsonResponse(200, [blocked]),
      'DELETE /api/blocks/u9': jsonResponse(404, { message: 'You have not blocked this user.' }),
    });
    const { user } = renderWithProviders(<BlockedUsers />);
    await user.click(await screen.findByRole('button', { name: 'Unblock Mallory Evans' }));
    expect(await screen.findByText('Failed to unblock user')).toBeInTheDocument();
    expect(screen.getByText('You have not blocked this user.')).toBeInTheDocument();
  });
});
