import { screen, waitFor, within } from '@testing-library/react';
import { jsonResponse } from '../../utils/fetch-stub';
import { findPostCard, makeComment, renderHome, viewer, type HomeOptions } from './forum-fixtures';

beforeEach(() => localStorage.clear());

const ownComment = makeComment({
  id: 'mine',
  content: 'I can bring snacks.',
  authorId: viewer.id,
  author: { firstName: 'Ada', lastName: 'Lovelace', profileColor: '#3B82F6', profileImageUrl: null },
  canEdit: true,
});
const anonymousComment = makeComment({ id: 'anon', content: 'Which library?', isAnonymous: true, authorId: null, author: null });

async function openComments(routes: NonNullable<HomeOptions['routes']> = {}) {
  const rendered = renderHome({ routes: { 'GET /api/comments': jsonResponse(200, [makeComment(), anonymousComment, ownComment]), ...routes } });
  const card = within(await findPostCard('Study group for finals'));
  await rendered.user.click(card.getByRole('button', { name: /^Comment/ }));
  const section = within(await screen.findByRole('region', { name: 'Comments' }));
  await section.findByText('Count me in!');
  return { ...rendered, card, section };
}

describe('comment section', () => {
  it('when opened, then the post’s comments load with authors, Anonymous for anonymous ones', async () => {
    const { network, card, section } = await openComments();
    expect(card.getByRole('button', { name: /^Comment/ })).toHaveAttribute('aria-expanded', 'true');
    expect(network.calls.find((call) => call.path === '/api/comments')).toBeDefined();
    expect(section.getByText('Grace Hopper')).toBeInTheDocument();
    expect(section.getByText('Anonymous')).toBeInTheDocument();
    expect(section.getByText('Which library?')).toBeInTheDocument();
    // Everyone's comments can be reported; only one's own can be edited or deleted.
    expect(section.getAllByRole('button', { name: 'Report comment' })).toHaveLength(3);
    expect(section.getAllByRole('button', { name: 'Edit comment' })).toHaveLength(1);
  });

  it('when the composer is blank, then Post is disabled; a comment is sent with its anonymity', async () => {
    const { user, network, section } = await openComments({ 'POST /api/comments': jsonResponse(201, makeComment({ id: 'c9' })) });
    const post = section.getByRole('button', { name: 'Post' });
    expect(post).toBeDisabled();
    await user.type(section.getByLabelText('Write a comment'), '   ');
    expect(post).toBeDisabled();
    // A pasted zero-width space passes trim() but shows nothing.
    await user.type(section.getByLabelText('Write a comment'), '\u200B\u2060');
    expect(post).toBeDisabled();
    await user.clear(section.getByLabelText('Write a comment'));
    await user.type(section.getByLabelText('Write a comment'), ' See you there ');
    await user.click(section.getByLabelText('Post anonymously'));
    await user.click(post);
    await waitFor(() => expect(network.callsTo('POST', '/api/comments')).toHaveLength(1));
    expect(JSON.parse(network.callsTo('POST', '/api/comments')[0]!.body)).toEqual({ postId: 'p1', content: 'See you there', isAnonymous: true });
    await waitFor(() => expect(section.getByLabelText('Write a comment')).toHaveValue(''));
    // The list and the post's comment count are refreshed.
    await waitFor(() => expect(network.callsTo('GET', '/api/comments')).toHaveLength(2));
    await waitFor(() => expect(network.callsTo('GET', '/api/posts')).toHaveLength(2));
  });

  it('when an own comment is edited and saved, then the new text is sent', async () => {
    const { user, network, section } = await openComments({ 'PUT /api/comments/mine': jsonResponse(200, { ...ownComment, content: 'Snacks and tea.' }) });
    await user.click(section.getByRole('button', { name: 'Edit comment' }));
    const box = section.getByLabelText('Comment text');
    expect(box).toHaveValue('I can bring snacks.');
    await user.clear(box);
    expect(section.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(box, 'Snacks and tea.');
    await user.click(section.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(network.callsTo('PUT', '/api/comments/mine')).toHaveLength(1));
    expect(JSON.parse(network.callsTo('PUT', '/api/comments/mine')[0]!.body)).toEqual({ content: 'Snacks and tea.' });
    await waitFor(() => expect(section.queryByLabelText('Comment text')).not.toBeInTheDocument());
  });

  it('when an edit is cancelled, then the original text stays and nothing is sent', async () => {
    const { user, network, section } = await openComments();
    await user.click(section.getByRole('button', { name: 'Edit comment' }));
    await user.type(section.getByLabelText('Comment text'), ' and cake');
    await user.click(section.getByRole('button', { name: 'Cancel' }));
    expect(section.queryByLabelText('Comment text')).not.toBeInTheDocument();
    expect(section.getByText('I can bring snacks.')).toBeInTheDocument();
    expect(network.calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it('when an own comment is deleted, then the confirmation asks first and the comment is deleted', async () => {
    const { user, network, section } = await openComments({ 'DELETE /api/comments/mine': jsonResponse(200, { message: 'Comment deleted successfully' }) });
    await user.click(section.getByRole('button', { name: 'Delete comment' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete comment' }));
    expect(dialog.getByText('Are you sure you want to delete this comment?')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(network.callsTo('DELETE', '/api/comments/mine')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('when a comment is reported, then the Report Comment dialog sends a comment report', async () => {
    const { user, network, section } = await openComments({ 'POST /api/reports': jsonResponse(201, {}) });
    await user.click(section.getAllByRole('button', { name: 'Report comment' })[1]!);
    const dialog = within(screen.getByRole('dialog', { name: 'Report Comment' }));
    await user.click(dialog.getByRole('radio', { name: /^Spam/ }));
    await user.click(dialog.getByRole('button', { name: 'Submit Report' }));
    expect(await screen.findByText('Report submitted')).toBeInTheDocument();
    expect(JSON.parse(network.callsTo('POST', '/api/reports')[0]!.body)).toEqual({ type: 'comment', contentId: 'anon', reportedUserId: null, reason: 'Spam' });
  });
});
