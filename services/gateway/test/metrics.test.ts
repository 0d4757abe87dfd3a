import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import request from 'supertest';
import type { ServiceRuntime } from '@quad/common';
import { createTestRuntime, destroyTestRuntime, metricValues } from '@quad/common/src/testing';
import { createApp as createGatewayApp } from '../src/app';
import { type Config, loadGatewayConfig } from '../src/config';

/** The gateway has no express route for what it proxies: its latency histogram names the operation's pattern. */
describe('gateway /metrics', () => {
  let upstream: Server;
  let runtime: ServiceRuntime<Config>;
  let gateway: Express;
  let internal: Express;

  beforeAll(async () => {
    // A stand-in for forum: answers every call with an empty list.
    upstream = createServer((_req, res) => res.setHeader('Content-Type', 'application/json').end('[]'));
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const config = loadGatewayConfig({ ...process.env, FORUM_URL: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}` });
    runtime = await createTestRuntime('gateway', config);
    ({ app: gateway, internalApp: internal } = createGatewayApp(runtime));
  });

  afterAll(async () => {
    upstream.closeAllConnections();
    upstream.close();
    await destroyTestRuntime(runtime);
  });

  test('when API calls are proxied, then the histogram names each by its operation’s pattern, never the raw path', async () => {
    await request(gateway).put('/api/posts/6650f0c2a1b2c3d4e5f60718').expect(200);
    await request(gateway).put('/api/posts/6650f0c2a1b2c3d4e5f60719').expect(200);
    await request(gateway).get('/api/ideas/stats').expect(200);
    await request(gateway).get('/api/ideas/6650f0c2a1b2c3d4e5f60718').expect(200);
    await request(gateway).get('/api/no-such-thing').expect(404);

    const metrics = (await request(internal).get('/metrics').expect(200)).text;
    const count = (method: string, route: string, statusClass = '2xx') =>
      metricValues(metrics, 'http_request_duration_seconds_count', { method, route, status_class: statusClass, service: 'gateway' });
    expect(count('PUT', '/api/posts/:id')).toEqual([2]);
    expect(count('GET', '/api/ideas/stats')).toEqual([1]);
    expect(count('GET', '/api/ideas/:id')).toEqual([1]);
    expect(count('GET', 'unmatched', '4xx')).toEqual([1]);
    expect(metrics).not.toMatch(/6650f0c2a1b2c3d4e5f6071/);
  });
});
