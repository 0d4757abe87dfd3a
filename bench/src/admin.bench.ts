/**
 * The admin panel's lists at a campus's scale (issue 22), in one run:
 *   1. its own infrastructure on free test ports (as the test suite starts it: never the dev
 *      ports) and auth, commerce and moderation started on it;
 *   2. the campus written straight into their stores (bench data: no events, no password hashes):
 *      BENCH_ACCOUNTS (20,000) students over the colleges (auth's `users`), each one's entry in
 *      every service's user directory (what auth's, commerce's and moderation's events would
 *      have written there), one payment request per student (BENCH_PENDING, 1,000, still
 *      pending), BENCH_REPORTS (5,000) reports, BENCH_BANS (500) bans in force each with an
 *      appeal, BENCH_AUDIT (50,000) audit entries (QUAD_KEEP_TEST_INFRA=1 keeps them for a rerun).
 *      The lists' Redis indexes are built by their first reader, as after a restore;
 *   3. per list (users with search, filters and sort; payments; reports; bans; appeals; audit
 *      log): the first page once (cold: index built), then autocannon at BENCH_CONNECTIONS (20)
 *      for BENCH_DURATION_SECONDS (5) each, p50/p99, the answer's size, and the CPU
 *      microseconds per request of the service that answered; then the same list at page depth
 *      10 and 100 (the cursor reached by walking the pages);
 *   4. the floor beside it in the same run: `GET /healthz` of the same service at the same
 *      concurrency (HTTP, express and the load generator on this box, nothing of the list).
 *
 *   npm run bench -- admin          (BENCH_LISTS=users,audit runs some lists only)
 */
import { join } from 'node:path';
import autocannon from 'autocannon';
import mongoose from 'mongoose';
import { startServiceProcess, testToken, type ServiceProcess } from '@quad/common/src/testing';
import globalSetup from '@quad/common/src/testing/global-setup';
import globalTeardown from '@quad/common/src/testing/global-teardown';
import { COLLEGES } from '../../services/auth/src/domain/colleges';
import { generatedStudents } from '../../services/auth/src/domain/bulk-students';
import { cpuMicroseconds } from './process-cpu';

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 20_000);
const PENDING = Number(process.env.BENCH_PENDING ?? 1000);
const REPORTS = Number(process.env.BENCH_REPORTS ?? 5000);
const BANS = Number(process.env.BENCH_BANS ?? 500);
const AUDIT = Number(process.env.BENCH_AUDIT ?? 50_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const DURATION = Number(process.env.BENCH_DURATION_SECONDS ?? 5);
const LISTS = process.env.BENCH_LISTS?.split(',');
/** BENCH_CASES=search=ben,college: only the cases whose path contains one of these. */
const ONLY = process.env.BENCH_CASES?.split(',');
const wanted = (path: string) => !ONLY || ONLY.some((part) => path.includes(part));
const DB = {
  auth: 'bench_admin_auth',
  commerce: 'bench_admin_commerce',
  moderation: 'bench_admin_moderation',
};
const DAY = 86_400_000;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** A stable ObjectId per student, so a second run finds the same campus. */
const userIdOf = (i: number) =>
  new mongoose.Types.ObjectId((0x5f000000 + i).toString(16).padStart(8, '0') + '0000000000000000');
const ADMIN_ID = new mongoose.Types.ObjectId('5e0000000000000000000001');

async function insertAll(
  collection: mongoose.mongo.Collection,
  docs: Array<Record<string, unknown>>,
): Promise<void> {
  for (let i = 0; i < docs.length; i += 2000)
    await collection.insertMany(docs.slice(i, i + 2000) as never[], { ordered: false });
}

/** Writes the campus unless it is there already (counted by its users). */
async function seed(): Promise<void> {
  const now = Date.now();
  const conn = (name: string) =>
    mongoose.createConnection(process.env.MONGO_URL!, { dbName: name }).asPromise();
  const [auth, commerce, moderation] = await Promise.all([
    conn(DB.auth),
    conn(DB.commerce),
    conn(DB.moderation),
  ]);
  try {
    const have = await auth.collection('users').estimatedDocumentCount();
    if (have >= ACCOUNTS) {
      console.log(`campus already there: ${have} accounts`);
      return;
    }
    const started = Date.now();
    const students = generatedStudents(ACCOUNTS);
    const createdAt = (i: number) => new Date(now - (ACCOUNTS - i) * 60_000);
    const users = students.map((student, i) => ({
      _id: userIdOf(i),
      accountKey: student.email,
      email: student.email,
      passwordHash: null,
      firstName: student.firstName,
      lastName: student.lastName,
      collegeId: student.collegeId,
      isVerified: true,
      bio: '',
      major: 'Benchmarks',
      graduationYear: 2027,
      interests: [],
      profileColor: '#3B82F6',
      profileImageUrl: null,
      isAdmin: false,
      isAnonymousAdmin: false,
      tutorialCompleted: true,
      version: 0,
      createdAt: createdAt(i),
      updatedAt: createdAt(i),
    }));
    const admin = {
      ...users[0]!,
      _id: ADMIN_ID,
      accountKey: 'bench.admin@quad.app',
      email: 'bench.admin@quad.app',
      firstName: 'Bench',
      lastName: 'Admin',
      collegeId: null,
      isAdmin: true,
    };
    await insertAll(auth.collection('users'), [admin, ...users]);
    const college = new Map(COLLEGES.map((entry) => [entry._id, entry]));
    const banned = (i: number) =>
      i % Math.max(1, Math.floor(ACCOUNTS / BANS)) === 7 && i / Math.floor(ACCOUNTS / BANS) < BANS;
    const directory = [admin, ...users].map((user, i) => ({
      _id: String(user._id),
      version: 0,
      authVersion: 0,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      profileColor: user.profileColor,
      profileImageUrl: null,
      collegeId: user.collegeId,
      collegeName: user.collegeId ? college.get(user.collegeId)!.name : null,
      collegeInitials: user.collegeId ? college.get(user.collegeId)!.initials : null,
      major: user.major,
      graduationYear: user.graduationYear,
      isAdmin: user.isAdmin,
      subscriptionExpiresAt: i % 3 === 0 ? null : new Date(now + (i % 3 === 1 ? 200 : -20) * DAY),
      subscriptionVersion: i % 3 === 0 ? -1 : 0,
      ban: i > 0 && banned(i - 1) ? { reason: 'Bench ban', until: new Date(now + 30 * DAY) } : null,
      banVersion: i > 0 && banned(i - 1) ? 0 : -1,
    }));
    await Promise.all(
      [auth, commerce, moderation].map((db) => insertAll(db.collection('directory_users'), directory)),
    );
    console.log(
      `${users.length} accounts and their directory entries (3 services) in ${seconds(Date.now() - started)}`,
    );

    let at = Date.now();
    const payments = users.map((user, i) => {
      const pending = i >= users.length - PENDING;
      const created = new Date(now - (users.length - i) * 30_000);
      return {
        _id: `bench-pay-${i}`,
        version: pending ? 0 : 1,
        userId: String(user._id),
        userEmail: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        venmoUsername: `@${user.firstName}-${user.lastName}-${i}`.toLowerCase(),
        notes: i % 5 === 0 ? 'Paid for the year' : '',
        amount: '5.00',
        status: pending ? 'pending' : i % 10 === 0 ? 'rejected' : 'approved',
        decidedAt: pending ? null : new Date(created.getTime() + 3600_000),
        decidedBy: pending ? null : String(ADMIN_ID),
        createdAt: created,
        updatedAt: created,
      };
    });
    await insertAll(commerce.collection('payment_requests'), payments);
    console.log(`${payments.length} payment requests (${PENDING} pending) in ${seconds(Date.now() - at)}`);

    at = Date.now();
    const reasons = ['Spam', 'Harassment', 'Inappropriate content', 'Misinformation', 'Other'];
    const reports = Array.from({ length: REPORTS }, (_, i) => ({
      _id: `bench-report-${i}`,
      version: 0,
      type: i % 3 === 0 ? 'comment' : 'post',
      contentId: `bench-content-${i % 2000}`,
      reporterId: String(users[(i * 7) % users.length]!._id),
      reportedUserId: String(users[(i * 13) % users.length]!._id),
      authorHidden: i % 4 === 0,
      reason: reasons[i % reasons.length]!,
      description: i % 2 === 0 ? `Reported in the bench, number ${i}` : null,
      status: i >= REPORTS - Math.floor(REPORTS / 5) ? 'pending' : i % 2 === 0 ? 'resolved' : 'dismissed',
      createdAt: new Date(now - (REPORTS - i) * 120_000),
      resolvedBy: null,
      resolvedAt: null,
      contentRemoved: false,
    }));
    await insertAll(moderation.collection('reports'), reports);
    const bannedUsers = users.filter((_, i) => banned(i));
    const bans = bannedUsers.map((user, i) => ({
      _id: String(user._id),
      version: 0,
      active: true,
      banId: `${String(user._id)}:0`,
      reason: i % 2 === 0 ? 'Spam in the forum' : 'Harassment in chat',
      bannedBy: String(ADMIN_ID),
      banUntil: new Date(now + 30 * DAY),
      createdAt: new Date(now - (bannedUsers.length - i) * 3600_000),
      liftedAt: null,
      liftedBy: null,
    }));
    await insertAll(moderation.collection('bans'), bans);
    const appeals = bans.map((ban, i) => ({
      _id: ban.banId,
      version: 0,
      userId: ban._id,
      message: `Please lift my ban, number ${i}: it was a misunderstanding.`,
      status: i % 3 === 0 ? 'pending' : i % 3 === 1 ? 'accepted' : 'declined',
      response: null,
      decidedBy: i % 3 === 0 ? null : String(ADMIN_ID),
      createdAt: new Date(ban.createdAt.getTime() + 600_000),
      decidedAt: null,
    }));
    await insertAll(moderation.collection('appeals'), appeals);
    const actions = [
      'payment:approved',
      'payment:rejected',
      'ban',
      'report:resolved',
      'reveal',
      'manual-subscription',
    ];
    const audit = Array.from({ length: AUDIT }, (_, i) => ({
      _id: `bench-audit-${i}`,
      version: 0,
      adminId: String(ADMIN_ID),
      action: actions[i % actions.length]!,
      targetUserId: String(users[i % users.length]!._id),
      targetId: `bench-target-${i}`,
      reason: i % 6 === 4 ? 'Reported for harassment' : null,
      details: {},
      at: new Date(now - (AUDIT - i) * 60_000),
    }));
    await insertAll(moderation.collection('audit_log'), audit);
    console.log(
      `${reports.length} reports, ${bans.length} bans, ${appeals.length} appeals, ${audit.length} audit entries in ${seconds(Date.now() - at)}`,
    );
  } finally {
    await Promise.all([auth, commerce, moderation].map((db) => db.close()));
  }
}

interface Case {
  list: string;
  service: 'auth' | 'commerce' | 'moderation';
  path: string;
}

const CASES: Case[] = [
  { list: 'users', service: 'auth', path: '/api/admin/users' },
  { list: 'users', service: 'auth', path: '/api/admin/users?search=ben' },
  { list: 'users', service: 'auth', path: '/api/admin/users?search=ben.kim' },
  { list: 'users', service: 'auth', path: '/api/admin/users?sort=name' },
  { list: 'users', service: 'auth', path: '/api/admin/users?college=2' },
  { list: 'users', service: 'auth', path: '/api/admin/users?subscription=active' },
  { list: 'users', service: 'auth', path: '/api/admin/users?banned=true' },
  { list: 'users', service: 'auth', path: '/api/admin/users?search=zoe&college=3&subscription=expired' },
  { list: 'payments', service: 'commerce', path: '/api/admin/payment-requests' },
  { list: 'payments', service: 'commerce', path: '/api/admin/payment-requests?status=approved' },
  { list: 'payments', service: 'commerce', path: '/api/admin/payment-requests?search=tanaka' },
  { list: 'reports', service: 'moderation', path: '/api/admin/reports?status=pending' },
  { list: 'reports', service: 'moderation', path: '/api/admin/reports?search=harassment' },
  { list: 'bans', service: 'moderation', path: '/api/admin/banned-users' },
  { list: 'bans', service: 'moderation', path: '/api/admin/banned-users?search=spam' },
  { list: 'appeals', service: 'moderation', path: '/api/admin/appeals?status=pending' },
  { list: 'audit', service: 'moderation', path: '/api/admin/audit-log' },
  { list: 'audit', service: 'moderation', path: '/api/admin/audit-log?action=reveal' },
  { list: 'audit', service: 'moderation', path: '/api/admin/audit-log?search=harassment' },
];
/** Lists walked to depth 10 and 100 (their cursor then loaded as the page). */
const DEEP = [
  '/api/admin/users',
  '/api/admin/users?search=ben',
  '/api/admin/users?sort=name',
  '/api/admin/payment-requests',
  '/api/admin/audit-log',
];

async function load(service: ServiceProcess, path: string, headers: Record<string, string>) {
  const before = cpuMicroseconds(service.process.pid!) ?? NaN;
  const result = await autocannon({
    url: `${service.url}${path}`,
    connections: CONNECTIONS,
    duration: DURATION,
    headers,
  });
  const cpu = (cpuMicroseconds(service.process.pid!) ?? NaN) - before;
  return {
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'CPU µs/req': result.requests.total ? Math.round(cpu / result.requests.total) : NaN,
    errors: result.errors + result.non2xx,
  };
}

async function main() {
  await globalSetup();
  const started = Date.now();
  await seed();
  const env = (db: string) => ({
    DB_NAME: db,
    CONSUMER_PREFIX: db,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    EVENTS_REPLAY: 'new',
    ADMIN_PASSWORD: 'bench-admin-password',
    // BENCH_CPU_PROF=<dir>: every service writes a V8 CPU profile there when it stops (bench/src/cpu-profile.ts reads it).
    ...(process.env.BENCH_CPU_PROF
      ? { NODE_OPTIONS: `--require ${join(__dirname, 'cpu-prof-preload.cjs')}` }
      : {}),
  });
  const services = {
    auth: await startServiceProcess({ service: 'auth', env: env(DB.auth) }),
    commerce: await startServiceProcess({ service: 'commerce', env: env(DB.commerce) }),
    moderation: await startServiceProcess({ service: 'moderation', env: env(DB.moderation) }),
  };
  console.log(`seeded and started in ${seconds(Date.now() - started)}`);
  const headers = { Authorization: `Bearer ${testToken({ userId: String(ADMIN_ID), isAdmin: true })}` };
  const rows: Array<Record<string, string | number>> = [];
  try {
    const floor = await load(services.auth, '/healthz', {});
    rows.push({ case: 'floor: GET /healthz (auth)', bytes: 0, total: '', 'first ms': '', ...floor });
    for (const entry of CASES.filter((c) => (!LISTS || LISTS.includes(c.list)) && wanted(c.path))) {
      const service = services[entry.service];
      const first = performance.now();
      const answer = await fetch(`${service.url}${entry.path}`, { headers });
      const body = await answer.text();
      const firstMs = Math.round(performance.now() - first);
      if (!answer.ok) throw new Error(`${entry.path}: ${answer.status} ${body.slice(0, 200)}`);
      const figures = await load(service, entry.path, headers);
      rows.push({
        case: entry.path,
        rows: (JSON.parse(body) as unknown[]).length,
        bytes: body.length,
        total: answer.headers.get('x-total-count') ?? '',
        'first ms': firstMs,
        ...figures,
      });
    }
    for (const path of DEEP.filter(
      (p) => wanted(p) && (!LISTS || CASES.some((c) => c.path === p && LISTS.includes(c.list))),
    )) {
      const service = services[CASES.find((c) => c.path === path)!.service];
      let cursor: string | null = null;
      const walk: number[] = [];
      for (let depth = 1; depth <= 100; depth++) {
        const url: string = `${service.url}${path}${cursor ? `${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}` : ''}`;
        const start = performance.now();
        const answer: Response = await fetch(url, { headers });
        await answer.arrayBuffer();
        walk.push(performance.now() - start);
        cursor = answer.headers.get('x-next-cursor');
        if (!cursor) break;
        if (depth === 10 || depth === 99) {
          const deepPath = `${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`;
          const sample = await (await fetch(`${service.url}${deepPath}`, { headers })).text();
          rows.push({
            case: `${path} at page ${depth + 1}`,
            rows: (JSON.parse(sample) as unknown[]).length,
            bytes: sample.length,
            total: '',
            'first ms': '',
            ...(await load(service, deepPath, headers)),
          });
        }
      }
      walk.sort((a, b) => a - b);
      console.log(
        `${path}: walked ${walk.length} pages one at a time, median ${walk[Math.floor(walk.length / 2)]!.toFixed(1)} ms, slowest ${walk.at(-1)!.toFixed(1)} ms`,
      );
    }
  } finally {
    console.table(rows);
    const users = rows.find((row) => row.case === '/api/admin/users?search=ben');
    if (users)
      console.log(
        `admin users search p99 ${users['p99 ms']} ms at ${CONNECTIONS} connections over ${ACCOUNTS} accounts (target < 100 ms)`,
      );
    await Promise.all(Object.values(services).map((service) => service.stop()));
    await globalTeardown();
  }
}

main().catch(async (err) => {
  console.error(err);
  await globalTeardown().catch(() => undefined);
  process.exit(1);
});
