import { STORAGE_KEYS } from '@quad/contracts';
import { screen, waitFor } from '@testing-library/react';
import { startFirstScreen } from '../../src/app/first-screens';
import { makeStore } from '../../src/app/store';
import { findPostCard, makePost, postsPage, topics, viewer } from '../features/forum/forum-fixtures';
import { jsonResponse, stubFetch, type RouteHandler } from '../utils/fetch-stub';
import { renderApp } from '../utils/render';

beforeEach(() => localStorage.clear());

/** The session answers only when the test says so, to show what starts before it. */
function heldSession() {
  let answer: (response: Response) => void = () => {};
  const handler: RouteHandler = () => new Promise<Response>((resolve) => (answer = resolve));
  return { handler, answer: () => answer(jsonResponse(200, viewer)) };
}

describe('what a page load starts before the session answers', () => {
  it('when a returning student opens /, then the topics and the first board are fetched at once and home shows them without asking again', async () => {
    localStorage.setItem(STORAGE_KEYS.userToken, 'token');
    localStorage.setItem(STORAGE_KEYS.userDevice, 'desktop');
    const session = heldSession();
    const network = stubFetch({
      'GET /api/auth/user': session.handler,
      'GET /api/topics': jsonResponse(200, topics),
      'GET /api/posts': postsPage([makePost()]),
      'GET /api/user/stats': jsonResponse(200, { totalPosts: 3 }),
    });
    const store = makeStore();

    startFirstScreen(store, '/');
    await waitFor(() => expect(network.callsTo('GET', '/api/posts')).toHaveLength(1));
    expect(network.callsTo('GET', '/api/auth/user')).toHaveLength(0);

    renderApp('/', store);
    await waitFor(() => expect(network.callsTo('GET', '/api/auth/user')).toHaveLength(1));
    session.answer();
    expect(await findPostCard('Study group for finals')).toBeInTheDocument();
    expect(network.callsTo('GET', '/api/topics')).toHaveLength(1);
    expect(network.callsTo('GET', '/api/posts')).toHaveLength(1);
  });

  it('when a visitor opens /, then nothing is asked of the API before the session', async () => {
    const network = stubFetch({ 'GET /api/auth/user': jsonResponse(401, { message: 'Not authenticated' }) });
    startFirstScreen(makeStore(), '/');
    renderApp('/');
    expect(await screen.findByRole('tab', { name: 'Login' })).toBeInTheDocument();
    expect(network.calls.map((call) => call.path)).toEqual(['/api/auth/user']);
  });

  it('when a signed-in student has not chosen a device yet, then the feed is not fetched ahead (the device screen comes first)', async () => {
    localStorage.setItem(STORAGE_KEYS.userToken, 'token');
    const network = stubFetch({ 'GET /api/auth/user': jsonResponse(200, viewer) });
    startFirstScreen(makeStore(), '/');
    renderApp('/');
    expect(await screen.findByRole('button', { name: /Tablet/ })).toBeInTheDocument();
    // The account's colour scheme (lib/theme) is asked with the session; nothing of the feed.
    expect(network.calls.map((call) => call.path)).toEqual(['/api/auth/user', '/api/settings']);
  });
});
