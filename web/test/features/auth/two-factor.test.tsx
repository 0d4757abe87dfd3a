import { ADMIN_MESSAGES } from '@quad/contracts';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { AdminInvitePage } from '../../../src/features/auth/components/admin-invite-page';
import { AuthPage } from '../../../src/features/auth/components/auth-page';
import { jsonResponse, stubFetch } from '../../utils/fetch-stub';
import { renderWithProviders } from '../../utils/render';

/*
 * A named admin's second step when its challenge is gone (ten minutes passed, or five wrong codes):
 * no code can answer it any more, so the admin is taken back to where the password is given again
 * instead of staying on a code form that can only fail.
 */

const activePanel = () => within(screen.getByRole('tabpanel'));
const challenge = { twoFactorRequired: true, challengeToken: 'challenge-1', enrolment: null };

async function findToast(title: string) {
  return (await screen.findByText(title)).closest('li')!;
}

beforeEach(() => {
  localStorage.clear();
});

async function signInAsNamedAdmin(user: ReturnType<typeof renderWithProviders>['user'], code: string) {
  await user.type(activePanel().getByLabelText('Email'), 'grace@quad.test');
  await user.type(activePanel().getByLabelText('Password'), 'a-long-password');
  await user.click(activePanel().getByRole('button', { name: 'Login' }));
  await user.type(await screen.findByLabelText('Authentication code'), code);
  await user.click(screen.getByRole('button', { name: 'Verify' }));
}

describe('two-factor step', () => {
  it('when the challenge has expired, then the sign-in form is back and signing in again asks for a new code', async () => {
    const network = stubFetch({
      'POST /api/login': jsonResponse(200, challenge),
      'POST /api/auth/2fa/verify': jsonResponse(401, { message: ADMIN_MESSAGES.challengeExpired }),
    });
    const { user } = renderWithProviders(<AuthPage />, { route: '/auth' });
    await signInAsNamedAdmin(user, '123456');

    expect(await findToast('Verification failed')).toHaveTextContent(ADMIN_MESSAGES.challengeExpired);
    const login = await activePanel().findByRole('button', { name: 'Login' });
    expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument();
    await user.click(login);
    expect(network.callsTo('POST', '/api/login')).toHaveLength(2);
    expect(await screen.findByLabelText('Authentication code')).toBeInTheDocument();
  });

  it('when the sixth code is refused (429), then the sign-in form is back too', async () => {
    stubFetch({
      'POST /api/login': jsonResponse(200, challenge),
      'POST /api/auth/2fa/verify': jsonResponse(429, { message: ADMIN_MESSAGES.challengeExpired }),
    });
    const { user } = renderWithProviders(<AuthPage />, { route: '/auth' });
    await signInAsNamedAdmin(user, '123456');

    await findToast('Verification failed');
    expect(await activePanel().findByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('when a code is wrong, then the code step stays for another try', async () => {
    stubFetch({
      'POST /api/login': jsonResponse(200, challenge),
      'POST /api/auth/2fa/verify': jsonResponse(401, { message: ADMIN_MESSAGES.codeInvalid }),
    });
    const { user } = renderWithProviders(<AuthPage />, { route: '/auth' });
    await signInAsNamedAdmin(user, '000000');

    expect(await findToast('Verification failed')).toHaveTextContent(ADMIN_MESSAGES.codeInvalid);
    expect(screen.getByLabelText('Authentication code')).toBeInTheDocument();
  });

  it('when the challenge of an accepted invitation has expired, then the new admin is sent to sign in', async () => {
    stubFetch({
      'GET /api/admin/admins/invites/invite-1': jsonResponse(200, {
        email: 'alan@quad.test',
        firstName: 'Alan',
        lastName: 'Turing',
        expiresAt: '2030-01-01T00:00:00.000Z',
        invitedBy: 'Grace Hopper',
      }),
      'POST /api/admin/admins/invites/invite-1/accept': jsonResponse(201, {
        ...challenge,
        enrolment: { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/Quad:alan?secret=JBSWY3DPEHPK3PXP', qrCodeDataUrl: 'data:image/png;base64,AAAA' },
      }),
      'POST /api/auth/2fa/verify': jsonResponse(401, { message: ADMIN_MESSAGES.challengeExpired }),
    });
    const { user } = renderWithProviders(
      <Routes>
        <Route path="/admin-invite/:token" element={<AdminInvitePage />} />
      </Routes>,
      { route: '/admin-invite/invite-1' },
    );
    await user.type(await screen.findByLabelText('Choose a password'), 'a-long-password');
    await user.click(screen.getByRole('button', { name: 'Create admin account' }));
    await user.type(await screen.findByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await findToast('Verification failed');
    expect(await screen.findByTestId('location')).toHaveTextContent('/auth');
  });
});
