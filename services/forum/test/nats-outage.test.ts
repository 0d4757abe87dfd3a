import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Post, Profile } from '@quad/contracts';
import { bearer, freePort, waitFor } from '@quad/common/src/testing';
import { type AuthTestApp, registerStudent, startAuthApp } from '../../auth/test/auth-test-app';
import { type ForumKit, request, startForumKit } from './forum-test-kit';

const NATS_SERVER = path.resolve(__dirname, '../../../.infra/bin/nats-server');

/** A NATS server of this test's own (the shared test one must not be stopped), on one port and store. */
function natsServer(port: number, storeDir: string) {
  let child: ChildProcess | null = null;
  return {
    async start() {
      child = spawn(NATS_SERVER, ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', storeDir], { stdio: 'ignore' });
      // Listening once a TCP connection is accepted.
      await waitFor(
        () =>
          new Promise<boolean>((resolve) => {
            const socket = connect(port, '127.0.0.1', () => {
              socket.destroy();
              resolve(true);
            });
            socket.once('error', () => resolve(false));
          }),
      );
    },
    async stop() {
      const running = child;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * The outbox's promise (ARCHITECTURE.md, Data and events): with NATS down, a post is still stored
 * and answered 201, its event waits in the outbox, and once NATS is back auth's profile stats
 * follow by themselves, with the post stored once.
 */
describe('forum while NATS is down', () => {
  let nats: ReturnType<typeof natsServer>;
  let storeDir: string;
  let auth: AuthTestApp;
  let forum: ForumKit;

  beforeAll(async () => {
    const port = await freePort();
    storeDir = mkdtempSync(path.join(tmpdir(), 'quad-nats-outage-'));
    nats = natsServer(port, storeDir);
    await nats.start();
    const env = { NATS_URL: `nats://127.0.0.1:${port}` };
    auth = await startAuthApp(env, { consumers: true });
    forum = await startForumKit(env);
  }, 60_000);

  afterAll(async () => {
    await forum?.stop();
    await auth?.close();
    await nats.stop();
    rmSync(storeDir, { recursive: true, force: true });
  });

  test('when NATS stops, then a post is still created (201); when it returns, then auth counts it within seconds, stored once', async () => {
    const { token, user } = await registerStudent(auth.app);
    await forum.runtime.publisher.publish('commerce.subscription.updated', {
      userId: user.id,
      version: 1,
      subscriptionExpiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    await waitFor(async () => (await request(forum.app).get('/api/topics').set(bearer(token))).status === 200);

    await nats.stop();
    const created = await request(forum.app)
      .post('/api/posts')
      .set(bearer(token))
      .field('title', 'Written while NATS was down')
      .field('content', 'The outbox keeps its event.')
      .field('topicId', '1')
      .field('isAnonymous', 'false');
    expect(created.status).toBe(201);
    const profile = async () => (await request(auth.app).get('/api/profile').set(bearer(token))).body as Profile;
    expect((await profile()).stats.totalPosts).toBe(0);

    await nats.start();
    const back = Date.now();
    await waitFor(async () => (await profile()).stats.totalPosts === 1, { timeoutMs: 30_000, intervalMs: 200 });
    const seconds = (Date.now() - back) / 1000;
    process.stderr.write(`[nats-outage] auth's stats followed ${seconds.toFixed(1)} s after NATS returned\n`);
    expect(seconds).toBeLessThan(30);

    const stored = await forum.ctx.models.Post.find({ authorId: user.id }).lean();
    expect(stored.map((post) => post.title)).toEqual([(created.body as Post).title]);
    expect(await forum.runtime.db.collection('outbox').countDocuments()).toBe(0);
  }, 90_000);
});
