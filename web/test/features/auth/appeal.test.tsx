import type { Appeal, MyAppealResponse } from '@quad/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { makeUser } from '../../fixtures';
import { jsonResponse, stubFetch, type RouteHandler } from '../../utils/fetch-stub';
import { renderApp } from '../../utils/render';
import { makePost, renderHome } from '../forum/forum-fixtures';

const suspendedBody = { message: 'Account suspended', reason: 'Spamming the boards', expiresAt: '2030-05-01T12:00:00.000Z' };
const suspension = { banId: 'u1:0', reason: 'Spamming the boards', banUntil: suspendedBody.expiresAt };
const appeal = (overrides: Partial<Appeal> = {}): Appeal => ({
  id: 'u1:0',
  banId: 'u1:0',
  userId: 'u1',
  message: 'It was a misunderstanding.',
  status: 'pending',
  response: null,
  createdAt: '2026-11-22T10:00:00.000Z',
  decidedAt: null,
  ...overrides,
});

function renderSuspended(state: MyAppealResponse, routes: Record<string, RouteHandler | Response> = {}) {
  const network = stubFetch({
    'GET /api/auth/user': jsonResponse(403, suspendedBody),
    'GET /api/appeals/mine': jsonResponse(200, state),
    ...routes,
  });
  return { ...renderApp('/'), network };
}

beforeEach(() => localStorage.clear());

describe('Suspension screen appeals', () => {
  it('when the student has not appealed, then the form asks why, refuses a blank appeal and sends a written one', async () => {
    let sent = false;
    const { user, network } = renderSuspended(
      { suspension, appeal: null },
      {
        'POST /api/appeals': () => {
          sent = true;
          return jsonResponse(201, appeal());
        },
        'GET /api/appeals/mine': () => jsonResponse(200, { suspension, appeal: sent ? appeal() : null }),
      },
    );
    const form = within(await screen.findByRole('form', { name: 'Appeal this suspension' }));
    await user.click(form.getByRole('button', { name: 'Send Appeal' }));
    expect(await screen.findByText('Please explain why the suspension should be lifted.')).toBeInTheDocument();
    expect(network.callsTo('POST', '/api/appeals')).toHaveLength(0);

    await user.type(form.getByLabelText('Why should the suspension be lifted?'), '  It was a misunderstanding.  ');
    await user.click(form.getByRole('button', { name: 'Send Appeal' }));
    expect(await screen.findByText('Appeal sent')).toBeInTheDocument();
    expect(JSON.parse(network.callsTo('POST', '/api/appeals')[0]!.body)).toEqual({ message: 'It was a misunderstanding.' });
    expect(await screen.findByRole('heading', { name: 'Appeal under review' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Appeal this suspension' })).not.toBeInTheDocument();
  });

  it('when the appeal was declined, then the moderators’ message is shown and no new appeal can be sent', async () => {
    renderSuspended({ suspension, appeal: appeal({ status: 'declined', response: 'The posts were clearly spam.', decidedAt: '2026-11-23T09:00:00.000Z' }) });
    expect(await screen.findByRole('heading', { name: 'Appeal declined' })).toBeInTheDocument();
    expect(screen.getByText('The posts were clearly spam.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send Appeal' })).not.toBeInTheDocument();
  });

  it('when the appeal was accepted, then Continue to Quad fetches the user again and the app returns', async () => {
    let lifted = false;
    const { user } = renderSuspended(
      { suspension: null, appeal: appeal({ status: 'accepted', decidedAt: '2026-11-23T09:00:00.000Z' }) },
      {
        'GET /api/auth/user': () => (lifted ? jsonResponse(200, makeUser()) : jsonResponse(403, suspendedBody)),
        'GET /api/topics': jsonResponse(200, []),
        'GET /api/user/stats': jsonResponse(200, { totalPosts: 1 }),
      },
    );
    expect(await screen.findByRole('heading', { name: 'Appeal accepted' })).toBeInTheDocument();
    lifted = true;
    await user.click(screen.getByRole('button', { name: 'Continue to Quad' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Account Suspended' })).not.toBeInTheDocument());
  });
});

describe('A ban while the app is open', () => {
  it('when any call answers 403 Account suspended, then the session is fetched again and the suspension screen replaces the app', async () => {
    let banned = false;
    const { user } = renderHome({
      posts: [makePost({ id: 'p1', title: 'Study group for finals' })],
      routes: {
        'GET /api/auth/user': () => (banned ? jsonResponse(403, suspendedBody) : jsonResponse(200, makeUser())),
        'GET /api/comments': jsonResponse(403, suspendedBody),
        'GET /api/appeals/mine': jsonResponse(200, { suspension, appeal: null }),
      },
    });
    const card = within(await screen.findByRole('article', { name: 'Study group for finals' }));
    banned = true;
    await user.click(card.getByRole('button', { name: /Comment/ }));
    expect(await screen.findByRole('heading', { name: 'Account Suspended' })).toBeInTheDocument();
    expect(screen.getByText('Spamming the boards')).toBeInTheDocument();
  });
});
