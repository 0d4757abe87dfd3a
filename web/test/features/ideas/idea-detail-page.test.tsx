import { screen, waitFor, within } from '@testing-library/react';
import { jsonResponse } from '../../utils/fetch-stub';
import { makeIdea, makeIdeaComment, ownIdea, renderIdeas, viewer } from './ideas-fixtures';

beforeEach(() => localStorage.clear());

const student = { userId: 'u7', firstName: 'Katherine', lastName: 'Johnson', college: 'MIT', profileColor: '#EC4899', interestedAt: '2025-01-11T10:00:00.000Z' };

describe('idea detail page', () => {
  it('when another student’s idea opens, then it shows in full with its comments and I’m interested', async () => {
    renderIdeas('/ideas/i1', {
      routes: {
        'GET /api/ideas/i1': jsonResponse(200, makeIdea()),
        'GET /api/ideas/i1/comments': jsonResponse(200, [makeIdeaComment(), makeIdeaComment({ id: 'c2', content: 'Mine!', authorId: viewer.id, authorName: 'Ada Lovelace', canDelete: true })]),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Campus rideshare', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Split rides to the airport with students flying the same day.')).toBeInTheDocument();
    const comments = within(screen.getByRole('region', { name: 'Comments' }));
    expect(await comments.findByText('I would use this every break.')).toBeInTheDocument();
    expect(comments.getByText('Alan Turing')).toBeInTheDocument();
    expect(comments.getAllByRole('button', { name: 'Delete comment' })).toHaveLength(1);
    const interest = within(screen.getByRole('region', { name: 'Interest' }));
    expect(interest.getByText('1 student is interested.')).toBeInTheDocument();
    expect(interest.getByRole('button', { name: "I'm interested" })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('when a comment is written, then Post is enabled only with text and the comment is sent trimmed', async () => {
    const { user, network } = renderIdeas('/ideas/i1', {
      routes: {
        'GET /api/ideas/i1': jsonResponse(200, makeIdea()),
        'GET /api/ideas/i1/comments': jsonResponse(200, []),
        'POST /api/ideas/i1/comments': jsonResponse(201, makeIdeaComment({ id: 'c9' })),
      },
    });
    const comments = within(await screen.findByRole('region', { name: 'Comments' }));
    expect(await comments.findByText('No comments yet. Start the conversation!')).toBeInTheDocument();
    const post = comments.getByRole('button', { name: 'Post' });
    expect(post).toBeDisabled();
    await user.type(comments.getByLabelText('Write a comment'), '   ');
    expect(post).toBeDisabled();
    await user.type(comments.getByLabelText('Write a comment'), ' Count me in ');
    await user.click(post);
    await waitFor(() => expect(network.callsTo('POST', '/api/ideas/i1/comments')).toHaveLength(1));
    expect(JSON.parse(network.callsTo('POST', '/api/ideas/i1/comments')[0]!.body)).toEqual({ content: 'Count me in' });
    await waitFor(() => expect(comments.getByLabelText('Write a comment')).toHaveValue(''));
    // The comments and the idea's count are refreshed.
    await waitFor(() => expect(network.callsTo('GET', '/api/ideas/i1').length).toBe(2));
  });

  it('when I’m interested is clicked, then the interest is sent', async () => {
    const { user, network } = renderIdeas('/ideas/i1', {
      routes: {
        'GET /api/ideas/i1': jsonResponse(200, makeIdea()),
        'GET /api/ideas/i1/comments': jsonResponse(200, []),
        'POST /api/ideas/i1/interest': jsonResponse(200, { isInterested: true, interestedCount: 2 }),
      },
    });
    await user.click(await screen.findByRole('button', { name: "I'm interested" }));
    await waitFor(() => expect(network.callsTo('POST', '/api/ideas/i1/interest')).toHaveLength(1));
  });

  it('when the author opens their idea, then they see the interested students with a Message link each, and can delete it', async () => {
    const { user, network } = renderIdeas('/ideas/mine', {
      routes: {
        'GET /api/ideas/mine': jsonResponse(200, ownIdea()),
        'GET /api/ideas/mine/comments': jsonResponse(200, []),
        'GET /api/ideas/mine/interested': jsonResponse(200, [student]),
        'DELETE /api/ideas/mine': jsonResponse(200, { message: 'Idea deleted successfully' }),
      },
    });
    const interest = within(await screen.findByRole('region', { name: 'Interest' }));
    expect(await interest.findByText('Katherine Johnson')).toBeInTheDocument();
    expect(interest.getByRole('link', { name: 'Message Katherine Johnson' })).toHaveAttribute('href', '/messages?userId=u7');
    expect(interest.queryByRole('button', { name: "I'm interested" })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete idea' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(network.callsTo('DELETE', '/api/ideas/mine')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/ideas$/));
  });

  it('when the idea does not exist, then Idea not found is shown', async () => {
    renderIdeas('/ideas/gone', { routes: { 'GET /api/ideas/gone': jsonResponse(404, { message: 'Idea not found' }) } });
    expect(await screen.findByText('Idea not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to Ideas/ })).toHaveAttribute('href', '/ideas');
  });
});
