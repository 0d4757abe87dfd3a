import { STORAGE_KEYS, type Poll } from '@quad/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { makeUser } from '../../fixtures';
import { jsonResponse, never, stubFetch, type RouteHandler } from '../../utils/fetch-stub';
import { renderApp } from '../../utils/render';

beforeEach(() => localStorage.clear());

const viewer = makeUser({ id: 'u1' });

function makePoll(overrides: Partial<Poll> = {}): Poll {
  return {
    id: 'p1',
    title: 'Best study spot?',
    question: 'Best study spot?',
    description: 'Settle it once and for all.',
    options: ['Library', 'Café', 'Dorm'],
    counts: [3, 1, 0],
    totalVotes: 4,
    myVote: null,
    author: { id: 'u2', firstName: 'Grace', lastName: 'Hopper' },
    topicId: 1,
    createdAt: '2025-01-10T10:00:00.000Z',
    canDelete: false,
    ...overrides,
  };
}

const ownPoll = (overrides: Partial<Poll> = {}) =>
  makePoll({ id: 'own', question: 'Club fair day?', title: 'Club fair day?', options: ['Friday', 'Saturday'], counts: [0, 0], totalVotes: 0, author: { id: 'u1', firstName: 'Ada', lastName: 'Lovelace' }, canDelete: true, ...overrides });

function renderPolls(routes: Record<string, RouteHandler | Response> = {}, polls: Poll[] = [makePoll(), ownPoll()]) {
  localStorage.setItem(STORAGE_KEYS.userDevice, 'desktop');
  const network = stubFetch({ 'GET /api/auth/user': jsonResponse(200, viewer), 'GET /api/polls/all': jsonResponse(200, polls), ...routes });
  return { ...renderApp('/polls'), network };
}

const pollCard = async (question: string) => within((await screen.findByRole('heading', { name: question })).closest('article')!);

describe('polls', () => {
  it('when polls load, then each option shows its count and percentage, and Delete shows on own polls only', async () => {
    renderPolls();
    const poll = await pollCard('Best study spot?');
    expect(poll.getByRole('button', { name: /Library/ })).toHaveTextContent('3 votes · 75%');
    expect(poll.getByRole('button', { name: /Café/ })).toHaveTextContent('1 vote · 25%');
    expect(poll.getByRole('button', { name: /Dorm/ })).toHaveTextContent('0 votes · 0%');
    expect(poll.getByText('4 votes')).toBeInTheDocument();
    expect(poll.getByText('Settle it once and for all.')).toBeInTheDocument();
    expect(poll.queryByRole('button', { name: 'Delete poll' })).not.toBeInTheDocument();
    expect((await pollCard('Club fair day?')).getByRole('button', { name: 'Delete poll' })).toBeInTheDocument();
  });

  it('when an option is clicked, then a vote is sent and the answer marks the chosen option', async () => {
    const { user, network } = renderPolls({ 'POST /api/polls/p1/vote': jsonResponse(200, makePoll({ counts: [3, 2, 0], totalVotes: 5, myVote: 1 })) });
    const poll = await pollCard('Best study spot?');
    await user.click(poll.getByRole('button', { name: /Café/ }));
    await waitFor(() => expect(network.callsTo('POST', '/api/polls/p1/vote')).toHaveLength(1));
    expect(JSON.parse(network.callsTo('POST', '/api/polls/p1/vote')[0]!.body)).toEqual({ optionIndex: 1 });
    await waitFor(() => expect(poll.getByRole('button', { name: /Café/ })).toHaveAttribute('aria-pressed', 'true'));
    expect(poll.getByRole('button', { name: /Café/ })).toHaveTextContent('2 votes · 40%');
    expect(poll.getByRole('button', { name: /Library/ })).toHaveAttribute('aria-pressed', 'false');
  });

  it('when the chosen option is clicked again, then the vote is removed; another option moves it', async () => {
    const { user, network } = renderPolls(
      {
        'DELETE /api/polls/p1/vote': jsonResponse(200, makePoll({ counts: [2, 1, 0], totalVotes: 3, myVote: null })),
        'POST /api/polls/p1/vote': jsonResponse(200, makePoll({ counts: [2, 1, 1], totalVotes: 4, myVote: 2 })),
      },
      [makePoll({ myVote: 0 })],
    );
    const poll = await pollCard('Best study spot?');
    expect(poll.getByRole('button', { name: /Library/ })).toHaveAttribute('aria-pressed', 'true');
    await user.click(poll.getByRole('button', { name: /Library/ }));
    await waitFor(() => expect(network.callsTo('DELETE', '/api/polls/p1/vote')).toHaveLength(1));
    await waitFor(() => expect(poll.getByRole('button', { name: /Library/ })).toHaveAttribute('aria-pressed', 'false'));
    await user.click(poll.getByRole('button', { name: /Dorm/ }));
    await waitFor(() => expect(poll.getByRole('button', { name: /Dorm/ })).toHaveAttribute('aria-pressed', 'true'));
    expect(JSON.parse(network.callsTo('POST', '/api/polls/p1/vote')[0]!.body)).toEqual({ optionIndex: 2 });
  });

  it('when voting or removing fails, then the spec’s messages show', async () => {
    const { user } = renderPolls(
      {
        'POST /api/polls/p1/vote': jsonResponse(409, { message: 'Poll is being deleted' }),
        'DELETE /api/polls/p1/vote': jsonResponse(500, { message: 'Internal error' }),
      },
      [makePoll({ myVote: 0 })],
    );
    const poll = await pollCard('Best study spot?');
    await user.click(poll.getByRole('button', { name: /Café/ }));
    expect(await screen.findByText('Failed to vote on poll')).toBeInTheDocument();
    expect(screen.getByText('Poll is being deleted')).toBeInTheDocument();
    await user.click(poll.getByRole('button', { name: /Library/ }));
    expect(await screen.findByText('Failed to remove vote')).toBeInTheDocument();
  });

  it('when Create Poll has no question or too few options, then the spec’s messages show and nothing is sent', async () => {
    const { user, network } = renderPolls();
    await pollCard('Best study spot?');
    await user.click(screen.getByRole('button', { name: 'Create Poll' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create Poll' }));
    await user.click(dialog.getByRole('button', { name: 'Create Poll' }));
    expect(await screen.findByText('Please enter a poll question.')).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Question'), 'Pizza or tacos?');
    await user.type(dialog.getByLabelText('Option 1'), 'Pizza');
    await user.type(dialog.getByLabelText('Option 2'), '  \u200B ');
    await user.click(dialog.getByRole('button', { name: 'Create Poll' }));
    expect(await screen.findByText('Please provide at least 2 options for your poll.')).toBeInTheDocument();
    // The same option twice (letter case aside) would split its votes: refused before sending.
    await user.clear(dialog.getByLabelText('Option 2'));
    await user.type(dialog.getByLabelText('Option 2'), 'PIZZA ');
    await user.click(dialog.getByRole('button', { name: 'Create Poll' }));
    expect(await screen.findByText('Each option must be different.')).toBeInTheDocument();
    expect(network.callsTo('POST', '/api/polls')).toHaveLength(0);
  });

  it('when options are added and removed, then there are between 2 and 5 fields, and the poll is sent trimmed', async () => {
    const { user, network } = renderPolls({ 'POST /api/polls': jsonResponse(201, ownPoll({ id: 'new' })) });
    await pollCard('Best study spot?');
    await user.click(screen.getByRole('button', { name: 'Create Poll' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create Poll' }));
    expect(dialog.queryByRole('button', { name: /Remove option/ })).not.toBeInTheDocument();
    for (let i = 0; i < 3; i++) await user.click(dialog.getByRole('button', { name: 'Add Option' }));
    expect(dialog.getByLabelText('Option 5')).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Add Option' })).not.toBeInTheDocument();
    expect(dialog.getAllByRole('button', { name: /Remove option/ })).toHaveLength(5);
    await user.click(dialog.getByRole('button', { name: 'Remove option 5' }));
    await user.click(dialog.getByRole('button', { name: 'Remove option 4' }));
    expect(dialog.queryByLabelText('Option 4')).not.toBeInTheDocument();
    await user.type(dialog.getByLabelText('Question'), ' Pizza or tacos? ');
    await user.type(dialog.getByLabelText('Option 1'), ' Pizza ');
    await user.type(dialog.getByLabelText('Option 3'), 'Tacos');
    await user.click(dialog.getByRole('button', { name: 'Create Poll' }));
    await waitFor(() => expect(network.callsTo('POST', '/api/polls')).toHaveLength(1));
    expect(JSON.parse(network.callsTo('POST', '/api/polls')[0]!.body)).toEqual({ question: 'Pizza or tacos?', options: ['Pizza', 'Tacos'], topicId: 1 });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create Poll' })).not.toBeInTheDocument());
    await waitFor(() => expect(network.callsTo('GET', '/api/polls/all')).toHaveLength(2));
  });

  it('when creating fails, then Failed to create poll is shown', async () => {
    const { user } = renderPolls({ 'POST /api/polls': jsonResponse(500, { message: 'Internal error' }) });
    await pollCard('Best study spot?');
    await user.click(screen.getByRole('button', { name: 'Create Poll' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create Poll' }));
    await user.type(dialog.getByLabelText('Question'), 'Pizza or tacos?');
    await user.type(dialog.getByLabelText('Option 1'), 'Pizza');
    await user.type(dialog.getByLabelText('Option 2'), 'Tacos');
    await user.click(dialog.getByRole('button', { name: 'Create Poll' }));
    expect(await screen.findByText('Failed to create poll')).toBeInTheDocument();
  });

  it('when a delete is confirmed, then the poll is greyed and locked while it is deleted', async () => {
    const { user, network } = renderPolls({ 'DELETE /api/polls/own': never });
    const poll = await pollCard('Club fair day?');
    await user.click(poll.getByRole('button', { name: 'Delete poll' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete poll' }));
    expect(confirm.getByText('Are you sure you want to delete this poll? This action cannot be undone.')).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(network.callsTo('DELETE', '/api/polls/own')).toHaveLength(1));
    const card = (await screen.findByRole('heading', { name: 'Club fair day?' })).closest('article')!;
    await waitFor(() => expect(card).toHaveAttribute('data-deleting', 'true'));
    expect(card).toHaveStyle({ opacity: '0.5' });
    expect(within(card).getByRole('button', { name: /Friday/ })).toBeDisabled();
    expect(within(card).getByRole('button', { name: 'Delete poll' })).toHaveTextContent('Deleting...');
  });

  it('when a delete fails, then Failed to delete poll is shown and the poll is unlocked', async () => {
    const { user } = renderPolls({ 'DELETE /api/polls/own': jsonResponse(403, { message: 'You can only delete your own polls.' }) });
    const poll = await pollCard('Club fair day?');
    await user.click(poll.getByRole('button', { name: 'Delete poll' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete poll' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete poll')).toBeInTheDocument();
    await waitFor(() => expect(poll.getByRole('button', { name: /Friday/ })).toBeEnabled());
  });

  it('when there are no polls, then No polls yet is shown', async () => {
    renderPolls({}, []);
    expect(await screen.findByText('No polls yet')).toBeInTheDocument();
  });
});
