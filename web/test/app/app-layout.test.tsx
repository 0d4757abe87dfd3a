import { screen, within } from '@testing-library/react';
import { findPostCard, renderHome } from '../features/forum/forum-fixtures';

beforeEach(() => localStorage.clear());
afterEach(() => {
  window.innerWidth = 1440;
});

describe('the side menu', () => {
  it("when it opens on a phone, then its 'Q' mark is the top bar's, drawn once", async () => {
    window.innerWidth = 390;
    const { user } = renderHome();
    await findPostCard('Study group for finals');
    const topBarMark = screen.getByRole('link', { name: 'Quad' }).querySelector('[aria-hidden="true"]');

    // jsdom applies no media query: the button the bar shows below lg counts as hidden here.
    await user.click(screen.getByLabelText('Open menu'));

    const menu = screen.getByRole('dialog', { name: 'Menu' });
    const menuMark = within(menu).getByText('Quad').querySelector('[aria-hidden="true"]');
    // The mark draws its letter itself (BrandMark's ::before): a 'Q' written inside it as well
    // showed a second one, cut off under the first.
    expect(menuMark).not.toBeNull();
    expect(menuMark?.className).toBe(topBarMark?.className);
    expect(menuMark?.textContent).toBe('');
  });
});
