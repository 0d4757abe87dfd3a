import { randomUUID } from 'node:crypto';
import { type ServiceRuntime, startConsumers } from '../src';
import { createTestRuntime, destroyTestRuntime, waitFor } from '../src/testing';

describe('JetStream consumers', () => {
  let runtime: ServiceRuntime;
  beforeAll(async () => {
    runtime = await createTestRuntime('events');
  });
  afterAll(async () => {
    await destroyTestRuntime(runtime);
  });

  const postEvent = () => ({ postId: randomUUID(), authorId: 'u1', collegeId: 'c1', topicId: 1 });

  test('when a handler throws, then the event is redelivered and handled on a later attempt', async () => {
    const attempts: string[] = [];
    const data = postEvent();
    const consumer = await startConsumers({
      ...runtime,
      durable: `${runtime.consumerPrefix}-retry`,
      retryDelayMs: 50,
      handlers: {
        'forum.post.created': async (event) => {
          if (event.data.postId !== data.postId) return;
          attempts.push(event.id);
          if (attempts.length < 3) throw new Error('transient failure');
        },
      },
    });
    const published = await runtime.publisher.publish('forum.post.created', data);
    await waitFor(() => attempts.length >= 3);
    await consumer.stop();
    expect(attempts).toEqual([published.id, published.id, published.id]);
  });

  test('when events are handled, then each comes with its stream sequence, in stream order', async () => {
    const sequences: number[] = [];
    const first = postEvent();
    const second = postEvent();
    const consumer = await startConsumers({
      ...runtime,
      durable: `${runtime.consumerPrefix}-sequence`,
      handlers: {
        'forum.post.created': async (event) => {
          if (event.data.postId === first.postId || event.data.postId === second.postId) sequences.push(event.sequence);
        },
      },
    });
    await runtime.publisher.publish('forum.post.created', first);
    await runtime.publisher.publish('forum.post.created', second);
    await waitFor(() => sequences.length === 2);
    await consumer.stop();
    expect(sequences[1]).toBeGreaterThan(sequences[0]!);
  });

  test('when an event is published twice with the same id, then JetStream stores it once', async () => {
    const data = postEvent();
    const eventId = randomUUID();
    const before = (await runtime.jsm.streams.info('FORUM')).state.messages;
    await runtime.publisher.publish('forum.post.created', data, eventId);
    await runtime.publisher.publish('forum.post.created', data, eventId);
    const after = (await runtime.jsm.streams.info('FORUM')).state.messages;
    expect(after - before).toBe(1);
  });

  test('when an event payload breaks its contract, then publishing refuses it', async () => {
    await expect(
      runtime.publisher.publish('forum.post.created', { postId: 1 } as never),
    ).rejects.toThrow();
  });
});
