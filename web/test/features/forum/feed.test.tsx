import { screen, waitFor, within } from '@testing-library/react';
import { jsonResponse } from '../../utils/fetch-stub';
import { makeFriend } from '../friends/friends-fixtures';
import { findPostCard, makePost, postsPage, renderHome } from './forum-fixtures';

beforeEach(() => localStorage.clear());

// Home's sidebar is there at the test window's default width (1440 px, see test/setup.ts).
const sidebar = () => within(screen.getByRole('complementary', { name: 'Sidebar' }));

describe('home feed', () => {
  it('when topics load, then the first topic is selected, named in the header and its posts are fetched', async () => {
    const requested: string[] = [];
    renderHome({
      routes: {
        'GET /api/posts': (request) => {
          requested.push(new URL(request.url, 'http://localhost').search);
          return postsPage([makePost()]);
        },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: /General/ })).toBeInTheDocument();
    expect(sidebar().getByRole('button', { name: 'General 2 posts' })).toHaveAttribute('aria-pressed', 'true');
    expect(sidebar().getByRole('button', { name: 'Academics 0 posts' })).toHaveAttribute('aria-pressed', 'false');
    await findPostCard('Study group for finals');
    expect(requested).toEqual(['?topicId=1']);
  });

  it('when another topic is chosen, then its posts are shown', async () => {
    const { user } = renderHome({
      routes: {
        'GET /api/posts': (request) =>
          postsPage(new URL(request.url, 'http://localhost').searchParams.get('topicId') === '2' ? [makePost({ id: 'p9', title: 'Calculus tips', topicId: 2 })] : [makePost()]),
      },
    });
    await findPostCard('Study group for finals');
    await user.click(sidebar().getByRole('button', { name: 'Academics 0 posts' }));
    expect(await findPostCard('Calculus tips')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Study group for finals' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: /Academics/ })).toBeInTheDocument();
  });

  it('when the mobile dropdown picks All Topics, then posts of every topic are asked for', async () => {
    const requested: string[] = [];
    const { user } = renderHome({
      routes: {
        'GET /api/posts': (request) => {
          requested.push(new URL(request.url, 'http://localhost').search);
          return postsPage([makePost()]);
        },
      },
    });
    await findPostCard('Study group for finals');
    await user.selectOptions(screen.getByLabelText('Topic'), 'All Topics');
    await waitFor(() => expect(requested).toEqual(['?topicId=1', '']));
    expect(screen.getByRole('heading', { level: 1, name: 'All Topics' })).toBeInTheDocument();
    // Mixed boards show which topic each post belongs to.
    expect(within(await findPostCard('Study group for finals')).getByText('General')).toBeInTheDocument();
  });

  it('when the topic has no posts, then the empty state invites the first discussion', async () => {
    renderHome({ posts: [] });
    expect(await screen.findByText('No posts yet')).toBeInTheDocument();
    expect(screen.getByText('Be the first to start a discussion in this topic!')).toBeInTheDocument();
  });

  it('when the server says more posts follow, then Load more fetches the next page with the cursor', async () => {
    const cursors: Array<string | null> = [];
    const { user } = renderHome({
      routes: {
        'GET /api/posts': (request) => {
          const cursor = new URL(request.url, 'http://localhost').searchParams.get('cursor');
          cursors.push(cursor);
          return cursor === 'page-2'
            ? postsPage([makePost({ id: 'old', title: 'An older post' })])
            : postsPage([makePost()], 'page-2');
        },
      },
    });
    await findPostCard('Study group for finals');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await findPostCard('An older post')).toBeInTheDocument();
    expect(cursors).toEqual([null, 'page-2']);
    // The last page has no X-Next-Cursor header: nothing more to load.
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('when the user has never posted, then the first-post banner opens Create New Post', async () => {
    const { user } = renderHome({ totalPosts: 0 });
    await user.click(await screen.findByRole('button', { name: 'Create Your First Post' }));
    expect(screen.getByRole('dialog', { name: 'Create New Post' })).toBeInTheDocument();
  });

  it('when the user has posted before, then there is no first-post banner', async () => {
    const { store } = renderHome({ totalPosts: 2 });
    await findPostCard('Study group for finals');
    await waitFor(() => expect(store.getState().api.queries['getUserStats(undefined)']?.status).toBe('fulfilled'));
    expect(screen.queryByRole('button', { name: 'Create Your First Post' })).not.toBeInTheDocument();
  });

  it('when posts cannot be loaded, then the feed says so and can retry', async () => {
    let attempts = 0;
    const { user } = renderHome({
      routes: {
        'GET /api/posts': () => (++attempts === 1 ? jsonResponse(500, { message: 'Internal error' }) : postsPage([makePost()])),
      },
    });
    expect(await screen.findByText("Couldn't load posts")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await findPostCard('Study group for finals')).toBeInTheDocument();
  });
});

describe('home feed without topics', () => {
  it('when the topics cannot be loaded, then the sidebar offers a retry and the feed shows every post', async () => {
    const requested: string[] = [];
    renderHome({
      routes: {
        'GET /api/topics': jsonResponse(500, { message: 'Internal error' }),
        'GET /api/posts': (request) => {
          requested.push(new URL(request.url, 'http://localhost').search);
          return postsPage([makePost()]);
        },
      },
    });
    expect(await findPostCard('Study group for finals')).toBeInTheDocument();
    expect(requested).toEqual(['']);
    expect(sidebar().getByText("Couldn't load topics.")).toBeInTheDocument();
    expect(sidebar().getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('home sidebar', () => {
  it('when the friends service is not there yet, then the sidebar shows No friends yet and Add Friend', async () => {
    renderHome();
    await findPostCard('Study group for finals');
    expect(await sidebar().findByText('No friends yet')).toBeInTheDocument();
    expect(sidebar().getByRole('link', { name: 'Add Friend' })).toHaveAttribute('href', '/friends');
  });

  it('when friends load, then each shows first name and last initial and links to /friends', async () => {
    renderHome({
      routes: {
        'GET /api/friends': jsonResponse(200, [
          makeFriend({ id: 'u2', firstName: 'Grace', lastName: 'Hopper', profileColor: '#10B981' }),
          makeFriend({ id: 'u3', firstName: 'Alan', lastName: 'Turing', profileColor: '#EF4444' }),
        ]),
      },
    });
    await findPostCard('Study group for finals');
    expect(await sidebar().findByRole('link', { name: /Grace H\./ })).toHaveAttribute('href', '/friends');
    expect(sidebar().getByRole('link', { name: /Alan T\./ })).toHaveAttribute('href', '/friends');
  });

  it('when the user block is clicked, then Edit Profile opens', async () => {
    const { user } = renderHome({ routes: { 'GET /api/profile': jsonResponse(500, {}) } });
    await user.click(await screen.findByRole('button', { name: /^Ada Lovelace.*— edit profile$/ }));
    expect(await screen.findByRole('dialog', { name: 'Edit Profile' })).toBeInTheDocument();
  });

  it('when the messages panel shows, then it has Friends and Groups tabs with empty states', async () => {
    const { user } = renderHome();
    await findPostCard('Study group for finals');
    const panel = within(screen.getByRole('complementary', { name: 'Messages' }));
    expect(panel.getByRole('tab', { name: 'Friends' })).toHaveAttribute('aria-selected', 'true');
    expect(panel.getByText('No conversations yet')).toBeInTheDocument();
    await user.click(panel.getByRole('tab', { name: 'Groups' }));
    expect(await panel.findByText('No groups yet')).toBeInTheDocument();
  });
});
