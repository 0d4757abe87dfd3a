import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createRedis } from '../src/redis';

const run = promisify(execFile);

/**
 * Every Redis command of every service goes through an ioredis pipeline (auto-pipelining puts each
 * tick's commands in one). ioredis defined `length` on each pipeline as an accessor of its own whose
 * getter held the pipeline; V8 then kept every pipeline, with its commands and replies, until the
 * next full collection, so the young-generation collector copied and promoted all of them (chat's
 * replicas promoted ~5 MB a second at low load, with 10-25 ms pauses). patches/ioredis+*.patch puts
 * the getter on the prototype; these tests fail if an install leaves the patch out.
 */

/**
 * Runs in a fresh node process: a jest worker that has run other test files carries the collector's
 * earlier decisions (allocation sites it already allocates in the old generation), which measured
 * as much there with the patch applied as without it.
 */
const MEASURE_PROMOTION = `
const v8 = require('node:v8');
const vm = require('node:vm');
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc');
const { Redis } = require('ioredis');
const oldSpace = () => v8.getHeapSpaceStatistics().find((space) => space.space_name === 'old_space').space_used_size;
(async () => {
  const redis = new Redis(process.env.REDIS_URL, { enableAutoPipelining: true });
  await redis.ping();
  gc();
  const before = oldSpace();
  const n = 3000;
  for (let i = 0; i < n; i++) await redis.pipeline().incr('redis-test:count').get('redis-test:count').exec();
  await new Promise((resolve) => setTimeout(resolve, 20));
  // Two scavenges: a survivor of the first is promoted by the second.
  gc({ type: 'minor' });
  gc({ type: 'minor' });
  process.stdout.write(String((oldSpace() - before) / n));
  redis.disconnect();
})();
`;

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

  test('when 3,000 pipelines have been answered, then the young-generation collector frees them instead of promoting them', async () => {
    const { stdout } = await run(process.execPath, ['-e', MEASURE_PROMOTION], { env: { ...process.env }, timeout: 60_000 });
    const promotedPerPipeline = Number(stdout);
    // Measured in a fresh process: 335-460 bytes a pipeline with the patch (also with the cores busy), 3,640-3,690 without.
    expect(promotedPerPipeline).toBeGreaterThan(0);
    expect(promotedPerPipeline).toBeLessThan(1500);
  }, 70_000);
});
