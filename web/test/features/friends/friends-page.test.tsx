import { screen, waitFor, within } from '@testing-library/react';
import { jsonResponse } from '../../utils/fetch-stub';
import { makeFriend, makePerson, makeRequest, me, renderFriends } from './friends-fixtures';

beforeEach(() => localStorage.clear());

const tab = (name: RegExp | string) => screen.getByRole('tab', { name });
const card = (name: string) => screen.findByRole('listitem', { name });

describe('Friends screen', () => {
  it('when everything is empty, then each tab shows its empty state', async () => {
    const { user } = renderFriends();
    expect(await screen.findByText('No friends yet')).toBeInTheDocument();
    expect(tab('Friends (0)')).toHaveAttribute('aria-selected', 'true');
    await user.click(tab(/^Requests/));
    expect(await screen.findByText('No friend requests')).toBeInTheDocument();
    await user.click(tab(/^Suggestions/));
    expect(await screen.findByText('No suggestions available')).toBeInTheDocument();
    await user.click(tab(/^Search/));
    expect(screen.getByText('Search for friends')).toBeInTheDocument();
    expect(screen.getByText('Type at least 3 characters to search your college.')).toBeInTheDocument();
  });

  it('when friends load, then cards show online dot, college, major, class year and mutual friends, and the tab counts them', async () => {
    renderFriends({
      friends: [
        makeFriend({ id: 'u2', firstName: 'Grace', lastName: 'Hopper', mutualFriends: 3, isOnline: true }),
        makeFriend({
          id: 'u3',
          firstName: 'Alan',
          lastName: 'Turing',
          major: '',
          graduationYear: 2026,
          mutualFriends: 1,
        }),
      ],
    });
    const grace = within(await card('Grace Hopper'));
    expect(grace.getByText('State University')).toBeInTheDocument();
    expect(grace.getByText('Computer Science · Class of 2027')).toBeInTheDocument();
    expect(grace.getByText('3 mutual friends')).toBeInTheDocument();
    expect(grace.getByRole('button', { name: 'Message Grace Hopper' })).toBeInTheDocument();
    expect(grace.getByRole('button', { name: 'Remove Grace Hopper' })).toBeInTheDocument();
    expect(grace.getByRole('button', { name: 'Block Grace Hopper' })).toBeInTheDocument();
    // The online dot sits in the avatar; only Grace is online.
    // The online dot is the avatar's second (decorative) child; only Grace is online.
    expect(
      grace.getByRole('img', { name: "Grace Hopper's avatar" }).querySelectorAll('[aria-hidden="true"]'),
    ).toHaveLength(2);
    const alan = within(await card('Alan Turing'));
    expect(
      alan.getByRole('img', { name: "Alan Turing's avatar" }).querySelectorAll('[aria-hidden="true"]'),
    ).toHaveLength(1);
    expect(alan.getByText('Class of 2026')).toBeInTheDocument();
    expect(alan.getByText('1 mutual friend')).toBeInTheDocument();
    expect(tab('Friends (2)')).toBeInTheDocument();
  });

  it('when the search box has text, then the Friends tab filters by name or college locally', async () => {
    const { user } = renderFriends({
      friends: [
        makeFriend({ id: 'u2', firstName: 'Grace', college: 'State University' }),
        makeFriend({ id: 'u3', firstName: 'Alan', lastName: 'Turing', college: 'Tech Institute' }),
      ],
    });
    await card('Grace Hopper');
    await user.type(screen.getByLabelText('Search friends'), 'tech');
    expect(screen.queryByRole('listitem', { name: 'Grace Hopper' })).not.toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Alan Turing' })).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Search friends'));
    await user.type(screen.getByLabelText('Search friends'), 'zzz');
    expect(screen.getByText('No results found')).toBeInTheDocument();
  });

  it('when requests load, then Requests counts them with a red badge for incoming, and Accept and Reject answer them', async () => {
    const grace = makePerson({
      id: 'u2',
      firstName: 'Grace',
      lastName: 'Hopper',
      friendStatus: 'request_received',
    });
    const alan = makePerson({
      id: 'u3',
      firstName: 'Alan',
      lastName: 'Turing',
      friendStatus: 'request_sent',
    });
    const incoming = makeRequest(grace, me);
    const { user, network } = renderFriends({
      requests: { incoming: [incoming], sent: [makeRequest(me, alan)] },
      routes: {
        'POST /api/friend-requests/u2%3Au1/accept': jsonResponse(200, { ...incoming, status: 'accepted' }),
      },
    });
    const requestsTab = await screen.findByRole('tab', { name: /^Requests \(2\)/ });
    expect(within(requestsTab).getByLabelText('1 incoming')).toHaveTextContent('1');
    await user.click(requestsTab);
    const pending = within(screen.getByRole('list', { name: 'Pending Requests' }));
    expect(pending.getByRole('listitem', { name: 'Grace Hopper' })).toBeInTheDocument();
    const sent = within(screen.getByRole('list', { name: 'Sent Requests' }));
    expect(
      within(sent.getByRole('listitem', { name: 'Alan Turing' })).getByText('Pending'),
    ).toBeInTheDocument();
    await user.click(pending.getByRole('button', { name: 'Accept Grace Hopper' }));
    expect(await screen.findByText('Friend request accepted')).toBeInTheDocument();
    expect(network.callsTo('POST', '/api/friend-requests/u2%3Au1/accept')).toHaveLength(1);
    // Every list showing standing refreshes.
    await waitFor(() => expect(network.callsTo('GET', '/api/friends').length).toBeGreaterThanOrEqual(2));
    await waitFor(() =>
      expect(network.callsTo('GET', '/api/friend-requests').length).toBeGreaterThanOrEqual(2),
    );
  });

  it('when Add is clicked on a suggestion, then the request is sent and Friend request sent successfully! shows; a failure shows the spec message', async () => {
    const tess = makePerson({ id: 'u4', firstName: 'Tess', lastName: 'Ng', mutualFriends: 2 });
    const { user, network } = renderFriends({
      suggestions: [
        tess,
        makePerson({ id: 'u5', firstName: 'Pat', lastName: 'Lee', friendStatus: 'request_sent' }),
      ],
      routes: { 'POST /api/friend-requests': jsonResponse(201, makeRequest(me, tess)) },
    });
    await user.click(await screen.findByRole('tab', { name: 'Suggestions (2)' }));
    const tessCard = within(await card('Tess Ng'));
    expect(tessCard.getByText('2 mutual friends')).toBeInTheDocument();
    expect(within(await card('Pat Lee')).getByText('Pending')).toBeInTheDocument();
    await user.click(tessCard.getByRole('button', { name: 'Add Tess Ng' }));
    expect(await screen.findByText('Friend request sent successfully!')).toBeInTheDocument();
    expect(JSON.parse(network.callsTo('POST', '/api/friend-requests')[0]!.body)).toEqual({ friendId: 'u4' });
  });

  it('when sending a request fails, then Failed to send friend request. Please try again. is shown', async () => {
    const { user } = renderFriends({
      suggestions: [makePerson({ id: 'u4', firstName: 'Tess', lastName: 'Ng' })],
      routes: { 'POST /api/friend-requests': jsonResponse(409, { message: 'Friend request already sent.' }) },
    });
    await user.click(await screen.findByRole('tab', { name: /^Suggestions/ }));
    await user.click(within(await card('Tess Ng')).getByRole('button', { name: 'Add Tess Ng' }));
    expect(await screen.findByText('Failed to send friend request. Please try again.')).toBeInTheDocument();
  });

  it('when fewer than 3 characters are typed, then the server search does not run; with 3 it does and shows results or No results found', async () => {
    const { user, network } = renderFriends({
      routes: {
        'GET /api/search/users': (request) =>
          new URL(request.url, 'http://localhost').searchParams.get('q') === 'gra'
            ? jsonResponse(200, [makePerson({ firstName: 'Grace', lastName: 'Hopper' })])
            : jsonResponse(200, []),
      },
    });
    await user.click(await screen.findByRole('tab', { name: /^Search/ }));
    await user.type(screen.getByLabelText('Search friends'), 'gr');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(network.callsTo('GET', '/api/search/users')).toHaveLength(0);
    expect(screen.getByText('Search for friends')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search friends'), 'a');
    expect(await card('Grace Hopper')).toBeInTheDocument();
    expect(tab('Search (1)')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search friends'), 'zz');
    expect(await screen.findByText('No results found')).toBeInTheDocument();
  });

  it('when Block is confirmed on a friend card, then the block is sent and told; Remove removes', async () => {
    const { user, network } = renderFriends({
      friends: [makeFriend({ id: 'u2', firstName: 'Grace', lastName: 'Hopper' })],
      routes: {
        'POST /api/blocks': jsonResponse(201, {
          id: 'u2',
          firstName: 'Grace',
          lastName: 'Hopper',
          college: '',
          profileColor: '#10B981',
          profileImageUrl: null,
          blockedAt: '',
        }),
        'DELETE /api/friends/u2': jsonResponse(200, { message: 'Friend removed' }),
      },
    });
    await user.click(within(await card('Grace Hopper')).getByRole('button', { name: 'Block Grace Hopper' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Block Grace Hopper?' }));
    await user.click(dialog.getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('User blocked')).toBeInTheDocument();
    expect(JSON.parse(network.callsTo('POST', '/api/blocks')[0]!.body)).toEqual({ userId: 'u2' });
    await user.click(within(await card('Grace Hopper')).getByRole('button', { name: 'Remove Grace Hopper' }));
    expect(await screen.findByText('Friend removed')).toBeInTheDocument();
    expect(network.callsTo('DELETE', '/api/friends/u2')).toHaveLength(1);
  });

  it('when Message is clicked, then a chat is created and /messages opens with that friend', async () => {
    const { user, network } = renderFriends({
      friends: [makeFriend({ id: 'u2', firstName: 'Grace', lastName: 'Hopper' })],
      routes: { 'POST /api/chats': jsonResponse(201, { id: 'chat1' }) },
    });
    await user.click(
      within(await card('Grace Hopper')).getByRole('button', { name: 'Message Grace Hopper' }),
    );
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/messages'));
    expect(JSON.parse(network.callsTo('POST', '/api/chats')[0]!.body)).toEqual({ participantId: 'u2' });
  });
});
