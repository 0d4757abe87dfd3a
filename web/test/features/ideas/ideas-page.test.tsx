import { screen, waitFor, within } from '@testing-library/react';
import { jsonResponse, stubFetch } from '../../utils/fetch-stub';
import { renderApp } from '../../utils/render';
import { makeIdea, ownIdea, renderIdeas } from './ideas-fixtures';

beforeEach(() => localStorage.clear());

/** Query strings of every GET /api/ideas the page sent (the fetch stub records paths only). */
function ideasQueries(): URLSearchParams[] {
  return (globalThis.fetch as jest.Mock).mock.calls
    .map(([input]) => new URL(input instanceof Request ? input.url : String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/ideas')
    .map((url) => url.searchParams);
}

describe('ideas hub', () => {
  it('when it loads, then the three stats and the idea cards show, Delete only on own ideas', async () => {
    renderIdeas('/ideas');
    const statsRegion = within(await screen.findByRole('region', { name: 'Idea stats' }));
    expect(await statsRegion.findByText('12')).toBeInTheDocument();
    expect(within(statsRegion.getByRole('group', { name: 'Total Ideas' })).getByText('12')).toBeInTheDocument();
    expect(within(statsRegion.getByRole('group', { name: 'Launch Ready' })).getByText('3')).toBeInTheDocument();
    expect(within(statsRegion.getByRole('group', { name: 'Seeking Collaborators' })).getByText('7')).toBeInTheDocument();

    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);
    const other = within(cards[0]!);
    expect(other.getByText('Campus rideshare')).toBeInTheDocument();
    expect(other.getByText('Grace Hopper')).toBeInTheDocument();
    expect(other.getByText(/Stanford University/)).toBeInTheDocument();
    expect(other.getByText('Transportation')).toBeInTheDocument();
    expect(other.getByText('Mobile Development')).toBeInTheDocument();
    expect(other.getByRole('link', { name: 'View Details' })).toHaveAttribute('href', '/ideas/i1');
    expect(other.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(within(cards[1]!).getByRole('button', { name: 'Delete Dorm compost pickup' })).toBeInTheDocument();
  });

  it('when searching, filtering and sorting, then the list is asked for with those parameters', async () => {
    const { user, network } = renderIdeas('/ideas');
    await screen.findAllByRole('article');
    await user.type(screen.getByLabelText('Search'), 'ride');
    await user.selectOptions(screen.getByLabelText('Category'), 'Transportation');
    await user.selectOptions(screen.getByLabelText('Stage'), 'MVP');
    await user.selectOptions(screen.getByLabelText('Skill'), 'Sales');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'discussed');
    await waitFor(() =>
      expect(Object.fromEntries(ideasQueries().at(-1)!)).toEqual({
        search: 'ride',
        category: 'Transportation',
        stage: 'MVP',
        skill: 'Sales',
        sort: 'discussed',
      }),
    );
    // The first request was the unfiltered newest-first list.
    expect(Object.fromEntries(ideasQueries()[0]!)).toEqual({ sort: 'recent' });
  });

  it('when the hub is empty, then No ideas yet invites to share one', async () => {
    renderIdeas('/ideas', { routes: { 'GET /api/ideas': jsonResponse(200, []) } });
    expect(await screen.findByText('No ideas yet')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Share Idea' })).toHaveLength(2);
  });

  it('when nothing matches a filter, then No ideas found is shown', async () => {
    const { user } = renderIdeas('/ideas', { routes: { 'GET /api/ideas': (request) => jsonResponse(200, request.url.includes('category') ? [] : [makeIdea()]) } });
    await screen.findAllByRole('article');
    await user.selectOptions(screen.getByLabelText('Category'), 'Finance');
    expect(await screen.findByText('No ideas found')).toBeInTheDocument();
  });

  it('when Share Idea is sent with fields missing, then the spec’s message shows and nothing is sent', async () => {
    const { user, network } = renderIdeas('/ideas');
    await screen.findAllByRole('article');
    await user.click(screen.getByRole('button', { name: 'Share Idea' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Share Your Idea' }));
    await user.type(dialog.getByLabelText('Title'), 'Idea without the rest');
    await user.click(dialog.getByRole('button', { name: 'Share Idea' }));
    expect(await screen.findByText('Please fill in all required fields')).toBeInTheDocument();
    expect(network.callsTo('POST', '/api/ideas')).toHaveLength(0);
  });

  it('when Share Idea is complete, then the idea is sent with its skills and the lists refresh', async () => {
    const { user, network } = renderIdeas('/ideas', { routes: { 'POST /api/ideas': jsonResponse(201, ownIdea({ id: 'new' })) } });
    await screen.findAllByRole('article');
    await user.click(screen.getByRole('button', { name: 'Share Idea' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Share Your Idea' }));
    await user.type(dialog.getByLabelText('Title'), '  Note swap ');
    await user.type(dialog.getByLabelText('Description'), 'Trade notes for coffee.');
    await user.selectOptions(dialog.getByLabelText('Category'), 'Education');
    await user.selectOptions(dialog.getByLabelText('Stage'), 'Prototype');
    await user.click(dialog.getByLabelText('Marketing'));
    await user.click(dialog.getByLabelText('Frontend Development'));
    await user.click(dialog.getByRole('button', { name: 'Share Idea' }));
    await waitFor(() => expect(network.callsTo('POST', '/api/ideas')).toHaveLength(1));
    expect(JSON.parse(network.callsTo('POST', '/api/ideas')[0]!.body)).toEqual({
      title: 'Note swap',
      description: 'Trade notes for coffee.',
      category: 'Education',
      stage: 'Prototype',
      skillsNeeded: ['Frontend Development', 'Marketing'],
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Share Your Idea' })).not.toBeInTheDocument());
    await waitFor(() => expect(network.callsTo('GET', '/api/ideas/stats')).toHaveLength(2));
  });

  it('when creating fails, then Failed to create idea is shown', async () => {
    const { user } = renderIdeas('/ideas', { routes: { 'POST /api/ideas': jsonResponse(500, { message: 'Internal error' }) } });
    await screen.findAllByRole('article');
    await user.click(screen.getByRole('button', { name: 'Share Idea' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Share Your Idea' }));
    await user.type(dialog.getByLabelText('Title'), 'Note swap');
    await user.type(dialog.getByLabelText('Description'), 'Trade notes for coffee.');
    await user.selectOptions(dialog.getByLabelText('Category'), 'Education');
    await user.selectOptions(dialog.getByLabelText('Stage'), 'Prototype');
    await user.click(dialog.getByRole('button', { name: 'Share Idea' }));
    expect(await screen.findByText('Failed to create idea')).toBeInTheDocument();
  });

  it('when Delete is confirmed, then the idea is deleted and the list refreshes', async () => {
    const { user, network } = renderIdeas('/ideas', { routes: { 'DELETE /api/ideas/mine': jsonResponse(200, { message: 'Idea deleted successfully' }) } });
    await user.click(await screen.findByRole('button', { name: 'Delete Dorm compost pickup' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete idea' }));
    expect(confirm.getByText('Are you sure you want to delete this idea? This action cannot be undone.')).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(network.callsTo('DELETE', '/api/ideas/mine')).toHaveLength(1));
    await waitFor(() => expect(network.callsTo('GET', '/api/ideas').length).toBeGreaterThanOrEqual(2));
  });

  it('when a delete fails, then Failed to delete idea is shown', async () => {
    const { user } = renderIdeas('/ideas', { routes: { 'DELETE /api/ideas/mine': jsonResponse(403, { message: 'You can only delete your own ideas.' }) } });
    await user.click(await screen.findByRole('button', { name: 'Delete Dorm compost pickup' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete idea' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete idea')).toBeInTheDocument();
    expect(screen.getByText('You can only delete your own ideas.')).toBeInTheDocument();
  });
});

describe('ideas for visitors', () => {
  it('when a visitor opens /ideas, then Share Your Ideas invites them to Get Started at /auth', async () => {
    stubFetch({ 'GET /api/auth/user': jsonResponse(401, { message: 'Not authenticated' }) });
    renderApp('/ideas');
    expect(await screen.findByText('Share Your Ideas')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/auth');
  });
});

