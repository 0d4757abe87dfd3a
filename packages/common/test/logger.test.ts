import { Writable } from 'node:stream';
import { stripVTControlCharacters as strip } from 'node:util';
import express from 'express';
import request from 'supertest';
import { createLogger, httpLogger, loggableUrl, resolveLogFormat } from '../src';

/** A destination that keeps every line written to it. */
function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream, json: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('log format', () => {
  test('when on a terminal outside production, then auto means lines for people; JSON otherwise', () => {
    expect(resolveLogFormat('auto', { isTTY: true, production: false })).toBe('pretty');
    expect(resolveLogFormat('auto', { isTTY: true, production: true })).toBe('json');
    expect(resolveLogFormat('auto', { isTTY: false, production: false })).toBe('json');
    // A supervisor on a terminal (npm start) pipes its children's lines and asks for pretty.
    expect(resolveLogFormat('pretty', { isTTY: false, production: false })).toBe('pretty');
    expect(resolveLogFormat('json', { isTTY: true, production: false })).toBe('json');
  });

  test('when pretty, then a line names the service, the level and the message', () => {
    const out = capture();
    const logger = createLogger('forum', 'info', { format: 'pretty', destination: out.stream });

    logger.info({ port: 4002 }, 'forum listening');

    expect(out.lines).toHaveLength(1);
    expect(strip(out.lines[0]!)).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO \(forum\): forum listening \{"port":4002\}$/);
  });

  test('when json, then each line is one JSON object with the service name', () => {
    const out = capture();
    createLogger('chat', 'info', { format: 'auto', destination: out.stream }).warn('presence: renew failed');

    expect(out.json()[0]).toMatchObject({ name: 'chat', level: 40, msg: 'presence: renew failed' });
  });
});

describe('what reaches the log', () => {
  test('when an object carries passwords, tokens or e-mail addresses, then they are redacted', () => {
    const out = capture();
    const logger = createLogger('auth', 'info', { format: 'json', destination: out.stream });

    logger.info({ email: 'ada@mit.edu', body: { password: 'hunter22', adminPassword: 'x', email: 'b@mit.edu' }, token: 't' }, 'note');

    const [line] = out.json();
    expect(line).toMatchObject({
      email: '[redacted]',
      token: '[redacted]',
      body: { password: '[redacted]', adminPassword: '[redacted]', email: '[redacted]' },
    });
    expect(out.lines[0]).not.toMatch(/ada@|b@mit|hunter22/);
  });

  test('when an error quotes an e-mail address, then the logged error does not', () => {
    const out = capture();
    const logger = createLogger('auth', 'info', { format: 'json', destination: out.stream });
    const err = Object.assign(new Error('E11000 duplicate key error dup key: { accountKey: "ada.lovelace@mit.edu" }'), {
      keyValue: { accountKey: 'ada.lovelace@mit.edu' },
    });

    logger.error({ err }, 'request failed');

    expect(out.lines[0]).not.toContain('ada.lovelace@mit.edu');
    expect(out.json()[0]).toMatchObject({ err: { message: expect.stringContaining('[email]'), keyValue: { accountKey: '[email]' } } });
  });

  test('when a URL carries a search term or a token, then only the path and the harmless parameters are logged', () => {
    expect(loggableUrl('/api/posts?topicId=3&limit=20')).toBe('/api/posts?topicId=3&limit=20');
    expect(loggableUrl('/api/users/search?q=ada%40mit.edu&limit=5')).toBe('/api/users/search?q=[redacted]&limit=5');
    expect(loggableUrl('/ws?token=abc.def')).toBe('/ws?token=[redacted]');
  });

  test('when a signed-in request finishes, then its log carries the request id and user id, never the token', async () => {
    const out = capture();
    const logger = createLogger('forum', 'debug', { format: 'json', destination: out.stream });
    const app = express();
    app.use(httpLogger(logger));
    app.use((req, _res, next) => {
      req.auth = { userId: 'user-42', collegeId: null, isAdmin: false, jti: 'j', expiresAt: 0 } as never;
      req.log?.info('inside the handler');
      next();
    });
    app.get('/api/posts', (_req, res) => void res.json([]));

    await request(app).get('/api/posts?term=secret').set('Authorization', 'Bearer the.token.itself').set('X-Request-Id', 'trace-7');

    const [inside, finished] = out.json();
    expect(inside).toMatchObject({ reqId: 'trace-7', userId: 'user-42', msg: 'inside the handler' });
    expect(finished).toMatchObject({
      msg: 'request completed',
      reqId: 'trace-7',
      req: { method: 'GET', url: '/api/posts?term=[redacted]' },
      userId: 'user-42',
      res: { statusCode: 200 },
    });
    expect(out.lines.join('\n')).not.toContain('the.token.itself');
  });

  test('when pretty, then a finished request reads as method, path, status and time with its ids', async () => {
    const out = capture();
    const logger = createLogger('gateway', 'debug', { format: 'pretty', destination: out.stream });
    const app = express();
    app.use(httpLogger(logger));
    app.get('/api/topics', (_req, res) => void res.status(404).json({}));

    await request(app).get('/api/topics').set('X-Request-Id', 'trace-8');

    expect(strip(out.lines[0]!)).toMatch(/INFO \(gateway\): GET \/api\/topics 404 \d+ ms \(req trace-8\)$/);
  });
});
