import { STORAGE_KEYS } from '@quad/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { logOut } from '../../src/lib/auth/session-actions';
import { makeStore } from '../../src/app/store';
import { authApi } from '../../src/features/auth/api';
import { makeUser } from '../fixtures';
import { jsonResponse, never, stubFetch } from '../utils/fetch-stub';
import { renderApp } from '../utils/render';

beforeEach(() => {
  localStorage.clear();
  document.body.className = '';
});

describe('session-dependent routes', () => {
  it('while the current user loads, then Loading Quad... is shown', () => {
    stubFetch({ 'GET /api/auth/user': never });
    renderApp('/');
    expect(screen.getByText('Loading Quad...')).toBeInTheDocument();
  });

  it('when signed out, then / shows the sign-in page', async () => {
    stubFetch({ 'GET /api/auth/user': jsonResponse(401, { message: 'Not authenticated' }) });
    renderApp('/');
    expect(await screen.findByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
  });

  it('when the address is unknown, then the not-found page explains itself', async () => {
    stubFetch({ 'GET /api/auth/user': jsonResponse(401, {}) });
    renderApp('/no-such-page');
    expect(await screen.findByText('404 Page Not Found')).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
  });

  it('when signed out on a signed-in-only screen, then Unauthorized is shown and /auth follows', async () => {
    stubFetch({ 'GET /api/auth/user': jsonResponse(401, {}) });
    renderApp('/friends');
    expect(await screen.findByText('Unauthorized')).toBeInTheDocument();
    expect(screen.getByText('You are logged out. Redirecting...')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/auth'));
  });

  it('when the redirect page is opened, then the user lands on /', async () => {
    stubFetch({ 'GET /api/auth/user': jsonResponse(401, {}) });
    renderApp('/redirect');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('when signed in without a stored device, then / asks for the device and remembers the choice', async () => {
    stubFetch({ 'GET /api/auth/user': jsonResponse(200, makeUser()) });
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: /Tablet/ }));
    expect(localStorage.getItem(STORAGE_KEYS.userDevice)).toBe('tablet');
    expect(localStorage.getItem(STORAGE_KEYS.deviceType)).toBe('tablet');
    expect(document.body).toHaveClass('tablet-optimized');
    // Home, with the bottom tab bar for a touch device.
    expect(await screen.findByRole('button', { name: 'New Post' })).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Tabs' });
    expect(within(tabs).getAllByRole('link').map((link) => link.textContent)).toEqual(['Home', 'Messages', 'Friends', 'Ideas', 'Polls']);
    // The walkthrough's friends step points at the Friends tab where the home friends panel is not
    // shown; the top bar's link is not a target (on a desktop it would win over the panel).
    expect(within(tabs).getByRole('link', { name: 'Friends' })).toHaveAttribute('data-walkthrough', 'friends');
    const friendsTargets = [...document.querySelectorAll('[data-walkthrough="friends"]')];
    expect(friendsTargets.at(-1)).toBe(within(tabs).getByRole('link', { name: 'Friends' }));
    expect(friendsTargets.filter((element) => element.closest('nav[aria-label="Tabs"]') === null).every((element) => element.tagName !== 'A')).toBe(true);
  });

  it('when a name is missing, then / asks to complete the profile and requires both names', async () => {
    localStorage.setItem(STORAGE_KEYS.userDevice, 'desktop');
    const network = stubFetch({
      'GET /api/auth/user': jsonResponse(200, makeUser({ firstName: '', lastName: '' })),
      'POST /api/complete-profile': jsonResponse(200, {}),
    });
    const { user } = renderApp('/');
    await user.type(await screen.findByLabelText('First name'), '  Ada ');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please enter both your first and last name.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(network.callsTo('POST', '/api/complete-profile')).toHaveLength(1));
    expect(JSON.parse(network.callsTo('POST', '/api/complete-profile')[0]!.body)).toEqual({ firstName: 'Ada', lastName: 'Lovelace' });
    // The current user is fetched again after completing the profile.
    await waitFor(() => expect(network.callsTo('GET', '/api/auth/user').length).toBeGreaterThanOrEqual(2));
  });

  it('when signed in with a device and a name, then home shows its frame and navigation', async () => {
    localStorage.setItem(STORAGE_KEYS.userDevice, 'desktop');
    stubFetch({
      'GET /api/auth/user': jsonResponse(200, makeUser({ isAdmin: true })),
      'GET /api/topics': jsonResponse(200, []),
      'GET /api/posts': jsonResponse(200, []),
    });
    renderApp('/');
    expect(await screen.findByText('College Community')).toBeInTheDocument();
    for (const name of ['New Post', 'Tour', 'Logout']) expect(screen.getAllByRole('button', { name }).length).toBeGreaterThan(0);
    expect(await screen.findByText('No posts yet')).toBeInTheDocument();
    expect(screen.getByText('Be the first to start a discussion in this topic!')).toBeInTheDocument();
    const main = screen.getAllByRole('navigation', { name: 'Main' })[0]!;
    expect(within(main).getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin-panel');
    expect(screen.getByRole('link', { name: 'Device: Desktop' })).toHaveAttribute('href', '/device-selection');
    // Desktop: no bottom tab bar.
    expect(screen.queryByRole('navigation', { name: 'Tabs' })).not.toBeInTheDocument();
  });

  it('when a signed-in screen opens, then it carries its title', async () => {
    localStorage.setItem(STORAGE_KEYS.userDevice, 'desktop');
    // Reports & Bans needs a stored admin token (spec section 5); the Admin link follows the user's isAdmin.
    localStorage.setItem(STORAGE_KEYS.adminToken, 'a');
    stubFetch({ 'GET /api/auth/user': jsonResponse(200, makeUser()) });
    renderApp('/admin-reports');
    expect(await screen.findByRole('heading', { name: 'Reports & Bans' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
  });
});

describe('logOut', () => {
  it('when logging out, then both tokens and the cache are cleared before the server ends the session', async () => {
    localStorage.setItem(STORAGE_KEYS.userToken, 'u');
    localStorage.setItem(STORAGE_KEYS.adminToken, 'a');
    stubFetch({ 'GET /api/colleges': jsonResponse(200, []) });
    const store = makeStore();
    await act(() => store.dispatch(authApi.endpoints.getColleges.initiate()));
    expect(Object.keys(store.getState().api.queries)).not.toHaveLength(0);
    const visited: string[] = [];
    logOut(store.dispatch, (url) => visited.push(url));
    expect(localStorage.getItem(STORAGE_KEYS.userToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.adminToken)).toBeNull();
    expect(store.getState().api.queries).toEqual({});
    expect(visited).toEqual(['/api/logout']);
  });

  it('when logging out, then the page posts a form to /api/logout (a POST another site cannot send with a link)', () => {
    const submitted: HTMLFormElement[] = [];
    const submit = jest.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      submitted.push(this);
    });
    try {
      logOut(makeStore().dispatch);
      expect(submitted.map((form) => [form.method, new URL(form.action).pathname])).toEqual([['post', '/api/logout']]);
    } finally {
      submit.mockRestore();
    }
  });
});
