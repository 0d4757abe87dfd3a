import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { SERVICES, type ServiceName } from '@quad/contracts';
import type { ServiceRuntime } from '@quad/common';
import { createTestRuntime, destroyTestRuntime } from '@quad/common/src/testing';
import { createApp as createAuthApp } from '@quad/auth/src/app';
import { createApp as createForumApp } from '@quad/forum/src/app';
import { createApp as createSocialApp } from '@quad/social/src/app';
import { createApp as createChatApp } from '@quad/chat/src/app';
import { loadServiceConfig as loadChatConfig } from '@quad/chat/src/config';
import { createApp as createCommerceApp } from '@quad/commerce/src/app';
import { createApp as createModerationApp } from '@quad/moderation/src/app';
import { createApp as createSearchApp } from '@quad/search/src/app';
import { createApp as createNotificationsApp } from '@quad/notifications/src/app';
import { loadServiceConfig as loadNotificationsConfig } from '@quad/notifications/src/config';
import { createApp as createGatewayApp } from '../src/app';
import { type Config, loadGatewayConfig } from '../src/config';

const SERVICE_APPS: Record<ServiceName, (rt: ServiceRuntime<never>) => import('express').Express> = {
  auth: createAuthApp as never,
  forum: createForumApp as never,
  social: createSocialApp as never,
  chat: createChatApp as never,
  commerce: createCommerceApp as never,
  moderation: createModerationApp as never,
  search: createSearchApp as never,
  notifications: createNotificationsApp as never,
};

/** Every call of spec section 7, with its method. */
const SPEC_CALLS: Array<[string, string, ServiceName]> = [
  ['GET', '/api/auth/user', 'auth'],
  ['GET', '/api/colleges', 'auth'],
  ['POST', '/api/login', 'auth'],
  ['POST', '/api/register', 'auth'],
  ['POST', '/api/register-admin', 'auth'],
  ['POST', '/api/logout', 'auth'],
  ['POST', '/api/complete-profile', 'auth'],
  ['GET', '/api/profile', 'auth'],
  ['GET', '/api/profile/posts', 'forum'],
  ['GET', '/api/profile/comments', 'forum'],
  ['POST', '/api/profile/update', 'auth'],
  ['GET', '/api/topics', 'forum'],
  ['GET', '/api/posts?topicId=1', 'forum'],
  ['GET', '/api/user/stats', 'forum'],
  ['POST', '/api/posts', 'forum'],
  ['PUT', '/api/posts/abc', 'forum'],
  ['DELETE', '/api/posts/abc', 'forum'],
  ['POST', '/api/posts/abc/view', 'forum'],
  ['GET', '/api/comments?postId=abc', 'forum'],
  ['POST', '/api/comments', 'forum'],
  ['PUT', '/api/comments/abc', 'forum'],
  ['DELETE', '/api/comments/abc', 'forum'],
  ['POST', '/api/reports', 'moderation'],
  ['POST', '/api/tutorial/complete', 'auth'],
  ['GET', '/api/friends', 'social'],
  ['GET', '/api/friend-requests', 'social'],
  ['GET', '/api/friends/suggestions', 'social'],
  ['GET', '/api/search/users?term=ada', 'social'],
  ['GET', '/api/users/search?q=ada', 'social'],
  ['POST', '/api/friend-requests', 'social'],
  ['POST', '/api/friend-requests/abc/accept', 'social'],
  ['POST', '/api/friend-requests/abc/reject', 'social'],
  ['DELETE', '/api/friends/abc', 'social'],
  ['POST', '/api/chats', 'chat'],
  ['GET', '/api/chats', 'chat'],
  ['GET', '/api/messages/abc', 'chat'],
  ['POST', '/api/messages', 'chat'],
  ['GET', '/api/subscription-status', 'commerce'],
  ['POST', '/api/cancel-subscription', 'commerce'],
  ['POST', '/api/create-subscription', 'commerce'],
  ['POST', '/api/payments/submit', 'commerce'],
  ['GET', '/api/ideas', 'forum'],
  ['POST', '/api/ideas', 'forum'],
  ['DELETE', '/api/ideas/abc', 'forum'],
  ['GET', '/api/polls/all', 'forum'],
  ['POST', '/api/polls', 'forum'],
  ['POST', '/api/polls/abc/vote', 'forum'],
  ['DELETE', '/api/polls/abc/vote', 'forum'],
  ['DELETE', '/api/polls/abc', 'forum'],
  ['GET', '/api/admin/payment-requests', 'commerce'],
  ['GET', '/api/admin/users', 'auth'],
  ['POST', '/api/admin/update-payment', 'commerce'],
  ['POST', '/api/admin/manual-subscription', 'commerce'],
  ['POST', '/api/admin/change-college', 'auth'],
  ['GET', '/api/admin/reports?status=pending', 'moderation'],
  ['GET', '/api/admin/banned-users', 'moderation'],
  ['POST', '/api/admin/reports/abc/resolve', 'moderation'],
  ['POST', '/api/admin/ban-user', 'moderation'],
  ['DELETE', '/api/admin/unban-user/abc', 'moderation'],
  ['GET', '/api/debug/session', 'auth'],
  ['GET', '/api/notifications', 'notifications'],
  ['GET', '/api/notifications/unread-count', 'notifications'],
  ['POST', '/api/notifications/read', 'notifications'],
  ['PUT', '/api/notifications/preferences', 'notifications'],
];

function listen(app: import('express').Express): Promise<Server> {
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => resolve(server));
  });
}
const urlOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

describe('gateway', () => {
  const runtimes: ServiceRuntime[] = [];
  const servers = new Map<ServiceName, Server>();
  let gatewayRuntime: ServiceRuntime<Config>;
  let gateway: import('express').Express;
  let internal: import('express').Express;

  beforeAll(async () => {
    const upstreams: Record<string, string> = {};
    for (const service of SERVICES) {
      // Chat makes its message limiter with its context, from its own settings; notifications its mailer.
      const own = service === 'chat' ? loadChatConfig() : service === 'notifications' ? loadNotificationsConfig() : undefined;
      const runtime = await createTestRuntime(service, own);
      runtimes.push(runtime);
      const server = await listen(SERVICE_APPS[service](runtime as never));
      servers.set(service, server);
      upstreams[`${service.toUpperCase()}_URL`] = urlOf(server);
    }
    const config = loadGatewayConfig({ ...process.env, ...upstreams });
    gatewayRuntime = await createTestRuntime('gateway', config);
    ({ app: gateway, internalApp: internal } = createGatewayApp(gatewayRuntime));
  });

  afterAll(async () => {
    for (const server of servers.values()) {
      server.closeAllConnections();
      server.close();
    }
    for (const runtime of [...runtimes, gatewayRuntime]) await destroyTestRuntime(runtime);
  });

  test.each(SPEC_CALLS)('when %s %s is called, then the route table sends it to %s', async (method, path, service) => {
    const response = await request(gateway)[method.toLowerCase() as 'get'](path);
    expect(response.headers['x-quad-service']).toBe(service);
    expect(response.status).not.toBe(502);
  });

  test('when an unknown /api path is called, then the answer is a JSON 404', async () => {
    const response = await request(gateway).get('/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toMatch(/json/);
    expect(response.body.message).toMatch(/No API route/);
  });

  test('when a page path is requested, then the web app (or its placeholder) is served with security headers', async () => {
    const response = await request(gateway).get('/profile').set('Accept', 'text/html');
    expect(response.status).toBe(200);
    expect(response.text).toMatch(/Quad/);
    expect(response.headers['content-security-policy']).toBeDefined();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  test('when an API call is proxied, then the connection is kept alive', async () => {
    // As a browser asks: keep-alive. Without a pooled upstream agent the proxy answered 'close'.
    const response = await request(gateway).get('/api/colleges').set('Connection', 'keep-alive');
    expect(response.headers.connection).toBe('keep-alive');
  });

  test('when a request id is sent, then it is passed on to the service and echoed back', async () => {
    const response = await request(gateway).get('/api/colleges').set('X-Request-Id', 'trace-123');
    expect(response.headers['x-request-id']).toBe('trace-123');
  });

  test('when all upstreams and infrastructure answer, then /readyz names each as ok', async () => {
    const response = await request(internal).get('/readyz');
    expect(response.status).toBe(200);
    for (const name of [...SERVICES, 'mongodb', 'nats', 'redis', 'minio', 'smtp']) {
      expect(response.body.components[name]).toEqual({ status: 'ok' });
    }
  });

  test('when /readyz or /metrics is asked of the public listener, then it answers 404: they name internals', async () => {
    for (const path of ['/readyz', '/metrics']) {
      const response = await request(gateway).get(path).set('Accept', 'text/html');
      expect(response.status).toBe(404);
      expect(response.text).not.toMatch(/mongodb|http_request_duration/);
    }
    expect((await request(gateway).get('/healthz')).status).toBe(200);
    expect((await request(internal).get('/metrics')).text).toMatch(/http_request_duration_seconds/);
  });

  test('when a media key does not exist or is malformed, then /media answers 404 JSON', async () => {
    expect((await request(gateway).get('/media/posts/00000000-0000-0000-0000-000000000000.webp')).status).toBe(404);
    expect((await request(gateway).get('/media/../../etc/passwd')).status).toBe(404);
  });

  test('when a service is down, then the gateway answers a JSON 502 within 2 s and /readyz names it', async () => {
    const social = servers.get('social')!;
    social.closeAllConnections();
    await new Promise((resolve) => social.close(resolve));
    const started = Date.now();
    const response = await request(gateway).get('/api/friends');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(response.status).toBe(502);
    expect(response.body.message).toMatch(/social service is unavailable/);
    const ready = await request(internal).get('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body.components.social.status).toBe('error');
  });
});
