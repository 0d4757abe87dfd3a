import { COMMERCE_MESSAGES, STORAGE_KEYS, type AdminUser, type PaymentRequest } from '@quad/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { makeUser } from '../../fixtures';
import { jsonResponse, stubFetch } from '../../utils/fetch-stub';
import { renderApp } from '../../utils/render';

const admin = makeUser({ id: 'admin1', firstName: '', lastName: '', email: null, isAdmin: true, isAnonymousAdmin: true });

function request(overrides: Partial<PaymentRequest> = {}): PaymentRequest {
  return {
    id: 'p1',
    status: 'pending',
    user: { id: 'u2', firstName: 'Amara', lastName: 'Diallo' },
    userEmail: 'amara@stanford.edu',
    createdAt: '2026-11-20T10:00:00.000Z',
    venmoUsername: '@amara',
    paymentNote: 'Sent Monday',
    amount: '10',
    decidedAt: null,
    ...overrides,
  };
}

const users: AdminUser[] = [
  { id: 'u2', firstName: 'Amara', lastName: 'Diallo', email: 'amara@stanford.edu', college: 'Stanford University', collegeId: 'c2', isAdmin: false, subscriptionExpiresAt: null, createdAt: '2026-11-01T00:00:00.000Z' },
  { id: 'u3', firstName: 'Maya', lastName: 'Chen', email: 'maya@mit.edu', college: 'Massachusetts Institute of Technology', collegeId: 'c1', isAdmin: false, subscriptionExpiresAt: '2099-01-01T00:00:00.000Z', createdAt: '2026-10-01T00:00:00.000Z' },
];

function adminRoutes(extra: Record<string, ReturnType<typeof jsonResponse> | (() => Response)> = {}) {
  return {
    'GET /api/auth/user': jsonResponse(200, admin),
    'GET /api/admin/users': jsonResponse(200, users),
    'GET /api/colleges': jsonResponse(200, [
      { id: 'c1', name: 'Massachusetts Institute of Technology', initials: 'MIT' },
      { id: 'c2', name: 'Stanford University', initials: 'SU' },
    ]),
    'GET /api/admin/audit-log': jsonResponse(200, [
      { id: 'a1', adminId: 'admin1', admin: null, action: 'subscription.granted', targetUserId: 'u3', targetId: null, reason: null, details: { months: 12 }, at: '2026-11-21T10:00:00.000Z' },
    ]),
    ...extra,
  };
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(STORAGE_KEYS.userDevice, 'desktop');
});

afterEach(() => {
  jest.useRealTimers();
});

describe('Admin panel', () => {
  it('when a student opens it, then Access Denied / Admin access required is shown and no admin data is asked for', async () => {
    localStorage.setItem(STORAGE_KEYS.userToken, 'student');
    const network = stubFetch({ 'GET /api/auth/user': jsonResponse(200, makeUser()) });
    renderApp('/admin-panel');
    expect(await screen.findAllByText('Access Denied')).not.toHaveLength(0);
    expect(screen.getAllByText('Admin access required').length).toBeGreaterThan(0);
    expect(network.callsTo('GET', '/api/admin/payment-requests')).toHaveLength(0);
  });

  it('when an admin opens it, then requests, users, the audit log and the links are shown; only pending requests can be decided', async () => {
    localStorage.setItem(STORAGE_KEYS.adminToken, 'admin');
    stubFetch(
      adminRoutes({
        'GET /api/admin/payment-requests': jsonResponse(200, [
          request(),
          request({ id: 'p0', status: 'approved', user: { id: 'u3', firstName: 'Maya', lastName: 'Chen' }, decidedAt: '2026-11-19T10:00:00.000Z' }),
        ]),
      }),
    );
    const { user } = renderApp('/admin-panel');
    const pending = await screen.findByRole('listitem', { name: 'Payment request from Amara Diallo' });
    expect(within(pending).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(within(pending).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    const decided = screen.getByRole('listitem', { name: 'Payment request from Maya Chen' });
    expect(within(decided).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(within(decided).getByText('approved')).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'All users' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    await user.type(screen.getByLabelText('Search users'), 'maya');
    expect(within(table).getAllByRole('row')).toHaveLength(2);

    const audit = await screen.findByRole('table', { name: 'Audit log' });
    expect(within(audit).getByText('Granted subscription (12 months)')).toBeInTheDocument();
    expect(within(audit).getByText('Maya Chen')).toBeInTheDocument();

    expect(screen.getByRole('link', { name: /Reports & Bans/ })).toHaveAttribute('href', '/admin-reports');
    expect(screen.getByRole('link', { name: /Subscription Settings/ })).toHaveAttribute('href', '/subscription-settings');
  });

  it('when a request is approved, then it is sent with id, status and userId and Payment updated is shown', async () => {
    localStorage.setItem(STORAGE_KEYS.adminToken, 'admin');
    let approved = false;
    const network = stubFetch(
      adminRoutes({
        'GET /api/admin/payment-requests': () => jsonResponse(200, [request(approved ? { status: 'approved' } : {})]),
        'POST /api/admin/update-payment': () => {
          approved = true;
          return jsonResponse(200, { request: request({ status: 'approved' }), subscriptionExpiresAt: '2027-11-20T10:00:00.000Z' });
        },
      }),
    );
    const { user } = renderApp('/admin-panel');
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Payment updated')).toBeInTheDocument();
    expect(JSON.parse(network.callsTo('POST', '/api/admin/update-payment')[0]!.body)).toEqual({ id: 'p1', status: 'approved', userId: 'u2' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument());
  });

  it('when a decision fails, then Failed to update payment status. is shown', async () => {
    localStorage.setItem(STORAGE_KEYS.adminToken, 'admin');
    stubFetch(
      adminRoutes({
        'GET /api/admin/payment-requests': jsonResponse(200, [request()]),
        'POST /api/admin/update-payment': jsonResponse(409, { message: COMMERCE_MESSAGES.alreadyDecided }),
      }),
    );
    const { user } = renderApp('/admin-panel');
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Failed to update payment status.')).toBeInTheDocument();
  });

  it('when payment requests are open, then they are asked for again every 30 seconds', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    localStorage.setItem(STORAGE_KEYS.adminToken, 'admin');
    const network = stubFetch(adminRoutes({ 'GET /api/admin/payment-requests': jsonResponse(200, []) }));
    renderApp('/admin-panel');
    await waitFor(() => expect(network.callsTo('GET', '/api/admin/payment-requests')).toHaveLength(1));
    await act(async () => {
      jest.advanceTimersByTime(30_000);
    });
    await waitFor(() => expect(network.callsTo('GET', '/api/admin/payment-requests')).toHaveLength(2));
  });

  it('when the manual subscription form is sent without an e-mail, then the spec message is shown; with one, the months go along', async () => {
    localStorage.setItem(STORAGE_KEYS.adminToken, 'admin');
    const network = stubFetch(
      adminRoutes({
        'GET /api/admin/payment-requests': jsonResponse(200, []),
        'POST /api/admin/manual-subscription': jsonResponse(200, { userId: 'u2', userEmail: 'amara@stanford.edu', months: 3, subscriptionExpiresAt: '2027-02-20T10:00:00.000Z' }),
      }),
    );
    const { user } = renderApp('/admin-panel');
    await user.click(await screen.findByRole('button', { name: 'Grant Subscription' }));
    expect(await screen.findByText('Please enter a user email.')).toBeInTheDocument();
    expect(screen.getByLabelText('Duration')).toHaveValue('12');
    await user.type(screen.getByLabelText('User email'), 'amara@stanford.edu');
    await user.selectOptions(screen.getByLabelText('Duration'), '3');
    await user.click(screen.getByRole('button', { name: 'Grant Subscription' }));
    expect(await screen.findByText('Subscription updated')).toBeInTheDocument();
    expect(JSON.parse(network.callsTo('POST', '/api/admin/manual-subscription')[0]!.body)).toEqual({ userEmail: 'amara@stanford.edu', months: 3 });
  });

  it('when change college is sent without both choices, then the spec message is shown; with both, College changed', async () => {
    localStorage.setItem(STORAGE_KEYS.adminToken, 'admin');
    const network = stubFetch(
      adminRoutes({
        'GET /api/admin/payment-requests': jsonResponse(200, []),
        'POST /api/admin/change-college': jsonResponse(200, makeUser()),
      }),
    );
    const { user } = renderApp('/admin-panel');
    await user.click(await screen.findByRole('button', { name: 'Change College' }));
    expect(await screen.findByText('Please select both a user and college.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('User')).toContainHTML('Amara Diallo'));
    await user.selectOptions(screen.getByLabelText('User'), 'u2');
    await user.selectOptions(screen.getByLabelText('College'), 'c1');
    await user.click(screen.getByRole('button', { name: 'Change College' }));
    expect(await screen.findByText('College changed')).toBeInTheDocument();
    expect(JSON.parse(network.callsTo('POST', '/api/admin/change-college')[0]!.body)).toEqual({ userId: 'u2', collegeId: 'c1' });
  });
});
