import mongoose from 'mongoose';
import type { PaymentRequest, Post } from '@quad/contracts';
import { type ServiceRuntime, directoryModel } from '@quad/common';
import {
  type ServiceProcess,
  type TestUser,
  announceTestUser,
  createTestRuntime,
  destroyTestRuntime,
  startBalancer,
  startServiceProcess,
  waitFor,
} from '@quad/common/src/testing';
import { type Config, loadServiceConfig } from '@quad/forum/src/config';
import { type ChatClient, call, connectChat, sendUntilAcked, settleChatMessages, sleep, summary } from './support';

/** In the order a rollout of the whole product would take them. */
const ROLLED = ['gateway', 'auth', 'forum', 'social', 'chat', 'commerce', 'moderation', 'search', 'notifications'] as const;
type Rolled = (typeof ROLLED)[number];
const BACKENDS = ROLLED.filter((service) => service !== 'gateway');
const SHUTDOWN_TIMEOUT_MS = 8000;
const WRITERS = 6;
const CHAT_PAIRS = 10;
const PAYERS = 9;

interface Outcome {
  kind: string;
  status: number;
  /** Answers 503 before this one (a draining replica's retryable refusal), each retried. */
  retried: number;
  /** What each 503 said. */
  refusals: string[];
  /** Answers with no HTTP answer (reset), 502 or 504 before this one: a request cut. */
  cut: Array<{ status: number; message: string; during: string }>;
}

/**
 * A rolling restart of the whole product under load, as Kubernetes does one: for each service in
 * turn (the gateway first) a new process starts and becomes ready behind the service's
 * connection-level balancer, the old one leaves the balancer and gets SIGTERM. Meanwhile students
 * post, comment, pay, read every service's pages through the gateway, and chat over sockets. Every
 * acknowledged write is stored once, no request is cut (a 503 is allowed: the client retries it),
 * every chat message is stored and delivered once, and every process exits 0 within its drain.
 */
describe('SIGTERM of every service in turn under load (a rolling restart)', () => {
  let observer: ServiceRuntime<Config>;
  const dbOf = (service: Rolled) => `${observer.db.name}_${service}`.replace(/_forum$/, '');
  const replicas = new Map<Rolled, ServiceProcess>();
  const targets = new Map<Rolled, Array<{ url: string }>>();
  const balancers: Array<{ url: string; close(): Promise<void> }> = [];
  let gatewayUrl = '';
  const outcomes: Outcome[] = [];
  /** The service being rolled while a request is sent, to say where a cut came from. */
  let rollingNow = 'none';
  const exits: Array<{ service: Rolled; code: number | null; signal: string | null; ms: number }> = [];
  const clients: ChatClient[] = [];

  function envOf(service: Rolled): Record<string, string> {
    const upstreams = Object.fromEntries(BACKENDS.map((name) => [`${name.toUpperCase()}_URL`, balancerUrl.get(name)!]));
    const common = { SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS), LOG_LEVEL: 'warn' };
    if (service === 'gateway') {
      return { ...common, ...upstreams, API_RATE_LIMIT_PER_MINUTE: '100000', API_ANONYMOUS_RATE_LIMIT_PER_MINUTE: '100000' };
    }
    const own = { ...common, DB_NAME: dbOf(service), CONSUMER_PREFIX: dbOf(service) };
    if (service === 'chat') return { ...own, MESSAGE_RATE_LIMIT: '100000' };
    if (service === 'auth') return { ...own, ...upstreams, ADMIN_PASSWORD: 'faults-sigterm-admin' };
    return own;
  }
  const balancerUrl = new Map<Rolled, string>();

  async function startReplica(service: Rolled): Promise<ServiceProcess> {
    return startServiceProcess({ service, env: envOf(service), timeoutMs: 180_000, ...(service === 'gateway' ? { readyPath: '/healthz' as const } : {}) });
  }

  beforeAll(async () => {
    observer = await createTestRuntime<Config>('forum', loadServiceConfig());
    for (const service of ROLLED) {
      const list: Array<{ url: string }> = [];
      targets.set(service, list);
      const balancer = await startBalancer(list);
      balancers.push(balancer);
      balancerUrl.set(service, balancer.url);
    }
    gatewayUrl = balancerUrl.get('gateway')!;
    const started = Date.now();
    // Three at a time: ten processes compiling TypeScript at once on a small machine take longer than in turns.
    for (let i = 0; i < BACKENDS.length; i += 3) {
      const batch = BACKENDS.slice(i, i + 3);
      const processes = await Promise.all(batch.map((service) => startReplica(service)));
      batch.forEach((service, index) => {
        replicas.set(service, processes[index]!);
        targets.get(service)!.push(processes[index]!);
      });
    }
    const gateway = await startReplica('gateway');
    replicas.set('gateway', gateway);
    targets.get('gateway')!.push(gateway);
    process.stderr.write(`[sigterm] ${ROLLED.length} services started in ${Date.now() - started} ms\n`);
  }, 600_000);

  afterAll(async () => {
    for (const client of clients) client.socket.disconnect();
    await Promise.all([...replicas.values()].map((replica) => replica.stop('SIGKILL')));
    await Promise.all(balancers.map((balancer) => balancer.close()));
    if (observer) {
      for (const service of BACKENDS) if (service !== 'forum') await observer.db.useDb(dbOf(service)).dropDatabase().catch(() => undefined);
      await destroyTestRuntime(observer);
    }
  }, 120_000);

  /** One call as the web makes it: a 503 is retried (it says so), anything else is the answer; a cut one is counted, then retried the same. */
  async function send(kind: string, token: string | null, method: string, path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
    const outcome: Outcome = { kind, status: 0, retried: 0, refusals: [], cut: [] };
    const deadline = Date.now() + 120_000;
    for (;;) {
      const answer = await call(gatewayUrl, token, method, path, body, 20_000);
      if (Date.now() < deadline && answer.status === 503) {
        outcome.retried += 1;
        outcome.refusals.push(`${kind}: ${String(answer.body.message ?? '')}`);
        await sleep(300);
        continue;
      }
      if (Date.now() < deadline && (answer.status === 0 || answer.status === 502 || answer.status === 504)) {
        outcome.cut.push({ status: answer.status, message: String(answer.body.message ?? ''), during: rollingNow });
        await sleep(300);
        continue;
      }
      outcome.status = answer.status;
      outcomes.push(outcome);
      return answer;
    }
  }

  async function inEveryDirectory(users: TestUser[]): Promise<void> {
    for (const service of ['chat', 'commerce', 'social', 'search', 'moderation'] as const) {
      const Directory = directoryModel(observer.db.useDb(dbOf(service)));
      await waitFor(async () => (await Directory.countDocuments({ _id: mongoose.trusted({ $in: users.map((user) => user.id) }) })) === users.length, {
        timeoutMs: 60_000,
        intervalMs: 200,
      });
    }
  }

  test('then no acknowledged write or message is lost or doubled, no request is cut, and every process exits 0 within its drain', async () => {
    const writers = await Promise.all(Array.from({ length: WRITERS }, () => announceTestUser(observer, { collegeId: 'college-roll' })));
    const chatters = await Promise.all(Array.from({ length: CHAT_PAIRS * 2 }, () => announceTestUser(observer, { collegeId: 'college-roll' })));
    const payers = await Promise.all(Array.from({ length: PAYERS }, () => announceTestUser(observer, { collegeId: 'college-roll', subscribed: false })));
    const admin = await announceTestUser(observer, { collegeId: 'college-roll', isAdmin: true });
    await inEveryDirectory([...writers, ...chatters, ...payers, admin]);

    clients.push(...chatters.map((user, i) => connectChat(gatewayUrl, user, chatters[i % 2 === 0 ? i + 1 : i - 1]!)));
    await waitFor(() => clients.every((client) => client.socket.connected), { timeoutMs: 60_000, intervalMs: 200 });

    // Read by the load loops, turned off by the rollout when it is done.
    const load = { on: true };
    /** Each post's title and each comment's content is unique: what a student would look for. */
    const ackedPosts: Array<{ id: string; title: string }> = [];
    const ackedComments: Array<{ id: string; content: string }> = [];
    const writing = writers.map(async (writer, w) => {
      for (let i = 0; load.on; i++) {
        const title = `rolling ${w}-${i} ${new mongoose.Types.ObjectId().toHexString()}`;
        const post = await send('post', writer.token, 'POST', '/api/posts', { title, content: 'during a rollout', topicId: '1' });
        if (post.status === 201) ackedPosts.push({ id: (post.body as unknown as Post).id, title });
        const content = `comment on ${title}`;
        if (post.status === 201) {
          const comment = await send('comment', writer.token, 'POST', '/api/comments', { postId: (post.body as unknown as Post).id, content });
          if (comment.status === 201) ackedComments.push({ id: String(comment.body.id), content });
        }
        await send('feed', writer.token, 'GET', '/api/posts?limit=20');
        await send('colleges', null, 'GET', '/api/colleges');
        await send('friends', writer.token, 'GET', '/api/friends');
        await send('notifications', writer.token, 'GET', '/api/notifications');
        await send('search', writer.token, 'GET', '/api/search?q=rolling');
        await send('reports', writer.token, 'GET', '/api/reports/mine');
        await sleep(100 + Math.random() * 200);
      }
    });
    const paying = (async () => {
      for (const payer of payers) {
        const submitted = await send('payment', payer.token, 'POST', '/api/payments/submit', { venmoUsername: '@rolling', notes: '', amount: '10' });
        if (submitted.status === 201) {
          const id = (submitted.body.request as PaymentRequest).id;
          await send('approval', admin.token, 'POST', '/api/admin/update-payment', { id, status: 'approved' });
        }
        await send('payments', admin.token, 'GET', '/api/admin/payment-requests?limit=20');
        await sleep(1500);
      }
    })();
    let chatIndex = 0;
    const chatting = clients.map(async (client) => {
      await sleep(Math.random() * 500);
      for (let i = 0; load.on; i++) {
        await sendUntilAcked(client, i, `rolling ${i}`, Date.now() + 120_000);
        chatIndex += 1;
        await sleep(300 + Math.random() * 400);
      }
    });

    // A rollout: the new process first, ready and balanced to, then the old one out and SIGTERMed.
    await sleep(3000);
    const restarts: string[] = [];
    for (const service of ROLLED) {
      const old = replicas.get(service)!;
      rollingNow = service;
      const fresh = await startReplica(service);
      const list = targets.get(service)!;
      list.push(fresh);
      list.splice(list.indexOf(old), 1);
      replicas.set(service, fresh);
      const startedAt = Date.now();
      await old.stop('SIGTERM');
      const ms = Date.now() - startedAt;
      exits.push({ service, code: old.process.exitCode, signal: old.process.signalCode, ms });
      restarts.push(`${service} ${ms} ms`);
      process.stderr.write(`[sigterm] ${service}: old process exited ${old.process.exitCode} in ${ms} ms (requests so far ${outcomes.length}, messages ${chatIndex})\n`);
      await sleep(1000);
    }
    rollingNow = 'none';
    await sleep(2000);
    load.on = false;
    await Promise.all([...writing, paying, ...chatting]);

    // Stored once: each acknowledged post and comment by its unique text, each payment by its student.
    const forum = observer.db;
    const postCounts = await forum
      .collection('posts')
      .aggregate<{ _id: string; count: number }>([{ $match: { title: { $regex: '^rolling ' } } }, { $group: { _id: '$title', count: { $sum: 1 } } }])
      .toArray();
    const postCount = new Map(postCounts.map((entry) => [entry._id, entry.count]));
    const commentCounts = await forum
      .collection('comments')
      .aggregate<{ _id: string; count: number }>([{ $match: { content: { $regex: '^comment on rolling ' } } }, { $group: { _id: '$content', count: { $sum: 1 } } }])
      .toArray();
    const commentCount = new Map(commentCounts.map((entry) => [entry._id, entry.count]));
    const commerce = observer.db.useDb(dbOf('commerce'));
    const payments = await commerce.collection('payment_requests').find({ userId: { $in: payers.map((payer) => payer.id) } }).toArray();
    const history = await commerce.collection('subscription_history').find({ userId: { $in: payers.map((payer) => payer.id) }, kind: 'payment-approved' }).toArray();
    let lost = 0;
    let duplicated = 0;
    for (const post of ackedPosts) {
      const count = postCount.get(post.title) ?? 0;
      lost += count === 0 ? 1 : 0;
      duplicated += Math.max(0, count - 1);
    }
    // Written but never acknowledged (a cut request retried) would show here as a second copy too.
    duplicated += [...postCount.values()].filter((count) => count > 1).length - ackedPosts.filter((post) => (postCount.get(post.title) ?? 0) > 1).length;
    for (const comment of ackedComments) {
      const count = commentCount.get(comment.content) ?? 0;
      lost += count === 0 ? 1 : 0;
      duplicated += Math.max(0, count - 1);
    }
    for (const payer of payers) {
      const mine = payments.filter((payment) => payment.userId === payer.id).length;
      const approved = history.filter((entry) => entry.userId === payer.id).length;
      lost += (mine === 0 ? 1 : 0) + (approved === 0 ? 1 : 0);
      duplicated += Math.max(0, mine - 1) + Math.max(0, approved - 1);
    }

    // Chat: every acknowledged message stored once and shown to its receiver once.
    const { acked, notDelivered, notStored, storedTwice, shownTwice } = await settleChatMessages(clients, () =>
      observer.db
        .useDb(dbOf('chat'))
        .collection('messages')
        .find({ senderId: { $in: chatters.map((user) => user.id) } }, { projection: { _id: 1, clientId: 1 } })
        .toArray(),
    );
    lost += notStored + notDelivered;
    duplicated += storedTwice + shownTwice;

    const cut = outcomes.flatMap((outcome) => outcome.cut.map((entry) => ({ kind: outcome.kind, ...entry })));
    const retried = outcomes.reduce((sum, outcome) => sum + outcome.retried, 0);
    const requests = outcomes.reduce((sum, outcome) => sum + 1 + outcome.retried + outcome.cut.length, 0);
    const reasons = new Map<string, number>();
    for (const client of clients) for (const reason of client.disconnects) reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    const reconnected = clients.filter((client) => client.connects > 1).length;
    for (const client of clients) client.socket.disconnect();
    const wrongStatus = outcomes.filter((outcome) => outcome.status >= 500);
    summary({
      scenario: `SIGTERM of each of the ${ROLLED.length} services in turn (a rolling restart) under REST load and ${clients.length} chat sockets`,
      injected: `${ROLLED.length} × SIGTERM (${restarts.join(', ')})`,
      requests,
      messages: acked.length + ackedPosts.length + ackedComments.length + payers.length * 2,
      lost,
      duplicated,
      notes:
        `${cut.length} requests cut (${[...new Set(cut.map((entry) => `${entry.kind} ${entry.status || entry.message} while rolling ${entry.during}`))].slice(0, 6).join('; ')}); ` +
        `${retried} answered 503 and succeeded on retry (${[...new Set(outcomes.flatMap((outcome) => outcome.refusals))].slice(0, 4).join('; ')}); ${reconnected} chat clients reconnected (${[...reasons].map(([reason, count]) => `${reason} ${count}`).join(', ')}); ` +
        `${ackedPosts.length} posts, ${ackedComments.length} comments, ${acked.length} messages acknowledged`,
    });
    expect(exits.filter((exit) => exit.code !== 0 || exit.ms > SHUTDOWN_TIMEOUT_MS)).toEqual([]);
    expect(cut.slice(0, 10)).toEqual([]);
    expect(wrongStatus.slice(0, 5)).toEqual([]);
    expect({ lost, duplicated }).toEqual({ lost: 0, duplicated: 0 });
    expect(reconnected).toBeGreaterThan(0);
  });
});
