import { serverMessage, toApiError } from '../../src/api/api-error';

describe('toApiError', () => {
  it('when the server answers with a body, then the message is "<status>: <body text>"', () => {
    const error = toApiError({ status: 403, data: '{"message":"Account suspended","reason":"Spam","expiresAt":null}' });
    expect(error.message).toBe('403: {"message":"Account suspended","reason":"Spam","expiresAt":null}');
    expect(error.status).toBe(403);
  });

  it('when the body is empty, then the status text is used', () => {
    const response = new Response(null, { status: 502, statusText: 'Bad Gateway' });
    expect(toApiError({ status: 502, data: '' }, response).message).toBe('502: Bad Gateway');
  });

  it('when the network fails, then the fetch error is the message', () => {
    expect(toApiError({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }).message).toBe('TypeError: Failed to fetch');
  });
});

describe('serverMessage', () => {
  it('when the body is {message}, then that message is returned', () => {
    expect(serverMessage({ status: 400, body: '{"message":"Bad year"}', message: '400: {"message":"Bad year"}' })).toBe('Bad year');
  });

  it('when the body is plain text, then the text is the message; HTML pages are not', () => {
    expect(serverMessage({ status: 400, body: 'Nope', message: '400: Nope' })).toBe('Nope');
    expect(serverMessage({ status: 502, body: '<html>…</html>', message: '502: <html>…</html>' })).toBeUndefined();
    expect(serverMessage(new Error('x'))).toBeUndefined();
  });
});
