import { jsonResponse } from '../../utils/fetch-stub';
import { findPostCard, renderHome } from '../forum/forum-fixtures';
import { makeFriend } from '../friends/friends-fixtures';

beforeEach(() => localStorage.clear());
afterEach(() => {
  window.innerWidth = 1440;
});

const friends = { 'GET /api/friends': jsonResponse(200, [makeFriend({ id: 'u2', firstName: 'Grace', lastName: 'Hopper' })]) };
const column = (label: string) => document.querySelector(`[aria-label="${label}"]:not(main)`);

describe('home columns by screen width', () => {
  it('when home opens on a phone, then the feed shows without the sidebar and messages columns, and their friends and chats are not fetched', async () => {
    window.innerWidth = 390;
    const { network } = renderHome({ routes: friends });
    await findPostCard('Study group for finals');
    expect(column('Sidebar')).toBeNull();
    expect(column('Messages')).toBeNull();
    expect(network.callsTo('GET', '/api/friends')).toHaveLength(0);
    expect(network.callsTo('GET', '/api/chats')).toHaveLength(0);
  });

  it('when home opens on a wide screen, then the sidebar and messages columns are there and load the friends', async () => {
    const { network } = renderHome({ routes: friends });
    await findPostCard('Study group for finals');
    expect(column('Sidebar')).not.toBeNull();
    expect(column('Messages')).not.toBeNull();
    expect(network.callsTo('GET', '/api/friends').length).toBeGreaterThan(0);
  });
});
