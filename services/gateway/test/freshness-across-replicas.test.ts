import { isDeepStrictEqual } from 'node:util';
import { SERVICES, type ServiceName } from '@quad/contracts';
import { SUBSCRIPTION_REQUIRED_MESSAGE, type ServiceRuntime } from '@quad/common';
import {
  type ServiceProcess,
  bearer,
  createTestRuntime,
  destroyTestRuntime,
  runtimeRedisKeys,
  startServiceProcess,
  uniqueName,
  waitFor,
} from '@quad/common/src/testing';

/*
 * Issue 13 and ARCHITECTURE.md ("Identity and access"): a new subscription and a ban are seen by
 * every replica of every service within one second, while each replica keeps the caller in its
 * directory's process memory (the hot path never asks the database). Two OS processes of each
 * service and two gateways (each gateway in front of one process of each service) run on the test
 * infrastructure; every process first answers the student from a warm cache, then an admin grants
 * a subscription through commerce, bans through moderation and lifts the ban, each the real way,
 * and every process is polled until it answers the new state.
 */

/** How soon every process must answer the new state, counted from the admin's response. */
const WITHIN_MS = 1000;
/** How long a probe keeps polling before it gives up, so a slow process reports its real delay. */
const GIVE_UP_MS = 10_000;
const POLL_EVERY_MS = 25;
/** Processes starting at once: each compiles its TypeScript on start, and the machine has 2 cores. */
const START_CONCURRENCY = 3;

const ADMIN_PASSWORD = 'freshness-admin-pass';
const BAN_REASON = 'Spamming every board';

interface Answer {
  status: number;
  body: unknown;
  answeredBy: string | null;
}

/** A call the student makes to one process, directly or through a gateway. */
interface Probe {
  label: string;
  /** The service that answers the call (behind the gateway, for a call through one). */
  service: ServiceName;
  url: string;
  path: string;
  /** The call went through a gateway (and must be refused there, not by the service behind it). */
  viaGateway: boolean;
}

/**
 * Services whose answers show what they think of a student's subscription: all but notifications,
 * which serves every signed-in user alike (payment outcomes reach students without a subscription).
 */
type GatedService = Exclude<ServiceName, 'notifications'>;
const GATED_SERVICES = SERVICES.filter((service): service is GatedService => service !== 'notifications');

/** Per service, a call whose answer shows what that service thinks of the student's subscription. */
const SUBSCRIPTION_CALLS: Record<GatedService, string> = {
  // auth gates nothing, but its session answer carries the expiry from its directory copy
  auth: '/api/auth/user',
  forum: '/api/posts?topicId=1',
  social: '/api/friends',
  chat: '/api/chats',
  // commerce owns the subscription: its status is read from its own store, not the directory
  commerce: '/api/subscription-status',
  moderation: '/api/reports/mine',
  search: '/api/search?q=anything',
};

function isSubscribedAnswer(service: ServiceName, answer: Answer): boolean {
  if (answer.status !== 200) return false;
  const body = answer.body as Record<string, unknown>;
  if (service === 'auth') return Boolean(body.subscriptionExpiresAt);
  if (service === 'commerce') return body.isActive === true;
  return true;
}

function isUnsubscribedAnswer(service: ServiceName, answer: Answer): boolean {
  if (service === 'auth')
    return answer.status === 200 && (answer.body as Record<string, unknown>).subscriptionExpiresAt === null;
  if (service === 'commerce')
    return answer.status === 200 && (answer.body as Record<string, unknown>).isActive === false;
  return (
    answer.status === 402 && (answer.body as { message?: string }).message === SUBSCRIPTION_REQUIRED_MESSAGE
  );
}

async function call(
  url: string,
  path: string,
  token: string | null,
  method = 'GET',
  body?: unknown,
): Promise<Answer> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      ...(token ? bearer(token) : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? JSON.parse(text) : null,
    answeredBy: response.headers.get('x-quad-service'),
  };
}

interface Seen {
  label: string;
  /** Milliseconds from the admin's response to the first answer showing the change (Infinity: never). */
  afterMs: number;
  last: Answer | null;
}

/** Polls every probe at once until each answers as `accepted` says; when each did, from `since`. */
async function whenSeen(
  probes: Probe[],
  token: string,
  since: number,
  accepted: (probe: Probe, answer: Answer) => boolean,
): Promise<Seen[]> {
  return Promise.all(
    probes.map(async (probe) => {
      let last: Answer | null = null;
      while (Date.now() - since < GIVE_UP_MS) {
        last = await call(probe.url, probe.path, token).catch(() => null);
        if (last && accepted(probe, last)) return { label: probe.label, afterMs: Date.now() - since, last };
        await new Promise((resolve) => setTimeout(resolve, POLL_EVERY_MS));
      }
      return { label: probe.label, afterMs: Number.POSITIVE_INFINITY, last };
    }),
  );
}

/** One line per change, for the record (issue 13 asks for the slowest). */
function report(change: string, seen: Seen[]): void {
  const slowest = seen.reduce((a, b) => (b.afterMs > a.afterMs ? b : a));
  process.stderr.write(
    `[freshness] ${change}: slowest ${slowest.afterMs} ms (${slowest.label}) of ${seen.length} processes and paths\n`,
  );
}

/** The answer's body, when it has the expected status (set-up steps throw: no expect outside a test). */
function bodyOf<T>(answer: Answer, status: number, what: string): T {
  if (answer.status !== status) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as T;
}

/** Everything that did not see the change in time, with its last answer: empty when all did. */
const late = (seen: Seen[]) =>
  seen
    .filter((s) => !(s.afterMs <= WITHIN_MS))
    .map(
      (s) =>
        `${s.label} after ${s.afterMs} ms, last answer ${s.last?.status ?? 'none'} ${JSON.stringify(s.last?.body ?? null).slice(0, 200)}`,
    );

/**
 * Runs `tasks` at most `limit` at a time. After a failure it starts no more and waits for those
 * running (so that every process started is known to afterAll), then throws the first failure.
 */
async function inBatches(tasks: Array<() => Promise<void>>, limit: number): Promise<void> {
  let next = 0;
  const failures: unknown[] = [];
  await Promise.all(
    Array.from({ length: Math.min(limit, tasks.length) }, async () => {
      while (next < tasks.length && failures.length === 0) {
        await tasks[next++]!().catch((err: unknown) => void failures.push(err));
      }
    }),
  );
  if (failures.length > 0) throw failures[0];
}

describe('a subscription and a ban across two replicas of every service', () => {
  /** The test's own connections: reads the services' directory copies, cleans up after. */
  let runtime: ServiceRuntime;
  const names = Object.fromEntries(
    [...SERVICES, 'gateway'].map((service) => [service, uniqueName(`t_fresh_${service}`)]),
  ) as Record<ServiceName | 'gateway', string>;
  const started: ServiceProcess[] = [];
  /** replicas[service][0] sits behind gateways[0], replicas[service][1] behind gateways[1]. */
  const replicas = {} as Record<ServiceName, ServiceProcess[]>;
  const gateways: ServiceProcess[] = [];
  let student: { id: string; token: string; email: string };
  let admin: { id: string; token: string };

  const start = async (service: ServiceName | 'gateway', env: Record<string, string> = {}) => {
    const replica = await startServiceProcess({
      service,
      env: { DB_NAME: names[service], CONSUMER_PREFIX: names[service], LOG_LEVEL: 'warn', ...env },
      timeoutMs: 180_000,
    });
    started.push(replica);
    return replica;
  };

  /** Every process of every service, called directly. */
  const serviceProbes = (): Probe[] =>
    GATED_SERVICES.flatMap((service) =>
      replicas[service].map((replica, i) => ({
        service,
        label: `${service} #${i + 1}`,
        url: replica.url,
        path: SUBSCRIPTION_CALLS[service],
        viaGateway: false,
      })),
    );
  /** Every gateway, with one call routed to each service. */
  const gatewayProbes = (): Probe[] =>
    gateways.flatMap((gateway, i) =>
      GATED_SERVICES.map((service) => ({
        service,
        label: `gateway #${i + 1} → ${service}`,
        url: gateway.url,
        path: SUBSCRIPTION_CALLS[service],
        viaGateway: true,
      })),
    );

  beforeAll(async () => {
    runtime = await createTestRuntime('freshness');
    const authEnv = {
      ADMIN_PASSWORD,
      RATE_LIMIT_LOGIN_PER_IP: '1000',
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '1000',
      RATE_LIMIT_REGISTER_PER_IP: '1000',
      RATE_LIMIT_ADMIN_PER_IP: '1000',
    };
    const tasks = SERVICES.flatMap((service) =>
      [0, 1].map((i) => async () => {
        (replicas[service] ??= [])[i] = await start(service, service === 'auth' ? authEnv : {});
      }),
    );
    await inBatches(tasks, START_CONCURRENCY);
    const gatewayEnv = (i: number) => ({
      ...Object.fromEntries(
        SERVICES.map((service) => [`${service.toUpperCase()}_URL`, replicas[service][i]!.url]),
      ),
      // This test polls one account every 25 ms on many paths: far above a person's pace.
      API_RATE_LIMIT_PER_MINUTE: '1000000',
    });
    gateways.push(...(await Promise.all([start('gateway', gatewayEnv(0)), start('gateway', gatewayEnv(1))])));

    // A student and an admin, registered as the web registers them.
    const registered = await call(gateways[0]!.url, '/api/register', null, 'POST', {
      email: `fresh.${Date.now()}@mit.edu`,
      password: 'correct-horse-battery',
      firstName: 'Fresh',
      lastName: 'Student',
      college: '1',
    });
    const registeredBody = bodyOf<{ authToken: string; user: { id: string; email: string } }>(
      registered,
      201,
      'register',
    );
    student = {
      id: registeredBody.user.id,
      token: registeredBody.authToken,
      email: registeredBody.user.email,
    };
    const adminRegistered = await call(gateways[1]!.url, '/api/register-admin', null, 'POST', {
      adminPassword: ADMIN_PASSWORD,
      operator: 'replica-tester',
    });
    const adminBody = bodyOf<{ adminToken: string; user: { id: string } }>(
      adminRegistered,
      201,
      'register-admin',
    );
    admin = { id: adminBody.user.id, token: adminBody.adminToken };

    // Every service's durable directory copy knows both (auth.user.registered has been consumed).
    await waitFor(
      async () => {
        for (const service of SERVICES) {
          const users = runtime.db
            .useDb(names[service])
            .collection<{ _id: string; authVersion: number }>('directory_users');
          for (const id of [student.id, admin.id]) {
            const entry = await users.findOne({ _id: id });
            if (!entry || entry.authVersion < 0) return false;
          }
        }
        return true;
      },
      { timeoutMs: 30_000 },
    );

    // Warm caches: every process answers the student once, from an entry it now keeps in memory.
    for (const probe of serviceProbes()) {
      const answer = await call(probe.url, probe.path, student.token);
      if (!isUnsubscribedAnswer(probe.service, answer)) {
        throw new Error(`${probe.label} before the grant: ${answer.status} ${JSON.stringify(answer.body)}`);
      }
    }
  }, 600_000);

  afterAll(async () => {
    await Promise.all(started.map((replica) => replica.stop()));
    if (!runtime) return;
    for (const name of Object.values(names)) {
      await runtime.db
        .useDb(name)
        .dropDatabase()
        .catch(() => undefined);
      const keys = await runtimeRedisKeys({ ...runtime, namespace: name }).catch(() => [] as string[]);
      if (keys.length > 0) await runtime.redis.del(...keys).catch(() => undefined);
    }
    if (student) await runtime.redis.del(`ban:${student.id}`).catch(() => undefined);
    await destroyTestRuntime(runtime);
  }, 60_000);

  test('when an admin grants a subscription on one commerce process, then every process of every service lets the student in within one second', async () => {
    const granted = await call(
      replicas.commerce[0]!.url,
      '/api/admin/manual-subscription',
      admin.token,
      'POST',
      { userEmail: student.email, months: 1 },
    );
    const grantedAt = Date.now();
    expect(granted.status).toBe(200);

    const seen = await whenSeen(serviceProbes(), student.token, grantedAt, (probe, answer) =>
      isSubscribedAnswer(probe.service, answer),
    );
    report('subscription granted', seen);
    expect(late(seen)).toEqual([]);
  });

  test('when an admin bans the student and then lifts the ban, then every process and both gateways refuse, and then admit, the student within one second', async () => {
    const probes = [...serviceProbes(), ...gatewayProbes()];
    const before = new Map<string, number>();
    for (const probe of probes)
      before.set(probe.label, (await call(probe.url, probe.path, student.token)).status);
    expect([...before.values()]).not.toContain(403);

    const banned = await call(gateways[0]!.url, '/api/admin/ban-user', admin.token, 'POST', {
      userId: student.id,
      reason: BAN_REASON,
      banDuration: 24,
    });
    const bannedAt = Date.now();
    expect(banned.status).toBe(201);
    const suspended = {
      message: 'Account suspended',
      reason: BAN_REASON,
      expiresAt: (banned.body as { banUntil: string }).banUntil,
    };
    const refused = await whenSeen(
      probes,
      student.token,
      bannedAt,
      // Through a gateway the gateway itself refuses: the call never reaches the service behind it.
      (probe, answer) =>
        answer.status === 403 &&
        isDeepStrictEqual(answer.body, suspended) &&
        (!probe.viaGateway || answer.answeredBy === null),
    );
    report('ban applied', refused);
    expect(late(refused)).toEqual([]);

    const lifted = await call(gateways[1]!.url, `/api/admin/unban-user/${student.id}`, admin.token, 'DELETE');
    const liftedAt = Date.now();
    expect(lifted.status).toBe(200);

    // Admitted again: every call answers as it did before the ban.
    const admitted = await whenSeen(
      probes,
      student.token,
      liftedAt,
      (probe, answer) => answer.status === before.get(probe.label),
    );
    report('ban lifted', admitted);
    expect(late(admitted)).toEqual([]);
  });
});
