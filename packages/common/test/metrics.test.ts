import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { type ServiceRuntime, createServiceApp, startConsumers } from '../src';
import { createTestRuntime, destroyTestRuntime, metricValues, waitFor } from '../src/testing';

describe('/metrics', () => {
  let runtime: ServiceRuntime;
  let app: ReturnType<typeof createServiceApp>;
  const scrape = async () => (await request(app).get('/metrics').expect(200)).text;

  beforeAll(async () => {
    runtime = await createTestRuntime('metrics');
    app = createServiceApp(runtime, (router) => {
      router.get('/api/things/:id', (_req, res) => {
        res.json({});
      });
    });
  });
  afterAll(async () => {
    await destroyTestRuntime(runtime);
  });

  test('when requests are served, then the latency histogram names their route pattern and status class, never the raw path', async () => {
    await request(app).get('/api/things/41').expect(200);
    await request(app).get('/api/things/42').expect(200);
    await request(app).get('/api/no-such-thing').expect(404);

    const metrics = await scrape();
    const series = { method: 'GET', route: '/api/things/:id', status_class: '2xx', service: 'metrics' };
    expect(metricValues(metrics, 'http_request_duration_seconds_count', series)).toEqual([2]);
    expect(metricValues(metrics, 'http_request_duration_seconds_bucket', { ...series, le: '+Inf' })).toEqual([2]);
    expect(metricValues(metrics, 'http_request_duration_seconds_count', { route: 'unmatched', status_class: '4xx' })).toEqual([1]);
    expect(metrics).not.toMatch(/things\/4[12]/);
  });

  test('when events wait for a durable consumer, then its backlog is on /metrics, and it falls to zero once they are handled', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const ours = new Set<string>();
    const durable = `${runtime.consumerPrefix}-lag`;
    const consumer = await startConsumers({
      ...runtime,
      config: { EVENTS_REPLAY: 'new' },
      durable,
      handlers: {
        'forum.post.created': async (event) => {
          await gate;
          ours.delete(event.data.postId);
        },
      },
    });
    const labels = { stream: 'FORUM', consumer: `${durable}-FORUM` };
    const backlog = async () => {
      const metrics = await scrape();
      return [...metricValues(metrics, 'events_consumer_pending', labels), ...metricValues(metrics, 'events_consumer_ack_pending', labels)];
    };
    expect(await backlog()).toHaveLength(2);

    for (let i = 0; i < 5; i += 1) {
      const postId = randomUUID();
      ours.add(postId);
      await runtime.publisher.publish('forum.post.created', { postId, authorId: 'u1', collegeId: 'c1', topicId: 1 });
    }
    // Other test files may publish to the same stream meanwhile: at least ours are waiting.
    await waitFor(async () => {
      const [pending, ackPending] = await backlog();
      return pending! + ackPending! >= 5;
    });

    release();
    await waitFor(() => ours.size === 0);
    await waitFor(async () => (await backlog()).every((value) => value === 0));
    const handled = metricValues(await scrape(), 'events_handled_total', { subject: 'forum.post.created', outcome: 'ok' });
    expect(handled[0]).toBeGreaterThanOrEqual(5);

    await consumer.stop();
    expect(await backlog()).toEqual([]);
  });

  test('when an event waits in the outbox, then the outbox backlog gauge counts it', async () => {
    expect(metricValues(await scrape(), 'outbox_backlog')).toEqual([0]);
    // A write whose follow-up failed leaves its event for the sweep; its guard (a document that
    // never appears) keeps the sweep from publishing it while the test looks.
    const guard = { collection: 'nothing', id: randomUUID(), present: true };
    const event = { subject: 'forum.post.created' as const, eventId: randomUUID(), guard,
      data: { postId: randomUUID(), authorId: 'u1', collegeId: 'c1', topicId: 1 } };
    await expect(
      runtime.outbox.commit([event], async () => 'written', { settle: async () => Promise.reject(new Error('mirror failed')) }),
    ).rejects.toThrow('mirror failed');
    expect(metricValues(await scrape(), 'outbox_backlog')).toEqual([1]);
  });
});
