import { LIMITS, STORAGE_KEYS } from '@quad/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { AuthPage } from '../../../src/features/auth/components/auth-page';
import { makeUser } from '../../fixtures';
import { jsonResponse, never, stubFetch, textResponse } from '../../utils/fetch-stub';
import { renderWithProviders } from '../../utils/render';

const colleges = [
  { id: 'c1', name: 'State University', initials: 'SU' },
  { id: 'c2', name: 'Tech Institute', initials: 'TI' },
];

function renderAuthPage() {
  return renderWithProviders(<AuthPage />, { route: '/auth' });
}

const activePanel = () => within(screen.getByRole('tabpanel'));

/** The toast region's current toast (role status, or alert for destructive ones). */
async function findToast(title: string) {
  const titleNode = await screen.findByText(title);
  return titleNode.closest('li')!;
}

beforeEach(() => {
  localStorage.clear();
});

describe('AuthPage tabs', () => {
  it('when the page opens, then the Login tab is selected and shows email and password', () => {
    stubFetch({});
    renderAuthPage();
    expect(screen.getByText('Your college community platform')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tab', { name: 'Admin' })).toHaveAttribute('aria-selected', 'false');
    expect(activePanel().getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(activePanel().getByLabelText('Password')).toHaveAttribute('type', 'password');
  });

  it('when another tab is clicked, then its form is shown', async () => {
    stubFetch({ 'GET /api/colleges': jsonResponse(200, colleges) });
    const { user } = renderAuthPage();
    await user.click(screen.getByRole('tab', { name: 'Register' }));
    expect(screen.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
    expect(activePanel().getByText('Subscription: $10/year required for access to all features.')).toBeInTheDocument();
    expect(activePanel().getByLabelText('First name')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Admin' }));
    expect(activePanel().getByLabelText('Admin password')).toHaveAttribute('type', 'password');
    expect(activePanel().getByText(/Get free access to all features, forever/)).toBeInTheDocument();
  });

  it('when arrow keys are pressed on the tab list, then selection moves with focus', async () => {
    stubFetch({ 'GET /api/colleges': jsonResponse(200, colleges) });
    const { user } = renderAuthPage();
    screen.getByRole('tab', { name: 'Login' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Register' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Admin' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
  });

  it('when text is typed and tabs are switched, then the typed text is kept', async () => {
    stubFetch({ 'GET /api/colleges': jsonResponse(200, colleges) });
    const { user } = renderAuthPage();
    await user.type(activePanel().getByLabelText('Email'), 'ada@college.edu');
    await user.click(screen.getByRole('tab', { name: 'Admin' }));
    await user.click(screen.getByRole('tab', { name: 'Login' }));
    expect(activePanel().getByLabelText('Email')).toHaveValue('ada@college.edu');
  });
});

describe('AuthPage validation', () => {
  it('when login is submitted empty, then it asks for both fields and sends nothing', async () => {
    const network = stubFetch({});
    const { user } = renderAuthPage();
    await user.click(activePanel().getByRole('button', { name: 'Login' }));
    await findToast('Required Fields');
    expect(screen.getByText('Please enter both email and password.')).toBeInTheDocument();
    expect(network.callsTo('POST', '/api/login')).toHaveLength(0);
  });

  it('when login has an email but no password, then it asks for both fields', async () => {
    stubFetch({});
    const { user } = renderAuthPage();
    await user.type(activePanel().getByLabelText('Email'), 'ada@college.edu');
    await user.click(activePanel().getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Please enter both email and password.')).toBeInTheDocument();
  });

  it('when registration lacks a college, then it asks for all fields including the college', async () => {
    const network = stubFetch({ 'GET /api/colleges': jsonResponse(200, colleges) });
    const { user } = renderAuthPage();
    await user.click(screen.getByRole('tab', { name: 'Register' }));
    const form = activePanel();
    await user.type(form.getByLabelText('Email'), 'ada@college.edu');
    await user.type(form.getByLabelText('Password'), 'longenough');
    await user.type(form.getByLabelText('First name'), 'Ada');
    await user.type(form.getByLabelText('Last name'), 'Lovelace');
    await user.click(form.getByRole('button', { name: 'Create Account' }));
    await findToast('Required Fields');
    expect(screen.getByText('Please fill in all required fields including college selection.')).toBeInTheDocument();
    expect(network.callsTo('POST', '/api/register')).toHaveLength(0);
  });

  it('when names are typed at registration, then they stop at the 50 characters the server accepts', async () => {
    stubFetch({ 'GET /api/colleges': jsonResponse(200, colleges) });
    const { user } = renderAuthPage();
    await user.click(screen.getByRole('tab', { name: 'Register' }));
    const form = activePanel();
    expect(form.getByLabelText('First name')).toHaveAttribute('maxLength', String(LIMITS.name));
    expect(form.getByLabelText('Last name')).toHaveAttribute('maxLength', String(LIMITS.name));
  });

  it('when the registration password is shorter than 8 characters, then it says so', async () => {
    const network = stubFetch({ 'GET /api/colleges': jsonResponse(200, colleges) });
    const { user } = renderAuthPage();
    await user.click(screen.getByRole('tab', { name: 'Register' }));
    const form = activePanel();
    await user.type(form.getByLabelText('Email'), 'ada@college.edu');
    await user.type(form.getByLabelText('Password'), 'short12');
    await user.type(form.getByLabelText('First name'), 'Ada');
    await user.type(form.getByLabelText('Last name'), 'Lovelace');
    await screen.findByRole('option', { name: 'State University (SU)' });
    await user.selectOptions(form.getByLabelText('College'), 'c1');
    await user.click(form.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Password must be at least 8 characters.')).toBeInTheDocument();
    expect(network.callsTo('POST', '/api/register')).toHaveLength(0);
  });

  it('when admin access is submitted without a password, then it asks for it', async () => {
    const network = stubFetch({});
    const { user } = renderAuthPage();
    await user.click(screen.getByRole('tab', { name: 'Admin' }));
    await user.click(activePanel().getByRole('button', { name: 'Access as Admin' }));
    await findToast('Required Field');
    expect(screen.getByText('Please enter the admin password.')).toBeInTheDocument();
    expect(network.callsTo('POST', '/api/register-admin')).toHaveLength(0);
  });

  it('when admin access is submitted without an operator handle, then it asks for one', async () => {
    const network = stubFetch({});
    const { user } = renderAuthPage();
    await user.click(screen.getByRole('tab', { name: 'Admin' }));
    await user.type(activePanel().getByLabelText('Admin password'), 'the-password');
    await user.click(activePanel().getByRole('button', { name: 'Access as Admin' }));
    await findToast('Required Field');
    expect(screen.getByText('Please enter your operator handle.')).toBeInTheDocument();
    expect(network.callsTo('POST', '/api/register-admin')).toHaveLength(0);
  });
});

describe('AuthPage while a request is pending', () => {
  it('when login is pending, then every submit button is disabled and login reads Logging in...', async () => {
    stubFetch({ 'POST /api/login': never, 'GET /api/colleges': jsonResponse(200, colleges) });
    const { user } = renderAuthPage();
    await user.type(activePanel().getByLabelText('Email'), 'ada@college.edu');
    await user.type(activePanel().getByLabelText('Password'), 'correct horse');
    await user.click(activePanel().getByRole('button', { name: 'Login' }));
    expect(await activePanel().findByRole('button', { name: 'Logging in...' })).toBeDisabled();

    await user.click(screen.getByRole('tab', { name: 'Register' }));
    expect(activePanel().getByRole('button', { name: 'Create Account' })).toBeDisabled();
    await user.click(screen.getByRole('tab', { name: 'Admin' }));
    expect(activePanel().getByRole('button', { name: 'Access as Admin' })).toBeDisabled();
  });

  it('when registration is pending, then its button reads Creating account... and the others are disabled', async () => {
    const network = stubFetch({ 'POST /api/register': never, 'GET /api/colleges': jsonResponse(200, colleges) });
    const { user } = renderAuthPage();
    await user.click(screen.getByRole('tab', { name: 'Register' }));
    const form = activePanel();
    await user.type(form.getByLabelText('Email'), 'ada@college.edu');
    await user.type(form.getByLabelText('Password'), 'longenough');
    await user.type(form.getByLabelText('First name'), 'Ada');
    await user.type(form.getByLabelText('Last name'), 'Lovelace');
    await screen.findByRole('option', { name: 'Tech Institute (TI)' });
    await user.selectOptions(form.getByLabelText('College'), 'c2');
    await user.click(form.getByRole('button', { name: 'Create Account' }));
    expect(await form.findByRole('button', { name: 'Creating account...' })).toBeDisabled();
    expect(JSON.parse(network.callsTo('POST', '/api/register')[0]!.body)).toEqual({
      email: 'ada@college.edu',
      password: 'longenough',
      firstName: 'Ada',
      lastName: 'Lovelace',
      college: 'c2',
    });

    await user.click(screen.getByRole('tab', { name: 'Login' }));
    expect(activePanel().getByRole('button', { name: 'Login' })).toBeDisabled();
  });

  it('when admin access is pending, then its button reads Accessing...', async () => {
    stubFetch({ 'POST /api/register-admin': never });
    const { user } = renderAuthPage();
    await user.click(screen.getByRole('tab', { name: 'Admin' }));
    await user.type(activePanel().getByLabelText('Admin password'), 'secret');
    await user.type(activePanel().getByLabelText('Operator handle'), 'jane.ops');
    await user.click(activePanel().getByRole('button', { name: 'Access as Admin' }));
    expect(await activePanel().findByRole('button', { name: 'Accessing...' })).toBeDisabled();
    await user.click(screen.getByRole('tab', { name: 'Login' }));
    expect(activePanel().getByRole('button', { name: 'Login' })).toBeDisabled();
  });
});

describe('AuthPage errors', () => {
  it('when the server rejects the login, then a destructive Login failed toast appears', async () => {
    stubFetch({ 'POST /api/login': jsonResponse(401, { message: 'Invalid credentials' }) });
    const { user } = renderAuthPage();
    await user.type(activePanel().getByLabelText('Email'), 'ada@college.edu');
    await user.type(activePanel().getByLabelText('Password'), 'wrong password');
    await user.click(activePanel().getByRole('button', { name: 'Login' }));
    const toast = await findToast('Login failed');
    expect(within(toast).getByText('Invalid email or password.')).toBeInTheDocument();
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    // The toast can render a moment before the pending label ('Logging in...') is reset.
    expect(await activePanel().findByRole('button', { name: 'Login' })).toBeEnabled();
    expect(localStorage.getItem(STORAGE_KEYS.userToken)).toBeNull();
  });

  it('when registration fails, then Registration failed is shown', async () => {
    stubFetch({
      'GET /api/colleges': jsonResponse(200, colleges),
      'POST /api/register': jsonResponse(409, { message: 'Email already registered' }),
    });
    const { user } = renderAuthPage();
    await user.click(screen.getByRole('tab', { name: 'Register' }));
    const form = activePanel();
    await user.type(form.getByLabelText('Email'), 'ada@college.edu');
    await user.type(form.getByLabelText('Password'), 'longenough');
    await user.type(form.getByLabelText('First name'), 'Ada');
    await user.type(form.getByLabelText('Last name'), 'Lovelace');
    await screen.findByRole('option', { name: 'State University (SU)' });
    await user.selectOptions(form.getByLabelText('College'), 'c1');
    await user.click(form.getByRole('button', { name: 'Create Account' }));
    const toast = await findToast('Registration failed');
    expect(within(toast).getByText('Email already exists or invalid data.')).toBeInTheDocument();
  });

  /** A refusal as the server sends it: 429, Retry-After in seconds, and a JSON message. */
  const refused = (retryAfter: string) =>
    new Response(JSON.stringify({ message: 'Too many attempts, try again in 15 minutes.' }), {
      status: 429,
      headers: { 'Content-Type': 'application/json', 'Retry-After': retryAfter },
    });

  it('when registration is refused for too many attempts, then it says how long to wait, not that the e-mail exists', async () => {
    stubFetch({ 'GET /api/colleges': jsonResponse(200, colleges), 'POST /api/register': refused('125') });
    const { user } = renderAuthPage();
    await user.click(screen.getByRole('tab', { name: 'Register' }));
    const form = activePanel();
    await user.type(form.getByLabelText('Email'), 'ada@college.edu');
    await user.type(form.getByLabelText('Password'), 'longenough');
    await user.type(form.getByLabelText('First name'), 'Ada');
    await user.type(form.getByLabelText('Last name'), 'Lovelace');
    await screen.findByRole('option', { name: 'State University (SU)' });
    await user.selectOptions(form.getByLabelText('College'), 'c1');
    await user.click(form.getByRole('button', { name: 'Create Account' }));
    const toast = await findToast('Registration failed');
    // 125 s rounds up to 3 minutes.
    expect(within(toast).getByText('Too many attempts, try again in 3 minutes.')).toBeInTheDocument();
    expect(within(toast).queryByText('Email already exists or invalid data.')).not.toBeInTheDocument();
    expect(toast).toHaveAttribute('data-variant', 'destructive');
  });

  it.each([
    ['900', 'Too many attempts, try again in 15 minutes.'],
    ['20', 'Too many attempts, try again in 1 minute.'],
  ])('when sign-in is refused with Retry-After %s, then it says: %s', async (retryAfter, text) => {
    stubFetch({ 'POST /api/login': refused(retryAfter) });
    const { user } = renderAuthPage();
    await user.type(activePanel().getByLabelText('Email'), 'ada@college.edu');
    await user.type(activePanel().getByLabelText('Password'), 'correct horse');
    await user.click(activePanel().getByRole('button', { name: 'Login' }));
    const toast = await findToast('Login failed');
    expect(within(toast).getByText(text)).toBeInTheDocument();
    expect(within(toast).queryByText('Invalid email or password.')).not.toBeInTheDocument();
  });

  it('when admin access fails with a server message, then that message is shown', async () => {
    stubFetch({ 'POST /api/register-admin': jsonResponse(429, { message: 'Too many attempts. Try again later.' }) });
    const { user } = renderAuthPage();
    await user.click(screen.getByRole('tab', { name: 'Admin' }));
    await user.type(activePanel().getByLabelText('Admin password'), 'guess');
    await user.type(activePanel().getByLabelText('Operator handle'), 'jane.ops');
    await user.click(activePanel().getByRole('button', { name: 'Access as Admin' }));
    const toast = await findToast('Admin Access Failed');
    expect(within(toast).getByText('Too many attempts. Try again later.')).toBeInTheDocument();
  });

  it('when admin access fails without a message, then Invalid admin password. is shown', async () => {
    stubFetch({ 'POST /api/register-admin': textResponse(401, '') });
    const { user } = renderAuthPage();
    await user.click(screen.getByRole('tab', { name: 'Admin' }));
    await user.type(activePanel().getByLabelText('Admin password'), 'guess');
    await user.type(activePanel().getByLabelText('Operator handle'), 'jane.ops');
    await user.click(activePanel().getByRole('button', { name: 'Access as Admin' }));
    const toast = await findToast('Admin Access Failed');
    expect(within(toast).getByText('Invalid admin password.')).toBeInTheDocument();
  });

  it('when the college list cannot be fetched, then Failed to fetch colleges is shown', async () => {
    stubFetch({ 'GET /api/colleges': jsonResponse(500, { message: 'boom' }) });
    const { user } = renderAuthPage();
    expect(screen.queryByText('Failed to fetch colleges')).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Register' }));
    expect(await screen.findByText('Failed to fetch colleges')).toBeInTheDocument();
  });
});

describe('AuthPage success', () => {
  it('when login succeeds, then the token is kept, the user cached, Welcome back! shown and home follows', async () => {
    const user = makeUser();
    const network = stubFetch({
      'POST /api/login': jsonResponse(200, { authToken: 'jwt-user', user }),
      'GET /api/auth/user': jsonResponse(200, user),
    });
    const { user: actor } = renderAuthPage();
    await actor.type(activePanel().getByLabelText('Email'), '  ada@college.edu ');
    await actor.type(activePanel().getByLabelText('Password'), 'correct horse');
    await actor.click(activePanel().getByRole('button', { name: 'Login' }));

    const toast = await findToast('Welcome back!');
    expect(within(toast).getByText('You have successfully logged in.')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.userToken)).toBe('jwt-user');
    expect(JSON.parse(network.callsTo('POST', '/api/login')[0]!.body)).toEqual({ email: 'ada@college.edu', password: 'correct horse' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('when admin access succeeds, then the admin token is kept and later calls carry it as bearer', async () => {
    const admin = makeUser({ isAdmin: true, isAnonymousAdmin: true, firstName: 'Anonymous', lastName: 'Admin' });
    const network = stubFetch({
      'POST /api/register-admin': jsonResponse(200, { adminToken: 'jwt-admin', user: admin }),
      'GET /api/colleges': jsonResponse(200, colleges),
    });
    localStorage.setItem(STORAGE_KEYS.userToken, 'jwt-user');
    const { user } = renderAuthPage();
    await user.click(screen.getByRole('tab', { name: 'Admin' }));
    await user.type(activePanel().getByLabelText('Admin password'), 'the-password');
    await user.type(activePanel().getByLabelText('Operator handle'), 'jane.ops');
    await user.click(activePanel().getByRole('button', { name: 'Access as Admin' }));
    expect(await screen.findByText('Anonymous Admin Access Granted!')).toBeInTheDocument();
    expect(screen.getByText('You now have free access to all features.')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.adminToken)).toBe('jwt-admin');
    expect(JSON.parse(network.callsTo('POST', '/api/register-admin')[0]!.body)).toEqual({ adminPassword: 'the-password', operator: 'jane.ops' });

    await user.click(screen.getByRole('tab', { name: 'Register' }));
    await waitFor(() => expect(network.callsTo('GET', '/api/colleges')).toHaveLength(1));
    expect(network.callsTo('GET', '/api/colleges')[0]!.headers.get('Authorization')).toBe('Bearer jwt-admin');
  });

  it('when a named admin signs in, then the authenticator is set up with a code, the recovery codes are shown once, and the admin token is kept', async () => {
    const admin = makeUser({ isAdmin: true, firstName: 'Grace', lastName: 'Hopper', email: 'grace@quad.test' });
    const network = stubFetch({
      'POST /api/login': jsonResponse(200, {
        twoFactorRequired: true,
        challengeToken: 'challenge-1',
        enrolment: { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/Quad:grace?secret=JBSWY3DPEHPK3PXP', qrCodeDataUrl: 'data:image/png;base64,AAAA' },
      }),
      'POST /api/auth/2fa/verify': jsonResponse(200, { authToken: 'jwt-named-admin', user: admin, recoveryCodes: ['aaaaa-11111', 'bbbbb-22222'] }),
      'GET /api/auth/user': jsonResponse(200, admin),
    });
    const { user } = renderAuthPage();
    await user.type(activePanel().getByLabelText('Email'), 'grace@quad.test');
    await user.type(activePanel().getByLabelText('Password'), 'a-long-password');
    await user.click(activePanel().getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute('src', 'data:image/png;base64,AAAA');
    expect(screen.getByLabelText('Authenticator secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    expect(localStorage.getItem(STORAGE_KEYS.userToken)).toBeNull();
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(JSON.parse(network.callsTo('POST', '/api/auth/2fa/verify')[0]!.body)).toEqual({ challengeToken: 'challenge-1', code: '123456' });

    const codes = await screen.findByRole('list', { name: 'Your recovery codes' });
    expect(within(codes).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['aaaaa-11111', 'bbbbb-22222']);
    await user.click(screen.getByRole('button', { name: 'I have saved my recovery codes' }));
    await findToast('Welcome back!');
    expect(localStorage.getItem(STORAGE_KEYS.adminToken)).toBe('jwt-named-admin');
  });
});
