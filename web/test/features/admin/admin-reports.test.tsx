import { STORAGE_KEYS, type AdminReport, type BannedUser } from '@quad/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { makeUser } from '../../fixtures';
import { jsonResponse, stubFetch, type RouteHandler } from '../../utils/fetch-stub';
import { renderApp } from '../../utils/render';

const admin = makeUser({ id: 'admin1', firstName: 'Anonymous', lastName: 'Admin', isAdmin: true, isAnonymousAdmin: true });
const person = (id: string, firstName: string, lastName: string) => ({ id, firstName, lastName, email: `${firstName.toLowerCase()}@mit.edu` });

const spamReport: AdminReport = {
  id: 'r1',
  type: 'post',
  contentId: 'p1',
  reason: 'Spam',
  description: 'Selling essays',
  status: 'pending',
  createdAt: '2026-11-20T10:00:00.000Z',
  resolvedAt: null,
  reportedUserId: 'u2',
  reportedUser: person('u2', 'Mallory', 'Jones'),
  authorHidden: false,
  reporter: person('u1', 'Ada', 'Lovelace'),
  resolvedBy: null,
  resolvedByAdmin: null,
  contentRemoved: false,
  message: null,
};
const anonymousReport: AdminReport = {
  ...spamReport,
  id: 'r2',
  contentId: 'p2',
  reason: 'Harassment',
  description: null,
  reportedUserId: null,
  reportedUser: null,
  authorHidden: true,
};
const ban: BannedUser = {
  id: 'u3:0',
  userId: 'u3',
  user: person('u3', 'Trent', 'Smith'),
  bannedBy: 'admin1',
  bannedByAdmin: { id: 'admin1', firstName: 'Grace', lastName: 'Hopper', email: 'grace@quad.test' },
  banUntil: '2026-11-25T10:00:00.000Z',
  reason: 'Harassment',
  createdAt: '2026-11-22T10:00:00.000Z',
  appeal: {
    id: 'u3:0',
    banId: 'u3:0',
    userId: 'u3',
    message: 'I apologise, it will not happen again.',
    status: 'pending',
    response: null,
    createdAt: '2026-11-22T12:00:00.000Z',
    decidedAt: null,
  },
};

function renderReports(routes: Record<string, RouteHandler | Response> = {}) {
  const network = stubFetch({
    'GET /api/auth/user': jsonResponse(200, admin),
    'GET /api/admin/reports': (request) =>
      jsonResponse(200, new URL(request.url, 'http://localhost').searchParams.get('status') === 'pending' ? [spamReport, anonymousReport] : []),
    'GET /api/admin/banned-users': jsonResponse(200, [ban]),
    ...routes,
  });
  return { ...renderApp('/admin-reports'), network };
}

const bodyOf = (network: ReturnType<typeof stubFetch>, method: string, path: string) => JSON.parse(network.callsTo(method, path)[0]!.body);

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(STORAGE_KEYS.userDevice, 'desktop');
  localStorage.setItem(STORAGE_KEYS.adminToken, 'admin-token');
});

describe('Reports & Bans', () => {
  it('when there is no admin token in storage, then Access Denied is shown and the page sends the user to /admin-panel', async () => {
    localStorage.removeItem(STORAGE_KEYS.adminToken);
    localStorage.setItem(STORAGE_KEYS.userToken, 'user-token');
    renderReports({ 'GET /api/auth/user': jsonResponse(200, makeUser()) });
    expect(await screen.findByText('Access Denied')).toBeInTheDocument();
    expect(screen.getByText('Admin access required')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin-panel'));
  });

  it('when the page opens, then the three tabs show with pending reports naming reporter and reported user', async () => {
    renderReports();
    expect(await screen.findByRole('heading', { name: 'Reports & Bans' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Pending Reports/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Resolved Reports' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Banned Users/ })).toBeInTheDocument();
    const card = within(await screen.findByRole('listitem', { name: 'Post reported for Spam' }));
    expect(card.getByText('Selling essays')).toBeInTheDocument();
    expect(card.getByText(/Mallory Jones/)).toBeInTheDocument();
    expect(card.getByText('Ada Lovelace')).toBeInTheDocument();
    // Anonymous content: no name and no ban until revealed.
    const anonymous = within(screen.getByRole('listitem', { name: 'Post reported for Harassment' }));
    expect(anonymous.getByText('Anonymous author')).toBeInTheDocument();
    expect(anonymous.queryByRole('button', { name: 'Ban User' })).not.toBeInTheDocument();
  });

  it('when an admin resolves a report with removal, then resolve is sent with removeContent and Report resolved is shown', async () => {
    const { user, network } = renderReports({ 'POST /api/admin/reports/r1/resolve': jsonResponse(200, { ...spamReport, status: 'resolved' }) });
    const card = within(await screen.findByRole('listitem', { name: 'Post reported for Spam' }));
    await user.click(card.getByRole('button', { name: 'Resolve' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Resolve Report' }));
    expect(dialog.getByLabelText('Remove this post from Quad')).toBeChecked();
    await user.click(dialog.getByRole('button', { name: 'Resolve Report' }));
    expect(await screen.findByText('Report resolved')).toBeInTheDocument();
    expect(bodyOf(network, 'POST', '/api/admin/reports/r1/resolve')).toEqual({ action: 'resolved', removeContent: true });
  });

  it('when an admin dismisses a report and the call fails, then Failed to resolve report is shown', async () => {
    const { user, network } = renderReports({ 'POST /api/admin/reports/r1/resolve': jsonResponse(500, { message: 'Internal server error' }) });
    const card = within(await screen.findByRole('listitem', { name: 'Post reported for Spam' }));
    await user.click(card.getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText('Failed to resolve report')).toBeInTheDocument();
    expect(bodyOf(network, 'POST', '/api/admin/reports/r1/resolve')).toEqual({ action: 'dismissed' });
  });

  it('when an admin bans the reported user, then the dialog defaults to 24 hours, needs a reason, and sends the ban', async () => {
    const { user, network } = renderReports({ 'POST /api/admin/ban-user': jsonResponse(201, ban) });
    const card = within(await screen.findByRole('listitem', { name: 'Post reported for Spam' }));
    await user.click(card.getByRole('button', { name: 'Ban User' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Ban User' }));
    const duration = dialog.getByLabelText('Ban duration') as HTMLSelectElement;
    expect(duration.value).toBe('24');
    expect([...duration.options].map((option) => option.value)).toEqual(['1', '6', '24', '72', '168', '720']);
    await user.clear(dialog.getByLabelText('Reason'));
    await user.click(dialog.getByRole('button', { name: 'Ban User' }));
    expect(await screen.findByText('Please enter a reason for the ban.')).toBeInTheDocument();
    expect(network.callsTo('POST', '/api/admin/ban-user')).toHaveLength(0);
    await user.type(dialog.getByLabelText('Reason'), 'Spamming the boards');
    await user.selectOptions(duration, '72');
    await user.click(dialog.getByRole('button', { name: 'Ban User' }));
    expect(await screen.findByText('User banned')).toBeInTheDocument();
    expect(bodyOf(network, 'POST', '/api/admin/ban-user')).toEqual({ userId: 'u2', reason: 'Spamming the boards', banDuration: 72 });
  });

  it('when a ban fails, then Failed to ban user is shown with the server message', async () => {
    const { user } = renderReports({ 'POST /api/admin/ban-user': jsonResponse(403, { message: 'Admins cannot be banned.' }) });
    const card = within(await screen.findByRole('listitem', { name: 'Post reported for Spam' }));
    await user.click(card.getByRole('button', { name: 'Ban User' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Ban User' })).getByRole('button', { name: 'Ban User' }));
    expect(await screen.findByText('Failed to ban user')).toBeInTheDocument();
    expect(screen.getByText('Admins cannot be banned.')).toBeInTheDocument();
  });

  it('when an admin reveals an anonymous author, then a written reason is required and the author can then be banned', async () => {
    const { user, network } = renderReports({
      'POST /api/admin/reveal': jsonResponse(200, { type: 'post', contentId: 'p2', author: person('u9', 'Eve', 'Hidden') }),
    });
    const card = within(await screen.findByRole('listitem', { name: 'Post reported for Harassment' }));
    await user.click(card.getByRole('button', { name: 'Reveal Author' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Reveal Anonymous Author' }));
    await user.type(dialog.getByLabelText('Reason for revealing'), 'because');
    await user.click(dialog.getByRole('button', { name: 'Reveal Author' }));
    expect(await screen.findByText('Reason required')).toBeInTheDocument();
    expect(network.callsTo('POST', '/api/admin/reveal')).toHaveLength(0);
    await user.type(dialog.getByLabelText('Reason for revealing'), ' of threats against a classmate');
    await user.click(dialog.getByRole('button', { name: 'Reveal Author' }));
    expect(await screen.findByText('Author revealed')).toBeInTheDocument();
    expect(bodyOf(network, 'POST', '/api/admin/reveal')).toEqual({ type: 'post', contentId: 'p2', reason: 'because of threats against a classmate' });
    expect(card.getByText(/Eve Hidden/)).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Ban User' })).toBeInTheDocument();
  });

  it('when the Banned Users tab shows a ban with a pending appeal, then accept, decline (with a message) and unban are sent', async () => {
    const { user, network } = renderReports({
      'POST /api/admin/appeals/u3%3A0/decide': jsonResponse(200, { ...ban.appeal, status: 'accepted' }),
      'DELETE /api/admin/unban-user/u3': jsonResponse(200, { message: 'User unbanned' }),
    });
    await user.click(await screen.findByRole('tab', { name: /Banned Users/ }));
    const card = within(await screen.findByRole('listitem', { name: 'Ban of Trent Smith' }));
    expect(card.getByText('I apologise, it will not happen again.')).toBeInTheDocument();
    expect(card.getByText('Appeal pending')).toBeInTheDocument();

    await user.click(card.getByRole('button', { name: 'Decline' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Decline Appeal' }));
    await user.click(dialog.getByRole('button', { name: 'Decline Appeal' }));
    expect(await screen.findByText('Please write a message to the student explaining the decision.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));

    await user.click(card.getByRole('button', { name: 'Accept Appeal' }));
    expect(await screen.findByText('Appeal accepted')).toBeInTheDocument();
    expect(bodyOf(network, 'POST', '/api/admin/appeals/u3%3A0/decide')).toEqual({ decision: 'accepted' });

    await user.click(card.getByRole('button', { name: 'Unban' }));
    expect(await screen.findByText('User unbanned')).toBeInTheDocument();
    expect(network.callsTo('DELETE', '/api/admin/unban-user/u3')).toHaveLength(1);
  });

  it('when the lists cannot be fetched, then the spec failure texts are shown', async () => {
    const { user } = renderReports({
      'GET /api/admin/reports': jsonResponse(500, {}),
      'GET /api/admin/banned-users': jsonResponse(500, {}),
    });
    expect(await screen.findByText('Failed to fetch reports')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /Banned Users/ }));
    expect(await screen.findByText('Failed to fetch banned users')).toBeInTheDocument();
  });
});
