import v8 from 'node:v8';
import vm from 'node:vm';
import { createRedis } from '../src/redis';

/**
 * Every Redis command of every service goes through an ioredis pipeline (auto-pipelining puts each
 * tick's commands in one). ioredis defined `length` on each pipeline as an accessor of its own whose
 * getter held the pipeline; V8 then kept every pipeline, with its commands and replies, until the
 * next full collection, so the young-generation collector copied and promoted all of them (chat's
 * replicas promoted ~5 MB a second at low load, with 10-25 ms pauses). patches/ioredis+*.patch puts
 * the getter on the prototype; these tests fail if an install leaves the patch out.
 */
type Gc = (options?: { type: 'minor' | 'major' }) => void;
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as Gc;
const oldSpaceUsed = () => v8.getHeapSpaceStatistics().find((space) => space.space_name === 'old_space')!.space_used_size;

describe('Redis pipelines', () => {
  const redis = createRedis(process.env.REDIS_URL!);
  afterAll(() => redis.disconnect());

  test('when commands are queued on a pipeline, then its length counts them and it has no accessor of its own', async () => {
    const pipeline = redis.pipeline().set('redis-test:length', '1').get('redis-test:length');
    expect(pipeline.length).toBe(2);
    expect(Object.getOwnPropertyDescriptor(pipeline, 'length')).toBeUndefined();
    await expect(pipeline.exec()).resolves.toEqual([
      [null, 'OK'],
      [null, '1'],
    ]);
  });

  test('when 5,000 commands have been answered, each in its own pipeline, then the young-generation collector frees them instead of promoting them', async () => {
    await redis.ping();
    gc();
    const N = 5000;
    const before = oldSpaceUsed();
    for (let i = 0; i < N; i++) await redis.incr('redis-test:count');
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Two scavenges: a survivor of the first is promoted by the second.
    gc({ type: 'minor' });
    gc({ type: 'minor' });
    const promotedPerCommand = (oldSpaceUsed() - before) / N;
    // Measured: ~650 bytes a command with the patch (the test's own allocations), ~3,200 without.
    expect(promotedPerCommand).toBeLessThan(1500);
  });
});
