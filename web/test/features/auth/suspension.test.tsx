import { STORAGE_KEYS, SUPPORT_EMAIL } from '@quad/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiError } from '../../../src/api/api-error';
import { DEFAULT_SUSPENSION_REASON, parseSuspension } from '../../../src/lib/auth/suspension';
import { jsonResponse, stubFetch } from '../../utils/fetch-stub';
import { renderApp } from '../../utils/render';

const suspendedBody = { message: 'Account suspended', reason: 'Spamming the boards', expiresAt: '2030-05-01T12:00:00.000Z' };

function apiError(status: number, body: string): ApiError {
  return { status, body, message: `${status}: ${body}` };
}

describe('parseSuspension', () => {
  it('when the error is the 403 suspension message, then reason and expiry are read from its JSON', () => {
    expect(parseSuspension(apiError(403, JSON.stringify(suspendedBody)))).toEqual({
      reason: 'Spamming the boards',
      expiresAt: '2030-05-01T12:00:00.000Z',
    });
  });

  it('when the body has no reason or expiry, then the default reason applies and expiry is open', () => {
    expect(parseSuspension(apiError(403, '{"message":"Account suspended","expiresAt":null}'))).toEqual({
      reason: DEFAULT_SUSPENSION_REASON,
      expiresAt: null,
    });
    expect(DEFAULT_SUSPENSION_REASON).toBe('Violation of community guidelines');
  });

  it('when the message mentions the suspension but the JSON is broken, then it still counts as banned', () => {
    expect(parseSuspension(new Error('403: Account suspended {oops'))).toEqual({ reason: DEFAULT_SUSPENSION_REASON, expiresAt: null });
  });

  it('when the error is anything else, then there is no suspension', () => {
    expect(parseSuspension(apiError(403, '{"message":"Forbidden"}'))).toBeNull();
    expect(parseSuspension(apiError(500, ''))).toBeNull();
    expect(parseSuspension(undefined)).toBeNull();
  });
});

describe('Suspension screen', () => {
  beforeEach(() => localStorage.clear());

  it('when the current user fetch answers 403 Account suspended, then only the suspension screen shows', async () => {
    stubFetch({ 'GET /api/auth/user': jsonResponse(403, suspendedBody) });
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Account Suspended' })).toBeInTheDocument();
    expect(screen.getByText('Spamming the boards')).toBeInTheDocument();
    expect(screen.getByText((_, node) => node?.tagName === 'TIME' && node.getAttribute('datetime') === suspendedBody.expiresAt)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', expect.stringContaining(`mailto:${SUPPORT_EMAIL}`));
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    expect(screen.queryByText('Unauthorized')).not.toBeInTheDocument();
  });

  it('when the suspended student asks for their data, then the zip is fetched with their token, and a failure says why', async () => {
    localStorage.setItem(STORAGE_KEYS.userToken, 'suspended-token');
    const zip = new Response(new Blob(['PK']), {
      status: 200,
      headers: { 'Content-Type': 'application/zip', 'Content-Disposition': 'attachment; filename="quad-export-2026-11-26.zip"' },
    });
    let answer: Response = zip;
    const stub = stubFetch({ 'GET /api/auth/user': jsonResponse(403, suspendedBody), 'GET /api/account/export': () => answer.clone() });
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:export'), revokeObjectURL: jest.fn() });
    const clicked = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderApp('/');
    const button = await screen.findByRole('button', { name: 'Download your data' });
    await userEvent.click(button);
    await screen.findByRole('button', { name: 'Download your data' });
    const [call] = stub.callsTo('GET', '/api/account/export');
    expect(call!.query.get('format')).toBe('zip');
    expect(call!.headers.get('Authorization')).toBe('Bearer suspended-token');
    expect(clicked).toHaveBeenCalled();

    answer = jsonResponse(503, { message: 'Your download could not be put together right now. Please try again in a moment.' });
    await userEvent.click(screen.getByRole('button', { name: 'Download your data' }));
    expect(await screen.findByText('Your download could not be put together right now. Please try again in a moment.')).toBeInTheDocument();
    clicked.mockRestore();
  });

  it('when the suspension has no reason, then the default reason is shown', async () => {
    stubFetch({ 'GET /api/auth/user': jsonResponse(403, { message: 'Account suspended', expiresAt: null }) });
    renderApp('/');
    expect(await screen.findByText('Violation of community guidelines')).toBeInTheDocument();
    expect(screen.getByText('Until further notice')).toBeInTheDocument();
  });
});
