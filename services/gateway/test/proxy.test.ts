import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import request from 'supertest';
import { type ServiceRuntime, writeBan } from '@quad/common';
import { createTestRuntime, destroyTestRuntime, testToken } from '@quad/common/src/testing';
import { createApp as createGatewayApp } from '../src/app';
import { type Config, loadGatewayConfig } from '../src/config';

/** What the proxy passes on and back, against a stand-in for forum (and auth) that answers as each test says. */
describe('gateway proxy', () => {
  let upstream: Server;
  let runtime: ServiceRuntime<Config>;
  let gateway: Express;
  let answer: (req: IncomingMessage, res: ServerResponse, body: Buffer) => void = (_req, res) => res.end('{}');

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => answer(req, res, Buffer.concat(chunks)));
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const standIn = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    const config = loadGatewayConfig({
      ...process.env,
      FORUM_URL: standIn,
      AUTH_URL: standIn,
      PROXY_TIMEOUT_MS: '300',
    });
    runtime = await createTestRuntime('gateway', config);
    gateway = createGatewayApp(runtime).app;
  });

  afterAll(async () => {
    upstream.closeAllConnections();
    upstream.close();
    await destroyTestRuntime(runtime);
  });

  test('when a client posts a body, then the service gets it, the headers and the client address, and not the hop-by-hop headers', async () => {
    let seen: { headers: IncomingMessage['headers']; body: string; url?: string } | undefined;
    answer = (req, res, body) => {
      seen = { headers: req.headers, body: body.toString(), url: req.url };
      res.setHeader('Content-Type', 'application/json');
      res.end('{"ok":true}');
    };
    const response = await request(gateway)
      .post('/api/posts?draft=1')
      .set('X-Request-Id', 'trace-proxy-1')
      .set('TE', 'trailers')
      .send({ title: 'Hello' });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true });
    expect(seen!.url).toBe('/api/posts?draft=1');
    expect(JSON.parse(seen!.body)).toEqual({ title: 'Hello' });
    expect(seen!.headers['content-type']).toMatch(/application\/json/);
    expect(seen!.headers['x-request-id']).toBe('trace-proxy-1');
    expect(seen!.headers['x-forwarded-for']).toMatch(/127\.0\.0\.1$/);
    expect(seen!.headers['x-forwarded-proto']).toBe('http');
    expect(seen!.headers.te).toBeUndefined();
  });

  test('when the service answers with a status, cookies and a long body, then the client gets all of it', async () => {
    const long = 'x'.repeat(3 * 1024 * 1024);
    answer = (_req, res) => {
      res.statusCode = 201;
      res.setHeader('Set-Cookie', ['a=1; Path=/', 'b=2; Path=/']);
      res.setHeader('X-Next-Cursor', 'abc');
      res.setHeader('Content-Type', 'text/plain');
      res.end(long);
    };
    const response = await request(gateway).get('/api/posts');

    expect(response.status).toBe(201);
    expect(response.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(response.headers['x-next-cursor']).toBe('abc');
    expect(response.text).toHaveLength(long.length);
    // The gateway's own headers stay.
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  test('when the service closes a pooled connection just as a request goes down it (its drain), then a GET is sent again and a POST answers a retryable 503, never a 502', async () => {
    // Each connection answers its first request and closes under the next, unanswered: what a
    // draining service's sweep of idle connections does to a request already on its way.
    const served = new WeakMap<object, number>();
    answer = (req, res) => {
      const count = (served.get(req.socket) ?? 0) + 1;
      served.set(req.socket, count);
      if (count > 1) {
        req.socket.destroy();
        return;
      }
      res.setHeader('Content-Type', 'application/json');
      res.end('{"ok":true}');
    };
    try {
      expect((await request(gateway).get('/api/posts')).status).toBe(200);
      const again = await request(gateway).get('/api/posts');
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ ok: true });
      const posted = await request(gateway).post('/api/posts').send({ title: 'Hello' });
      expect(posted.status).toBe(503);
      expect(posted.headers['retry-after']).toBe('1');
      expect(posted.body).toEqual({ message: 'The forum service is unavailable. Please try again shortly.' });
    } finally {
      answer = (_req, res) => res.end('{}');
    }
  });

  test('when the service does not answer in time, then the client gets a JSON 504', async () => {
    answer = () => undefined;
    const response = await request(gateway).get('/api/posts');

    expect(response.status).toBe(504);
    expect(response.body.message).toMatch(/forum service is unavailable/);
  });

  test('when a banned student calls, then the gateway answers the suspension itself, except for logout', async () => {
    const userId = `banned-${Date.now().toString(36)}`;
    const token = testToken({ userId, collegeId: '1' });
    await writeBan(runtime.redis, userId, { reason: 'spam', expiresAt: null });
    let reached = 0;
    answer = (_req, res) => {
      reached += 1;
      res.end('{}');
    };

    const refused = await request(gateway).get('/api/posts').set('Authorization', `Bearer ${token}`);
    const logout = await request(gateway).post('/api/logout').set('Authorization', `Bearer ${token}`);

    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: 'Account suspended', reason: 'spam' });
    expect(logout.status).toBe(200);
    // Only the logout reached a service.
    expect(reached).toBe(1);
  });
});
