import { COMMERCE_MESSAGES, NEXT_CURSOR_HEADER, STORAGE_KEYS, TOTAL_COUNT_HEADER, type AdminUser, type PaymentRequest } from '@quad/contracts';
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
    decidedBy: null,
    ...overrides,
  };
}

const users: AdminUser[] = [
  { id: 'u2', firstName: 'Amara', lastName: 'Diallo', email: 'amara@stanford.edu', college: 'Stanford University', collegeId: 'c2', isAdmin: false, subscriptionExpiresAt: null, subscriptionState: 'none', isBanned: false, createdAt: '2026-11-01T00:00:00.000Z' },
  { id: 'u3', firstName: 'Maya', lastName: 'Chen', email: 'maya@mit.edu', college: 'Massachusetts Institute of Technology', collegeId: 'c1', isAdmin: false, subscriptionExpiresAt: '2099-01-01T00:00:00.000Z', subscriptionState: 'active', isBanned: true, createdAt: '2026-10-01T00:00:00.000Z' },
];

/** An admin list's answer: rows, and the paging headers the server sends. */
function page(rows: unknown[], headers: { next?: string; total?: number } = {}): Response {
  return new Response(JSON.stringify(rows), {
    status: 200,
    headers: {
      'Content-Type': 'application/json',
      ...(headers.next ? { [NEXT_CURSOR_HEADER]: headers.next } : {}),
      ...(headers.total !== undefined ? { [TOTAL_COUNT_HEADER]: String(headers.total) } : {}),
    },
  });
}

function adminRoutes(extra: Record<string, Response | ((request: Request) => Response)> = {}) {
  return {
    'GET /api/auth/user': jsonResponse(200, admin),
    'GET /api/admin/users': page(users, { total: 2 }),
    'GET /api/colleges': jsonResponse(200, [
      { id: 'c1', name: 'Massachusetts Institute of Technology', initials: 'MIT' },
      { id: 'c2', name: 'Stanford University', initials: 'SU' },
    ]),
    'GET /api/admin/audit-log': page([
      {
        id: 'a1',
        adminId: 'admin2',
        admin: { id: 'admin2', firstName: 'Grace', lastName: 'Hopper', email: 'grace@quad.test' },
        action: 'subscription.granted',
        targetUserId: 'u3',
        targetUser: { id: 'u3', firstName: 'Maya', lastName: 'Chen', email: 'maya@mit.edu' },
        targetId: null,
        reason: null,
        details: { months: 12 },
        at: '2026-11-21T10:00:00.000Z',
      },
    ]),
    'GET /api/admin/payment-requests': page([]),
    ...extra,
  };
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(STORAGE_KEYS.userDevice, 'desktop');
  localStorage.setItem(STORAGE_KEYS.adminToken, 'admin');
});

afterEach(() => {
  jest.useRealTimers();
});

describe('Admin panel', () => {
  it('when a student opens it, then Access Denied / Admin access required is shown and no admin data is asked for', async () => {
    localStorage.clear();
    localStorage.setItem(STORAGE_KEYS.userToken, 'student');
    const network = stubFetch({ 'GET /api/auth/user': jsonResponse(200, makeUser()) });
    renderApp('/admin-panel');
    expect(await screen.findAllByText('Access Denied')).not.toHaveLength(0);
    expect(screen.getAllByText('Admin access required').length).toBeGreaterThan(0);
    expect(network.callsTo('GET', '/api/admin/payment-requests')).toHaveLength(0);
  });

  it('when an admin opens it, then payment requests are a table, pending ones decidable, decided ones with their approver, and the pending count on the tab', async () => {
    stubFetch(
      adminRoutes({
        'GET /api/admin/payment-requests': (req) =>
          new URL(req.url, 'http://localhost').searchParams.get('status') === 'pending'
            ? page([request()], { total: 3 })
            : page(
                [
                  request(),
                  request({ id: 'p0', status: 'approved', user: { id: 'u3', firstName: 'Maya', lastName: 'Chen' }, decidedAt: '2026-11-19T10:00:00.000Z', decidedBy: { id: 'admin2', name: 'Grace Hopper' } }),
                ],
                { total: 2 },
              ),
      }),
    );
    renderApp('/admin-panel');
    const table = await screen.findByRole('table', { name: 'Payment requests' });
    const pending = within(table).getByRole('row', { name: 'Payment request from Amara Diallo' });
    expect(within(pending).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(within(pending).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    const decided = within(table).getByRole('row', { name: 'Payment request from Maya Chen' });
    expect(within(decided).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(within(decided).getByText('Grace Hopper')).toBeInTheDocument();
    expect(await screen.findByText('3 pending')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Payments/ })).toHaveTextContent('3');

    expect(screen.getByRole('link', { name: /Reports & Bans/ })).toHaveAttribute('href', '/admin-reports');
    expect(screen.getByRole('link', { name: /Subscription Settings/ })).toHaveAttribute('href', '/subscription-settings');
  });

  it('when the users tab is opened from a link with a search, then the server is asked for that search and the table shows its page', async () => {
    const network = stubFetch(adminRoutes({ 'GET /api/admin/users': page([users[1]], { total: 2000 }) }));
    renderApp('/admin-panel?tab=users&q=maya&college=c1');
    const table = await screen.findByRole('table', { name: 'All users' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByText('Banned')).toBeInTheDocument();
    expect(screen.getByLabelText('Search users')).toHaveValue('maya');
    expect(screen.getByText(/2,000 accounts/)).toBeInTheDocument();
    const call = network.callsTo('GET', '/api/admin/users').at(-1)!;
    expect(Object.fromEntries(call.query)).toEqual({ search: 'maya', college: 'c1', limit: '50' });
  });

  it('when an admin types a search and pages on, then each goes to the server: the search, then the next cursor', async () => {
    const network = stubFetch(
      adminRoutes({
        'GET /api/admin/users': (req) => (new URL(req.url, 'http://localhost').searchParams.get('cursor') ? page([users[0]], { total: 2 }) : page([users[1]], { next: 'CURSOR-2', total: 2 })),
      }),
    );
    const { user } = renderApp('/admin-panel?tab=users');
    await screen.findByRole('table', { name: 'All users' });
    await user.type(screen.getByLabelText('Search users'), 'chen');
    await waitFor(() => expect(network.callsTo('GET', '/api/admin/users').some((call) => call.query.get('search') === 'chen')).toBe(true));

    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(network.callsTo('GET', '/api/admin/users').at(-1)!.query.get('cursor')).toBe('CURSOR-2'));
    expect(await screen.findByText('Amara Diallo')).toBeInTheDocument();
    expect(screen.getByText(/Page 2/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Maya Chen')).toBeInTheDocument();
  });

  it('when a search finds nobody, then the empty state says so', async () => {
    stubFetch(adminRoutes({ 'GET /api/admin/users': page([], { total: 2 }) }));
    renderApp('/admin-panel?tab=users&q=zzz');
    expect(await screen.findByText('No users found')).toBeInTheDocument();
  });

  it('when a request is approved, then it is sent with id, status and userId and Payment updated is shown', async () => {
    let approved = false;
    const network = stubFetch(
      adminRoutes({
        'GET /api/admin/payment-requests': () => page([request(approved ? { status: 'approved' } : {})]),
        'POST /api/admin/update-payment': () => {
          approved = true;
          return jsonResponse(200, { request: request({ status: 'approved' }), subscriptionExpiresAt: '2027-11-20T10:00:00.000Z' });
        },
      }),
    );
    const { user } = renderApp('/admin-panel');
    await user.click((await screen.findAllByRole('button', { name: 'Approve' }))[0]!);
    expect(await screen.findByText('Payment updated')).toBeInTheDocument();
    expect(JSON.parse(network.callsTo('POST', '/api/admin/update-payment')[0]!.body)).toEqual({ id: 'p1', status: 'approved', userId: 'u2' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument());
  });

  it('when a decision fails, then Failed to update payment status. is shown with the server’s reason', async () => {
    stubFetch(
      adminRoutes({
        'GET /api/admin/payment-requests': () => page([request()]),
        'POST /api/admin/update-payment': jsonResponse(409, { message: COMMERCE_MESSAGES.payerDeleted }),
      }),
    );
    const { user } = renderApp('/admin-panel');
    await user.click((await screen.findAllByRole('button', { name: 'Approve' }))[0]!);
    expect(await screen.findByText(`Failed to update payment status. ${COMMERCE_MESSAGES.payerDeleted}`)).toBeInTheDocument();
  });

  it('when payment requests are open, then they are asked for again every 30 seconds', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const network = stubFetch(adminRoutes());
    renderApp('/admin-panel');
    const listCalls = () => network.callsTo('GET', '/api/admin/payment-requests').filter((call) => call.query.get('status') !== 'pending');
    await waitFor(() => expect(listCalls()).toHaveLength(1));
    await act(async () => {
      jest.advanceTimersByTime(30_000);
    });
    await waitFor(() => expect(listCalls()).toHaveLength(2));
  });

  it('when the audit log tab is opened, then each action names the admin who did it and the user it was done to', async () => {
    stubFetch(adminRoutes());
    renderApp('/admin-panel?tab=audit');
    const audit = await screen.findByRole('table', { name: 'Audit log' });
    expect(within(audit).getByText('Granted subscription (12 months)')).toBeInTheDocument();
    expect(within(audit).getByText('Grace Hopper')).toBeInTheDocument();
    expect(within(audit).getByText('Maya Chen')).toBeInTheDocument();
  });

  it('when the manual subscription form is sent without an e-mail, then the spec message is shown; with one, the months go along', async () => {
    const network = stubFetch(
      adminRoutes({
        'POST /api/admin/manual-subscription': jsonResponse(200, { userId: 'u2', userEmail: 'amara@stanford.edu', months: 3, subscriptionExpiresAt: '2027-02-20T10:00:00.000Z' }),
      }),
    );
    const { user } = renderApp('/admin-panel?tab=tools');
    await user.click(await screen.findByRole('button', { name: 'Grant Subscription' }));
    expect(await screen.findByText('Please enter a user email.')).toBeInTheDocument();
    expect(screen.getByLabelText('Duration')).toHaveValue('12');
    await user.type(screen.getByLabelText('User email'), 'amara@stanford.edu');
    await user.selectOptions(screen.getByLabelText('Duration'), '3');
    await user.click(screen.getByRole('button', { name: 'Grant Subscription' }));
    expect(await screen.findByText('Subscription updated')).toBeInTheDocument();
    expect(JSON.parse(network.callsTo('POST', '/api/admin/manual-subscription')[0]!.body)).toEqual({ userEmail: 'amara@stanford.edu', months: 3 });
  });

  it('when change college is sent without both choices, then the spec message is shown; a student found by search can be moved', async () => {
    const network = stubFetch(adminRoutes({ 'POST /api/admin/change-college': jsonResponse(200, makeUser()) }));
    const { user } = renderApp('/admin-panel?tab=tools');
    await user.click(await screen.findByRole('button', { name: 'Change College' }));
    expect(await screen.findByText('Please select both a user and college.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Find a student'), 'amara');
    await waitFor(() => expect(screen.getByLabelText('User')).toContainHTML('Amara Diallo'));
    expect(network.callsTo('GET', '/api/admin/users').at(-1)!.query.get('search')).toBe('amara');
    await user.selectOptions(screen.getByLabelText('User'), 'u2');
    await user.selectOptions(screen.getByLabelText('College'), 'c1');
    await user.click(screen.getByRole('button', { name: 'Change College' }));
    expect(await screen.findByText('College changed')).toBeInTheDocument();
    expect(JSON.parse(network.callsTo('POST', '/api/admin/change-college')[0]!.body)).toEqual({ userId: 'u2', collegeId: 'c1' });
  });
});
