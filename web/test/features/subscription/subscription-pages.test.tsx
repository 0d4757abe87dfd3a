import { COMMERCE_MESSAGES, STORAGE_KEYS, type SubscriptionStatus } from '@quad/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { makeUser } from '../../fixtures';
import { jsonResponse, stubFetch } from '../../utils/fetch-stub';
import { renderApp } from '../../utils/render';

const inAYear = new Date(Date.now() + 365 * 86_400_000).toISOString();
const lastMonth = new Date(Date.now() - 30 * 86_400_000).toISOString();

function statusOf(overrides: Partial<SubscriptionStatus> = {}): SubscriptionStatus {
  return { isActive: false, expiresAt: null, cancelledAt: null, pendingPayment: null, ...overrides };
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(STORAGE_KEYS.userDevice, 'desktop');
  localStorage.setItem(STORAGE_KEYS.userToken, 'token');
});

describe('Subscribe page', () => {
  it('when it opens, then the spec texts are shown, and Subscribe Now without mock payments leads to the payment screen', async () => {
    const network = stubFetch({
      'GET /api/auth/user': jsonResponse(200, makeUser()),
      'POST /api/create-subscription': jsonResponse(200, { mockPayment: false, message: COMMERCE_MESSAGES.stripeRequired, subscriptionExpiresAt: null }),
      'GET /api/subscription-status': jsonResponse(200, statusOf()),
    });
    const { user } = renderApp('/subscribe');
    expect(await screen.findByRole('heading', { name: 'Join Quad' })).toBeInTheDocument();
    expect(screen.getByText('Special Launch Pricing')).toBeInTheDocument();
    expect(screen.getByText('Only $10/year')).toBeInTheDocument();
    expect(screen.getByText('Annual Subscription')).toBeInTheDocument();
    for (const link of ['Home', 'Friends', 'Messages', 'Profile']) {
      expect(within(screen.getByRole('navigation', { name: 'Elsewhere in Quad' })).getByRole('link', { name: link })).toBeInTheDocument();
    }
    await user.click(screen.getByRole('button', { name: 'Subscribe Now' }));
    expect(await screen.findByText('Payment Required')).toBeInTheDocument();
    expect(screen.getByText('Real payment processing requires Stripe configuration.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/payment'));
    expect(network.callsTo('POST', '/api/create-subscription')).toHaveLength(1);
  });

  it('when the deployment takes mock payments, then Subscription Active! is shown and home opens 1.5 s later', async () => {
    stubFetch({
      'GET /api/auth/user': jsonResponse(200, makeUser()),
      'POST /api/create-subscription': jsonResponse(200, { mockPayment: true, message: COMMERCE_MESSAGES.mockActivated, subscriptionExpiresAt: inAYear }),
    });
    const { user } = renderApp('/subscribe');
    await user.click(await screen.findByRole('button', { name: 'Subscribe Now' }));
    expect(await screen.findByText('Subscription Active!')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/subscribe');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });
});

describe('Payment screen', () => {
  it('when the Venmo username is blank, then the spec message is shown and nothing is sent', async () => {
    const network = stubFetch({ 'GET /api/auth/user': jsonResponse(200, makeUser()), 'GET /api/subscription-status': jsonResponse(200, statusOf()) });
    const { user } = renderApp('/payment');
    await user.click(await screen.findByRole('button', { name: 'Submit Payment' }));
    expect(await screen.findByText('Please provide your Venmo username')).toBeInTheDocument();
    expect(network.callsTo('POST', '/api/payments/submit')).toHaveLength(0);
  });

  it('when the Venmo username is only a pasted zero-width space, then it counts as blank and nothing is sent', async () => {
    const network = stubFetch({ 'GET /api/auth/user': jsonResponse(200, makeUser()), 'GET /api/subscription-status': jsonResponse(200, statusOf()) });
    const { user } = renderApp('/payment');
    await user.type(await screen.findByLabelText('Venmo username'), '\u200B');
    await user.click(screen.getByRole('button', { name: 'Submit Payment' }));
    expect(await screen.findByText('Please provide your Venmo username')).toBeInTheDocument();
    expect(network.callsTo('POST', '/api/payments/submit')).toHaveLength(0);
  });

  it('when a payment is submitted, then it is sent with amount 10 and the screen says it is under review', async () => {
    let submitted = false;
    const network = stubFetch({
      'GET /api/auth/user': jsonResponse(200, makeUser()),
      'GET /api/subscription-status': () =>
        jsonResponse(200, statusOf(submitted ? { pendingPayment: { id: 'p1', createdAt: new Date().toISOString() } } : {})),
      'POST /api/payments/submit': () => {
        submitted = true;
        return jsonResponse(201, { message: COMMERCE_MESSAGES.submitted, request: {} });
      },
    });
    const { user } = renderApp('/payment');
    await user.type(await screen.findByLabelText('Venmo username'), '@ada');
    await user.type(screen.getByLabelText('Notes (optional)'), 'sent today');
    await user.click(screen.getByRole('button', { name: 'Submit Payment' }));
    expect(await screen.findByText('Payment under review')).toBeInTheDocument();
    expect(JSON.parse(network.callsTo('POST', '/api/payments/submit')[0]!.body)).toEqual({ venmoUsername: '@ada', notes: 'sent today', amount: '10' });
  });

  it('when the submission is refused, then Submission Failed shows the server message', async () => {
    stubFetch({
      'GET /api/auth/user': jsonResponse(200, makeUser()),
      'GET /api/subscription-status': jsonResponse(200, statusOf()),
      'POST /api/payments/submit': jsonResponse(500, { message: 'Internal server error' }),
    });
    const { user } = renderApp('/payment');
    await user.type(await screen.findByLabelText('Venmo username'), '@ada');
    await user.click(screen.getByRole('button', { name: 'Submit Payment' }));
    expect(await screen.findByText('Submission Failed')).toBeInTheDocument();
  });
});

describe('Subscription settings', () => {
  it.each([
    [statusOf({ isActive: true, expiresAt: inAYear }), 'Active'],
    [statusOf({ expiresAt: lastMonth }), 'Expired'],
    [statusOf(), 'No subscription'],
  ])('when the status is %o, then it reads %s', async (status, label) => {
    stubFetch({
      'GET /api/auth/user': jsonResponse(200, makeUser()),
      'GET /api/subscription-status': jsonResponse(200, status),
      'GET /api/subscription-status/history': jsonResponse(200, []),
      'GET /api/blocks': jsonResponse(200, []),
    });
    renderApp('/subscription-settings');
    expect(await screen.findByText(label, { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByText('Device Preference')).toBeInTheDocument();
    expect(screen.getByText('Help')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Blocked users' })).toBeInTheDocument();
  });

  it('when an active student cancels in the dialog, then access is kept until the expiry', async () => {
    let cancelled = false;
    const network = stubFetch({
      'GET /api/auth/user': jsonResponse(200, makeUser()),
      'GET /api/subscription-status': () =>
        jsonResponse(200, statusOf({ isActive: true, expiresAt: inAYear, cancelledAt: cancelled ? new Date().toISOString() : null })),
      'GET /api/subscription-status/history': jsonResponse(200, [
        { id: 'h1', kind: 'payment-approved', at: new Date().toISOString(), expiresAt: inAYear, months: 12, venmoUsername: '@ada' },
      ]),
      'POST /api/cancel-subscription': () => {
        cancelled = true;
        return jsonResponse(200, { message: COMMERCE_MESSAGES.cancelled, status: statusOf({ isActive: true, expiresAt: inAYear }) });
      },
    });
    const { user } = renderApp('/subscription-settings');
    expect(await screen.findByText(/Payment approved/)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Subscription' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Subscription' }));
    expect(await screen.findByText(/^Cancelled — you keep access until/)).toBeInTheDocument();
    expect(network.callsTo('POST', '/api/cancel-subscription')).toHaveLength(1);
  });

  it('when cancelling fails, then Cancellation Failed is shown', async () => {
    stubFetch({
      'GET /api/auth/user': jsonResponse(200, makeUser()),
      'GET /api/subscription-status': jsonResponse(200, statusOf({ isActive: true, expiresAt: inAYear })),
      'GET /api/subscription-status/history': jsonResponse(200, []),
      'POST /api/cancel-subscription': jsonResponse(400, { message: COMMERCE_MESSAGES.noActiveSubscription }),
    });
    const { user } = renderApp('/subscription-settings');
    await user.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel Subscription' }));
    expect(await screen.findByText('Cancellation Failed')).toBeInTheDocument();
  });
});

describe('Subscription required', () => {
  it('when the subscription is active by now, then the page says so and leads home', async () => {
    stubFetch({
      'GET /api/auth/user': jsonResponse(200, makeUser()),
      'GET /api/subscription-status': jsonResponse(200, statusOf({ isActive: true, expiresAt: inAYear })),
    });
    renderApp('/subscription-required');
    expect(await screen.findByText("You're all set")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
  });
});

describe('Gating', () => {
  it('when a community call answers 402, then the app goes to /subscription-required, which leads to /subscribe and /payment', async () => {
    stubFetch({
      'GET /api/auth/user': jsonResponse(200, makeUser({ firstName: 'Ada', lastName: 'Lovelace' })),
      'GET /api/topics': jsonResponse(402, { message: 'An active subscription is required to use this feature.' }),
    });
    renderApp('/');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/subscription-required'));
    expect(await screen.findByRole('link', { name: 'Subscribe Now' })).toHaveAttribute('href', '/subscribe');
    expect(screen.getByRole('link', { name: 'Pay with Venmo' })).toHaveAttribute('href', '/payment');
  });
});
