import { randomUUID } from 'node:crypto';
import { type ServiceRuntime, startReplay } from '../src';
import { createTestRuntime, destroyTestRuntime, waitFor } from '../src/testing';

/**
 * A read model replayed into memory from the streams (search's index). A deployment's replicas
 * replay from each stream's first event (no `since`); test runs replay from a moment.
 */
describe('a replayed read model', () => {
  let runtime: ServiceRuntime;
  beforeAll(async () => {
    runtime = await createTestRuntime('replay');
  });
  afterAll(async () => {
    await destroyTestRuntime(runtime);
  });

  const postEvent = () => ({ postId: randomUUID(), authorId: 'u1', collegeId: 'c1', topicId: 1 });

  test('when it replays from the first event, then it catches up with what was published before and follows what comes after', async () => {
    const before = await runtime.publisher.publish('forum.post.created', postEvent());
    const seen = new Set<string>();
    const replay = await startReplay({
      js: runtime.js,
      logger: runtime.logger,
      handlers: { 'forum.post.created': async (event) => void seen.add(event.id) },
    });
    try {
      await replay.caughtUp;
      expect(replay.isCaughtUp()).toBe(true);
      expect(seen.has(before.id)).toBe(true);
      const after = await runtime.publisher.publish('forum.post.created', postEvent());
      await waitFor(() => seen.has(after.id));
    } finally {
      await replay.stop();
    }
  });
});
