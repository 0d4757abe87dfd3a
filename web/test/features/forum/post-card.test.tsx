import { screen, waitFor, within } from '@testing-library/react';
import { anonymousPost, findPostCard, makePost, ownPost, renderHome } from './forum-fixtures';

beforeEach(() => localStorage.clear());

describe('post card', () => {
  it('when the viewer blocked the author, then the post is collapsed until Show is pressed', async () => {
    const { user } = renderHome({ posts: [makePost({ authorBlocked: true })] });
    const notice = await screen.findByText('Hidden: you blocked this user');
    expect(screen.queryByText('Study group for finals')).not.toBeInTheDocument();
    await user.click(within(notice.parentElement!).getByRole('button', { name: 'Show' }));
    expect(await findPostCard('Study group for finals')).toBeInTheDocument();
  });

  it('when a post is anonymous, then it shows Anonymous with a ? avatar and no name', async () => {
    renderHome({ posts: [anonymousPost()] });
    const element = await findPostCard('Honest question about grading');
    const card = within(element);
    expect(card.getByText('Anonymous')).toBeInTheDocument();
    // Avatar initials are drawn by CSS from data-initials (ui/avatar.tsx).
    expect(element.querySelector('[data-initials="?"]')).not.toBeNull();
    expect(card.queryByText('Grace Hopper')).not.toBeInTheDocument();
  });

  it('when the viewer wrote a post anonymously, then it still reads Anonymous, marked as theirs', async () => {
    renderHome({ posts: [ownPost({ isAnonymous: true })] });
    const element = await findPostCard('My own post');
    const card = within(element);
    expect(card.getByText('Anonymous')).toBeInTheDocument();
    expect(element.querySelector('[data-initials="?"]')).not.toBeNull();
    expect(card.getByText('You')).toBeInTheDocument();
    expect(card.queryByText('Ada Lovelace')).not.toBeInTheDocument();
  });

  it('when it is the viewer’s own post, then the menu offers Edit and Delete and there is no Report', async () => {
    const { user } = renderHome({ posts: [ownPost()] });
    const card = within(await findPostCard('My own post'));
    expect(card.queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Post options' }));
    const menu = within(screen.getByRole('menu', { name: 'Post options' }));
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Edit', 'Delete']);
  });

  it('when it is someone else’s post, then Report is offered on the card and in the menu', async () => {
    const { user } = renderHome({ posts: [makePost()] });
    const card = within(await findPostCard('Study group for finals'));
    expect(card.getByText('Grace Hopper')).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Report' })).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Post options' }));
    const menu = within(screen.getByRole('menu', { name: 'Post options' }));
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Report', 'Block user']);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Post options' })).toHaveFocus();
  });

  it('when a post renders, then line breaks are kept as text, the image shows and the view count is visible', async () => {
    renderHome({
      posts: [makePost({ content: 'Line one\n<b>not bold</b>', imageUrl: '/media/posts/a.webp', viewCount: 12 })],
      routes: { 'POST /api/posts/p1/view': new Response(JSON.stringify({ viewCount: 13 }), { status: 200 }) },
    });
    const cardElement = await findPostCard('Study group for finals');
    const card = within(cardElement);
    const content = card.getByText(/Line one/);
    expect(content.textContent).toBe('Line one\n<b>not bold</b>');
    expect(cardElement.querySelector('b')).toBeNull();
    expect(card.getByRole('img', { name: /Image attached to/ })).toHaveAttribute('src', '/media/posts/a.webp');
    expect(await card.findByTitle('13 views')).toBeInTheDocument();
  });

  it('when posts are shown, then a view is recorded once for others’ posts and never for the viewer’s own', async () => {
    const { network } = renderHome({ posts: [makePost(), ownPost()] });
    await findPostCard('My own post');
    await waitFor(() => expect(network.callsTo('POST', '/api/posts/p1/view')).toHaveLength(1));
    expect(network.callsTo('POST', '/api/posts/own/view')).toHaveLength(0);
  });

  it('when recording a view fails, then nothing is shown to the user', async () => {
    const { network } = renderHome({ posts: [makePost()], routes: { 'POST /api/posts/p1/view': new Response('boom', { status: 500 }) } });
    await findPostCard('Study group for finals');
    await waitFor(() => expect(network.callsTo('POST', '/api/posts/p1/view')).toHaveLength(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByTitle('4 views')).toBeInTheDocument();
  });
});
