import { STORAGE_KEYS } from '@quad/contracts';
import { screen, waitFor } from '@testing-library/react';
import { makeUser } from '../../fixtures';
import { jsonResponse, stubFetch } from '../../utils/fetch-stub';
import { renderApp } from '../../utils/render';

const statusOf = () => ({ isActive: true, expiresAt: new Date(Date.now() + 86_400_000).toISOString(), cancelledAt: null, pendingPayment: null });

/** The mode the app is drawn in (the e2e appearance journey checks the painted colours themselves). */
const drawnMode = () => document.documentElement.dataset.theme;

/** jsdom has no matchMedia: a device that asks for dark (or light) colours. */
function deviceScheme(dark: boolean) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: dark && query === '(prefers-color-scheme: dark)',
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }),
  });
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(STORAGE_KEYS.userDevice, 'desktop');
  localStorage.setItem(STORAGE_KEYS.userToken, 'token');
});
afterEach(() => {
  delete document.documentElement.dataset.theme;
  delete (window as { matchMedia?: unknown }).matchMedia;
});

describe('Appearance', () => {
  it('when the account follows the system and the device is dark, then the app is drawn dark', async () => {
    deviceScheme(true);
    stubFetch({
      'GET /api/auth/user': jsonResponse(200, makeUser()),
      'GET /api/settings': jsonResponse(200, { theme: 'system' }),
      'GET /api/subscription-status': jsonResponse(200, statusOf()),
    });
    renderApp('/subscription-settings');
    expect(await screen.findByText('Following your device: dark now.')).toBeInTheDocument();
    expect(drawnMode()).toBe('dark');
    expect(screen.getByRole('radio', { name: 'System' })).toBeChecked();
  });

  it('when a student on a dark device picks Light, then it is drawn light at once, kept on the account and in this browser', async () => {
    deviceScheme(true);
    const network = stubFetch({
      'GET /api/auth/user': jsonResponse(200, makeUser()),
      'GET /api/settings': jsonResponse(200, { theme: 'system' }),
      'PUT /api/settings': jsonResponse(200, { theme: 'light' }),
      'GET /api/subscription-status': jsonResponse(200, statusOf()),
    });
    const { user } = renderApp('/subscription-settings');
    await screen.findByText('Following your device: dark now.');

    await user.click(screen.getByRole('radio', { name: 'Light' }));

    await waitFor(() => expect(drawnMode()).toBe('light'));
    expect(screen.getByText('Always light.')).toBeInTheDocument();
    await waitFor(() => expect(network.callsTo('PUT', '/api/settings')).toHaveLength(1));
    expect(JSON.parse(network.callsTo('PUT', '/api/settings')[0]!.body)).toEqual({ theme: 'light' });
    expect(localStorage.getItem(STORAGE_KEYS.themePreference)).toBe('light');
  });

  it("when the account chose dark on another device, then this light device is drawn dark once it signs in", async () => {
    deviceScheme(false);
    stubFetch({
      'GET /api/auth/user': jsonResponse(200, makeUser()),
      'GET /api/settings': jsonResponse(200, { theme: 'dark' }),
      'GET /api/subscription-status': jsonResponse(200, statusOf()),
    });
    renderApp('/subscription-settings');
    await waitFor(() => expect(drawnMode()).toBe('dark'));
    expect(await screen.findByRole('radio', { name: 'Dark' })).toBeChecked();
  });

  it('when saving fails, then the choice goes back and the student is told', async () => {
    deviceScheme(false);
    stubFetch({
      'GET /api/auth/user': jsonResponse(200, makeUser()),
      'GET /api/settings': jsonResponse(200, { theme: 'light' }),
      'PUT /api/settings': jsonResponse(500, { message: 'Internal server error' }),
      'GET /api/subscription-status': jsonResponse(200, statusOf()),
    });
    const { user } = renderApp('/subscription-settings');
    await user.click(await screen.findByRole('radio', { name: 'Dark' }));
    expect(await screen.findByText('Appearance not saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Light' })).toBeChecked());
  });
});
