import { STORAGE_KEYS, VERIFY_MESSAGES } from '@quad/contracts';
import { screen, waitFor } from '@testing-library/react';
import { makeUser } from '../../fixtures';
import { jsonResponse, stubFetch } from '../../utils/fetch-stub';
import { renderApp } from '../../utils/render';

const activeStatus = () => ({ isActive: true, expiresAt: new Date(Date.now() + 86_400_000).toISOString(), cancelledAt: null, pendingPayment: null });

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(STORAGE_KEYS.userDevice, 'desktop');
  localStorage.setItem(STORAGE_KEYS.userToken, 'token');
});

describe('confirming the e-mail address', () => {
  it('when the address is not confirmed, then every screen says so, and Resend sends a new link', async () => {
    const network = stubFetch({
      'GET /api/auth/user': jsonResponse(200, makeUser({ emailConfirmed: false, isVerified: false, email: 'ada@mit.edu' })),
      'GET /api/settings': jsonResponse(200, { theme: 'system' }),
      'GET /api/subscription-status': jsonResponse(200, activeStatus()),
      'POST /api/auth/verify-email/resend': jsonResponse(200, { sentTo: 'ada@mit.edu' }),
    });
    const { user } = renderApp('/subscription-settings');
    const banner = await screen.findByRole('region', { name: 'Confirm your e-mail address' });
    expect(banner).toHaveTextContent('Until then you can read but not post, comment, message or vote. We sent a link to ada@mit.edu.');

    await user.click(screen.getByRole('button', { name: 'Resend link' }));

    expect(await screen.findByText('We sent a new link to ada@mit.edu.')).toBeInTheDocument();
    expect(network.callsTo('POST', '/api/auth/verify-email/resend')).toHaveLength(1);
  });

  it('when the address is confirmed, then there is no banner', async () => {
    stubFetch({
      'GET /api/auth/user': jsonResponse(200, makeUser({ emailConfirmed: true })),
      'GET /api/settings': jsonResponse(200, { theme: 'system' }),
      'GET /api/subscription-status': jsonResponse(200, activeStatus()),
    });
    renderApp('/subscription-settings');
    await screen.findByRole('heading', { name: 'Your data' });
    expect(screen.queryByRole('region', { name: 'Confirm your e-mail address' })).not.toBeInTheDocument();
  });

  it('when the link is opened, then its token is posted once and the page says the address is confirmed', async () => {
    localStorage.removeItem(STORAGE_KEYS.userToken);
    const network = stubFetch({
      'GET /api/auth/user': jsonResponse(401, { message: 'Unauthorized' }),
      'POST /api/auth/verify-email': jsonResponse(200, { email: 'ada@mit.edu', isVerified: true }),
    });
    renderApp('/verify-email/the-token');
    expect(await screen.findByRole('heading', { name: 'Your e-mail address is confirmed' })).toBeInTheDocument();
    expect(screen.getByText(/ada@mit.edu is confirmed. You now have the Verified badge/)).toBeInTheDocument();
    expect(network.callsTo('POST', '/api/auth/verify-email')).toHaveLength(1);
    expect(JSON.parse(network.callsTo('POST', '/api/auth/verify-email')[0]!.body)).toEqual({ token: 'the-token' });
  });

  it('when a student whose address is confirmed opens the link again, then the page says the link was used and the address is confirmed', async () => {
    stubFetch({
      'GET /api/auth/user': jsonResponse(200, makeUser({ email: 'ada@mit.edu', emailConfirmed: true })),
      'GET /api/settings': jsonResponse(200, { theme: 'system' }),
      'POST /api/auth/verify-email': jsonResponse(410, { message: VERIFY_MESSAGES.linkUsed }),
    });
    renderApp('/verify-email/used-token');
    expect(await screen.findByRole('heading', { name: 'Your e-mail address is confirmed' })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`${VERIFY_MESSAGES.linkUsed} ada@mit.edu is confirmed already`))).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'E-mail address not confirmed' })).not.toBeInTheDocument();
  });

  it('when a used link is opened signed out, then the page says the link was used, not that the address is unconfirmed', async () => {
    localStorage.removeItem(STORAGE_KEYS.userToken);
    stubFetch({
      'GET /api/auth/user': jsonResponse(401, { message: 'Unauthorized' }),
      'POST /api/auth/verify-email': jsonResponse(410, { message: VERIFY_MESSAGES.linkUsed }),
    });
    renderApp('/verify-email/used-token');
    expect(await screen.findByRole('heading', { name: 'Link already used' })).toBeInTheDocument();
    expect(screen.getByText(VERIFY_MESSAGES.linkUsed)).toBeInTheDocument();
  });

  it('when an unconfirmed student opens an expired link, then the page says the address is not confirmed, and why', async () => {
    stubFetch({
      'GET /api/auth/user': jsonResponse(200, makeUser({ emailConfirmed: false, isVerified: false })),
      'GET /api/settings': jsonResponse(200, { theme: 'system' }),
      'POST /api/auth/verify-email': jsonResponse(410, { message: VERIFY_MESSAGES.linkExpired }),
    });
    renderApp('/verify-email/old-token');
    expect(await screen.findByRole('heading', { name: 'E-mail address not confirmed' })).toBeInTheDocument();
    expect(screen.getByText(VERIFY_MESSAGES.linkExpired)).toBeInTheDocument();
  });
});

describe('deleting the account', () => {
  it('when the password and DELETE are given, then the account is deleted, the tokens forgotten and the sign-in screen shown', async () => {
    const network = stubFetch({
      'GET /api/auth/user': jsonResponse(200, makeUser()),
      'GET /api/settings': jsonResponse(200, { theme: 'system' }),
      'GET /api/subscription-status': jsonResponse(200, activeStatus()),
      'DELETE /api/account': jsonResponse(200, { message: 'Your account has been deleted.' }),
    });
    const { user } = renderApp('/subscription-settings');
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const submit = screen.getByRole('button', { name: 'Delete my account for good' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Password'), 'my-password');
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(submit);

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/auth'));
    expect(JSON.parse(network.callsTo('DELETE', '/api/account')[0]!.body)).toEqual({ password: 'my-password', confirmation: 'DELETE' });
    expect(localStorage.getItem(STORAGE_KEYS.userToken)).toBeNull();
  });
});
