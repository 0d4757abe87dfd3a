import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import type { ServiceRuntime } from '@quad/common';
import { io } from 'socket.io-client';
import {
  type ServiceProcess,
  createTestRuntime,
  destroyTestRuntime,
  startServiceProcess,
  uniqueName,
} from '@quad/common/src/testing';
import {
  type ForumKit,
  createPost,
  makeUser as makeForumUser,
  publishedEvent as forumEvent,
  startForumKit,
} from '@quad/forum/test/forum-test-kit';
import { createApp as createGatewayApp } from '@quad/gateway/src/app';
import { type Config as GatewayConfig, loadGatewayConfig } from '@quad/gateway/src/config';
import { type ModerationKit, bearer, request, startModerationKit, waitFor } from './moderation-test-kit';

function listen(app: Express): Promise<Server> {
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => resolve(server));
  });
}
const urlOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

/**
 * The whole path a browser takes: gateway → forum and moderation, each a real service on the test
 * infrastructure. Removal must reach forum through moderation.content.removed, and a ban must bite
 * at the gateway within one second.
 */
describe('moderation through the gateway', () => {
  let forum: ForumKit;
  let moderation: ModerationKit;
  let gatewayRuntime: ServiceRuntime<GatewayConfig>;
  let gateway: Express;
  /** A chat replica of its own, to hold the banned student's open socket. */
  let chat: ServiceProcess;
  const servers: Server[] = [];

  beforeAll(async () => {
    const chatName = uniqueName('t_chat_ban');
    [forum, moderation, chat] = await Promise.all([
      startForumKit(),
      startModerationKit(),
      startServiceProcess({ service: 'chat', env: { DB_NAME: chatName, CONSUMER_PREFIX: chatName } }),
    ]);
    const forumServer = await listen(forum.app);
    const moderationServer = await listen(moderation.app);
    servers.push(forumServer, moderationServer);
    const config = loadGatewayConfig({
      ...process.env,
      FORUM_URL: urlOf(forumServer),
      MODERATION_URL: urlOf(moderationServer),
    });
    gatewayRuntime = await createTestRuntime('gateway', config);
    gateway = createGatewayApp(gatewayRuntime).app;
  }, 120_000);

  afterAll(async () => {
    await chat?.stop();
    for (const server of servers) {
      server.closeAllConnections();
      server.close();
    }
    await destroyTestRuntime(gatewayRuntime);
    await Promise.all([forum.stop(), moderation.stop()]);
  }, 60_000);

  /** A user known to both services' directories (the events reach every consumer). */
  async function person(options: { isAdmin?: boolean; firstName: string }) {
    const user = await makeForumUser(forum, { collegeId: 'college-a', ...options });
    await waitFor(() => moderation.runtime.directory.get(user.id));
    return user;
  }

  test('when a student reports a post and an admin resolves it with removal, then forum deletes the post', async () => {
    const [author, reporter, admin] = await Promise.all([
      person({ firstName: 'Author' }),
      person({ firstName: 'Reporter' }),
      person({ firstName: 'Admin', isAdmin: true }),
    ]);
    const post = await createPost(forum, author, { title: 'Buy essays here', content: 'cheap' });
    // moderation learns the author from forum.post.created
    await waitFor(() => moderation.ctx.models.ContentAuthor.findById(`post:${post.id}`).lean());

    const reported = await request(gateway)
      .post('/api/reports')
      .set(bearer(reporter.token))
      .send({ type: 'post', contentId: post.id, reportedUserId: author.id, reason: 'Spam' });
    expect(reported.status).toBe(201);
    const resolved = await request(gateway)
      .post(`/api/admin/reports/${reported.body.id}/resolve`)
      .set(bearer(admin.token))
      .send({ action: 'resolved', removeContent: true });
    expect(resolved.status).toBe(200);

    await forumEvent(forum, 'forum.post.deleted', (data) => data.postId === post.id);
    expect(await forum.ctx.models.Post.findById(post.id).lean()).toBeNull();
  });

  test('when an admin bans a signed-in student holding an open chat socket, then within one second the socket closes and their next call answers 403 with reason and expiry from the gateway; appeals still pass; an accepted appeal restores access', async () => {
    const [student, admin] = await Promise.all([
      person({ firstName: 'Soon' }),
      person({ firstName: 'Admin', isAdmin: true }),
    ]);
    expect((await request(gateway).get('/api/topics').set(bearer(student.token))).status).toBe(200);
    // The student's chat tab, connected (once chat's directory knows them).
    const socket = await waitFor(
      () =>
        new Promise<ReturnType<typeof io> | null>((resolve) => {
          const attempt = io(chat.url, {
            path: '/ws',
            transports: ['websocket'],
            auth: { token: student.token },
            reconnection: false,
            forceNew: true,
          });
          attempt.once('connect', () => resolve(attempt));
          attempt.once('connect_error', () => {
            attempt.close();
            resolve(null);
          });
        }),
    );
    const socketClosedAt = new Promise<number>((resolve) =>
      socket.once('disconnect', () => resolve(Date.now())),
    );

    const banned = await request(gateway)
      .post('/api/admin/ban-user')
      .set(bearer(admin.token))
      .send({ userId: student.id, reason: 'Harassing classmates', banDuration: 24 });
    expect(banned.status).toBe(201);
    const bannedAt = Date.now();

    const blocked = await request(gateway).get('/api/topics').set(bearer(student.token));
    expect(Date.now() - bannedAt).toBeLessThan(1000);
    expect((await socketClosedAt) - bannedAt).toBeLessThan(1000);
    expect(blocked.status).toBe(403);
    expect(blocked.body).toEqual({
      message: 'Account suspended',
      reason: 'Harassing classmates',
      expiresAt: banned.body.banUntil,
    });
    // The gateway answered: the request never reached forum.
    expect(blocked.headers['x-quad-service']).toBeUndefined();
    expect((await request(gateway).get('/api/reports/mine').set(bearer(student.token))).status).toBe(403);

    const screen = await request(gateway).get('/api/appeals/mine').set(bearer(student.token));
    expect(screen.status).toBe(200);
    expect(screen.body.suspension.reason).toBe('Harassing classmates');
    const appeal = await request(gateway)
      .post('/api/appeals')
      .set(bearer(student.token))
      .send({ message: 'I am sorry.' });
    expect(appeal.status).toBe(201);

    const accepted = await request(gateway)
      .post(`/api/admin/appeals/${appeal.body.id}/decide`)
      .set(bearer(admin.token))
      .send({ decision: 'accepted' });
    expect(accepted.status).toBe(200);
    expect((await request(gateway).get('/api/topics').set(bearer(student.token))).status).toBe(200);
  });
});
