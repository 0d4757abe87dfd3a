import { screen, within } from '@testing-library/react';
import { jsonResponse } from '../../utils/fetch-stub';
import { shortName } from '../../../src/features/home/components/sidebar-friends';
import { findPostCard, renderHome } from '../forum/forum-fixtures';
import { makeFriend } from '../friends/friends-fixtures';

beforeEach(() => localStorage.clear());

// Home's sidebar is there at the test window's default width (1440 px, see test/setup.ts).
const sidebar = () => within(screen.getByRole('complementary', { name: 'Sidebar' }));

describe('home sidebar friends', () => {
  it("when GET /api/friends answers social's entries, then each friend shows as first name and last initial, with the green dot only when online", async () => {
    renderHome({
      routes: {
        'GET /api/friends': jsonResponse(200, [
          makeFriend({ id: 'u2', firstName: 'Grace', lastName: 'Hopper', isOnline: true }),
          makeFriend({ id: 'u3', firstName: 'Alan', lastName: 'Turing', isOnline: false }),
        ]),
      },
    });
    await findPostCard('Study group for finals');
    const grace = await sidebar().findByRole('link', { name: /Grace H\./ });
    expect(grace).toHaveAttribute('href', '/friends');
    expect(
      within(grace).getByRole('img', { hidden: true }).querySelectorAll('[aria-hidden="true"]'),
    ).toHaveLength(2);
    const alan = sidebar().getByRole('link', { name: /Alan T\./ });
    expect(
      within(alan).getByRole('img', { hidden: true }).querySelectorAll('[aria-hidden="true"]'),
    ).toHaveLength(1);
  });

  it('when a last name starts with a character outside the BMP, then its whole first character is the initial', () => {
    expect(shortName('Yuki', '𠮷田')).toBe('Yuki 𠮷.');
  });
});
