import { Writable } from 'node:stream';
import pino from 'pino';
import request from 'supertest';
import { type ServiceRuntime, authenticate, createServiceApp } from '../src';
import { bearer, createTestRuntime, destroyTestRuntime, testToken } from '../src/testing';

describe('request logs', () => {
  let runtime: ServiceRuntime;
  const lines: Array<Record<string, unknown>> = [];
  let app: ReturnType<typeof createServiceApp>;

  beforeAll(async () => {
    runtime = await createTestRuntime('reqlog');
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const logger = pino({ level: 'debug' }, sink);
    app = createServiceApp({ ...runtime, logger }, (router) => {
      router.use(authenticate({ publicKey: runtime.config.JWT_PUBLIC_KEY, redis: runtime.redis }));
      router.post('/api/things', (_req, res) => {
        res.status(201).json({});
      });
    });
  });
  afterAll(async () => {
    await destroyTestRuntime(runtime);
  });

  test('when a signed-in request completes, then its JSON log line carries the request id and user id, and no token', async () => {
    const token = testToken({ userId: 'user-logged-1' });
    await request(app).post('/api/things').set(bearer(token)).set('X-Request-Id', 'trace-log-1').send({ password: 'hunter22' }).expect(201);
    const line = lines.find((entry) => entry.reqId === 'trace-log-1');
    expect(line).toMatchObject({ msg: 'request completed', reqId: 'trace-log-1', userId: 'user-logged-1', req: { method: 'POST', url: '/api/things' } });
    expect(JSON.stringify(lines)).not.toContain(token);
    expect(JSON.stringify(lines)).not.toContain('hunter22');
  });

  test('when an anonymous request completes, then its log line has a request id and no user id', async () => {
    const response = await request(app).post('/api/things').expect(201);
    const line = lines.find((entry) => entry.reqId === response.headers['x-request-id']);
    expect(line).toBeDefined();
    expect(line).not.toHaveProperty('userId');
  });
});
