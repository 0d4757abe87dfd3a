import { STORAGE_KEYS } from '@quad/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { jsonResponse } from '../../utils/fetch-stub';
import { findPostCard, renderHome, viewer } from './forum-fixtures';

beforeEach(() => localStorage.clear());

describe('home header', () => {
  it('when Logout is pressed, then both tokens go, the session ends, the cache is reset and /auth shows', async () => {
    let signedIn = true;
    const { user, network, store } = renderHome({
      routes: {
        'GET /api/auth/user': () => (signedIn ? jsonResponse(200, viewer) : jsonResponse(401, { message: 'Not authenticated' })),
        'POST /api/logout': () => {
          signedIn = false;
          return new Response(null, { status: 200 });
        },
      },
    });
    localStorage.setItem(STORAGE_KEYS.userToken, 'user-token');
    localStorage.setItem(STORAGE_KEYS.adminToken, 'admin-token');
    await findPostCard('Study group for finals');
    await user.click(within(screen.getByRole('region', { name: 'Feed' })).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/auth'));
    expect(localStorage.getItem(STORAGE_KEYS.userToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.adminToken)).toBeNull();
    expect(network.callsTo('POST', '/api/logout')).toHaveLength(1);
    expect(network.callsTo('POST', '/api/logout')[0]!.headers.get('Authorization')).toBe('Bearer admin-token');
    expect(await screen.findByRole('tab', { name: 'Login' })).toBeInTheDocument();
    expect(store.getState().api.queries['getTopics(undefined)']).toBeUndefined();
  });

  it('when a topic is selected, then the header carries its name and icon', async () => {
    renderHome();
    const heading = await screen.findByRole('heading', { level: 1, name: /General/ });
    expect(heading).toHaveTextContent('💬');
  });
});
