/**
 * Feed latency at scale: how long GET /api/posts takes on a board of 10,000 posts, against the
 * gateway's /healthz measured the same way in the same run (ratio = feed p50 / healthz p50).
 *
 *   npx tsx bench/src/posts-feed.bench.ts          (with `npm start` running)
 *
 * It inserts the posts straight into the forum's database (written by the bench student, in their
 * college, titles prefixed "[bench]") and into the forum's list indexes and document cache in
 * Redis, as the forum does on create; measures; and removes them again from both
 * (BENCH_KEEP_POSTS=1 keeps them). The posts bypass the topic counters, so the sidebar count
 * ignores them meanwhile. It also times one cold first page: the board's index marked stale, so
 * that request rebuilds it from the database.
 *
 * The student signs in through the API: the demo student Maya Chen of the auth seed unless
 * BENCH_EMAIL and BENCH_PASSWORD name another (subscribed) student.
 *
 * Load: one connection, closed loop (BENCH_CONNECTIONS to change), so p50 is service time rather
 * than queueing. The gateway limits /api calls per IP (API_RATE_LIMIT_PER_MINUTE, 600 a minute by
 * default), so each run stops early at what that limit allows (read from the RateLimit-Policy
 * header); /healthz gets the same cap. For a longer or saturating run, start the stack with a
 * higher limit (or set BENCH_MAX_REQUESTS=0 and BENCH_CONNECTIONS=10 with a high limit).
 */
import mongoose, { type Connection } from 'mongoose';
import { z } from 'zod';
import { type User } from '@quad/contracts';
import { createLogger, createRedis, loadConfig } from '@quad/common';
import { type PostIndex, createPostIndex } from '@quad/forum/src/domain/post-index';
import { forgetLists } from '@quad/forum/src/domain/sorted-id-index';
import { postModel } from '@quad/forum/src/models/post-model';
import { DEMO_PASSWORD } from '../../scripts/seed/auth';

const config = loadConfig(
  z.object({
    BENCH_BASE_URL: z.string().url().default('http://127.0.0.1:8080'),
    MONGO_URL: z.string().default('mongodb://127.0.0.1:27017'),
    REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
    BENCH_FORUM_DB: z.string().default('quad_forum'),
    BENCH_EMAIL: z.string().default('maya.chen@mit.edu'),
    BENCH_PASSWORD: z.string().default(DEMO_PASSWORD),
    BENCH_POSTS: z.coerce.number().int().positive().default(10_000),
    BENCH_TOPIC_ID: z.coerce.number().int().positive().default(10),
    BENCH_DURATION_SECONDS: z.coerce.number().positive().default(10),
    /** Most requests per run; 0 = no cap; unset = what the gateway's API rate limit allows in one window. */
    BENCH_MAX_REQUESTS: z.coerce.number().int().nonnegative().optional(),
    BENCH_CONNECTIONS: z.coerce.number().int().positive().default(1),
    BENCH_KEEP_POSTS: z.enum(['0', '1']).default('0'),
  }),
);

const BENCH_TITLE = /^\[bench\] /;

interface Student {
  userId: string;
  collegeId: string;
  token: string;
}

async function loginStudent(email: string, password: string): Promise<Student> {
  const login = await fetch(`${config.BENCH_BASE_URL}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`login as ${email}: ${login.status} ${await login.text()}`);
  const { authToken, user } = (await login.json()) as { authToken: string; user: User };
  if (!user.collegeId) throw new Error(`${email} has no college`);
  return { userId: user.id, collegeId: user.collegeId, token: authToken };
}

async function insertPosts(db: Connection, index: PostIndex, student: Student): Promise<void> {
  const Post = postModel(db);
  const now = Date.now();
  const batch = 1000;
  for (let start = 0; start < config.BENCH_POSTS; start += batch) {
    const docs = Array.from({ length: Math.min(batch, config.BENCH_POSTS - start) }, (_, offset) => {
      const index = start + offset;
      // One a minute up to now, oldest first as a board fills up: the newest posts, which the
      // first page shows, are the last written (the far end of a FerretDB table; see the README).
      const createdAt = new Date(now - (config.BENCH_POSTS - index) * 60_000);
      return {
        title: `[bench] Post ${index + 1}`,
        content: `Benchmark post ${index + 1}. ${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(4)}`,
        imageUrl: null,
        isAnonymous: index % 5 === 0,
        authorId: student.userId,
        collegeId: student.collegeId,
        topicId: config.BENCH_TOPIC_ID,
        viewCount: index % 37,
        commentCount: 0,
        createdAt,
        updatedAt: createdAt,
      };
    });
    const inserted = await Post.insertMany(docs, { lean: true });
    await Promise.all(inserted.map((post) => index.add(post)));
  }
}

async function removeBenchPosts(db: Connection, index: PostIndex, student: Student): Promise<number> {
  const Post = postModel(db);
  const filter = { authorId: student.userId, title: mongoose.trusted({ $regex: BENCH_TITLE.source }) };
  const posts = await Post.find(filter, { authorId: 1, collegeId: 1, topicId: 1 }).lean();
  const result = await Post.deleteMany(filter);
  for (let start = 0; start < posts.length; start += 1000) {
    await Promise.all(posts.slice(start, start + 1000).map((post) => index.remove(post)));
  }
  return result.deletedCount;
}

/**
 * How many feed requests one run may send without meeting the gateway's per-IP API limit (read
 * from the draft-8 RateLimit-Policy and RateLimit headers, e.g. `"api";q=600;w=60`): 80% of one
 * window or what is left of the current one, less what the set-up used. Undefined (no cap) when
 * the gateway sends no such header.
 */
async function requestBudget(student: Student): Promise<number | undefined> {
  if (config.BENCH_MAX_REQUESTS !== undefined) return config.BENCH_MAX_REQUESTS || undefined;
  const probe = await fetch(`${config.BENCH_BASE_URL}/api/topics`, {
    headers: { Authorization: `Bearer ${student.token}` },
  });
  if (!probe.ok)
    throw new Error(`GET /api/topics as the bench student: ${probe.status} ${await probe.text()}`);
  const quota = Number(/q=(\d+)/.exec(probe.headers.get('ratelimit-policy') ?? '')?.[1]);
  if (!quota) return undefined;
  // What is left of the current window (`RateLimit: …; r=416; t=50`), so back-to-back runs fit too.
  const remaining = Number(/r=(\d+)/.exec(probe.headers.get('ratelimit') ?? '')?.[1] ?? quota);
  return Math.max(10, Math.min(Math.floor(0.8 * quota), remaining) - 10);
}

interface RunStats {
  requests: number;
  p50: number;
  p99: number;
}

/** Nearest-rank percentile of sorted samples. */
function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))]!;
}

/**
 * One closed-loop run: each connection sends its next request when the last answered, for the
 * duration or until `maxRequests` answers, timed around fetch in fractional milliseconds.
 *
 * Timed around fetch rather than with autocannon: when the gateway still answered proxied calls
 * with `Connection: close`, autocannon 8 timed later answers from requests lost on closing
 * sockets (a 10 ms feed printed a p50 of seconds). The gateway now keeps connections alive, but a
 * plain timed loop has no such failure mode and needs no extra dependency.
 */
async function measure(
  title: string,
  url: string,
  headers: Record<string, string>,
  maxRequests: number | undefined,
): Promise<RunStats> {
  const samples: number[] = [];
  const failures = new Map<number, number>();
  let failed = 0;
  const deadline = Date.now() + config.BENCH_DURATION_SECONDS * 1000;
  const limit = maxRequests ?? Number.POSITIVE_INFINITY;
  const connection = async () => {
    while (Date.now() < deadline && samples.length + failed < limit) {
      const started = performance.now();
      const response = await fetch(url, { headers, signal: AbortSignal.timeout(30_000) });
      await response.arrayBuffer();
      const elapsed = performance.now() - started;
      if (response.ok) samples.push(elapsed);
      else {
        failed += 1;
        failures.set(response.status, (failures.get(response.status) ?? 0) + 1);
      }
    }
  };
  await Promise.all(Array.from({ length: config.BENCH_CONNECTIONS }, connection));
  if (failed > 0) {
    const codes = JSON.stringify(Object.fromEntries(failures));
    throw new Error(
      `${title}: non-2xx answers (count by status ${codes}).` +
        (failures.has(429)
          ? ' A 429 is the API rate limit: lower BENCH_MAX_REQUESTS or raise API_RATE_LIMIT_PER_MINUTE.'
          : ''),
    );
  }
  samples.sort((a, b) => a - b);
  return { requests: samples.length, p50: percentile(samples, 0.5), p99: percentile(samples, 0.99) };
}

async function main() {
  const db = await mongoose
    .createConnection(config.MONGO_URL, {
      dbName: config.BENCH_FORUM_DB,
      serverSelectionTimeoutMS: 3000,
      autoIndex: false,
    })
    .asPromise();
  const redis = createRedis(config.REDIS_URL);
  const index = createPostIndex({
    redis,
    Post: postModel(db),
    namespace: config.BENCH_FORUM_DB,
    logger: createLogger('bench', 'warn'),
  });
  let student: Student | undefined;
  try {
    student = await loginStudent(config.BENCH_EMAIL, config.BENCH_PASSWORD);
    await removeBenchPosts(db, index, student); // leftovers of an interrupted run

    const started = Date.now();
    await insertPosts(db, index, student);
    console.log(
      `inserted ${config.BENCH_POSTS} posts in topic ${config.BENCH_TOPIC_ID} of college ${student.collegeId} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );

    const budget = await requestBudget(student);
    const auth = { Authorization: `Bearer ${student.token}` };
    const feedPath = `/api/posts?topicId=${config.BENCH_TOPIC_ID}`;
    // One cold first page: the board's index marked stale, so this request rebuilds it.
    const board = index.boardFor(
      { userId: student.userId, isAdmin: false, collegeId: student.collegeId },
      config.BENCH_TOPIC_ID,
    )!;
    await forgetLists(redis, [board.key]);
    const coldStarted = performance.now();
    const cold = await fetch(`${config.BENCH_BASE_URL}${feedPath}`, { headers: auth });
    await cold.text();
    if (!cold.ok) throw new Error(`cold feed request: ${cold.status}`);
    const coldMs = performance.now() - coldStarted;
    // Warm up connection pools and caches so neither run pays for the first request.
    for (let i = 0; i < 3; i += 1) {
      await fetch(`${config.BENCH_BASE_URL}${feedPath}`, { headers: auth });
      await fetch(`${config.BENCH_BASE_URL}/healthz`);
    }
    const load = `${config.BENCH_CONNECTIONS} connection(s), ${config.BENCH_DURATION_SECONDS} s each${budget ? ` or ${budget} requests, whichever comes first` : ''}`;
    console.log(`measuring (${load})…`);
    const feedRun = await measure('feed', `${config.BENCH_BASE_URL}${feedPath}`, auth, budget);
    const health = await measure('healthz', `${config.BENCH_BASE_URL}/healthz`, {}, budget);

    const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0).padStart(7)} ms`;
    const row = (name: string, r: RunStats) =>
      `${name.padEnd(36)} p50 ${ms(r.p50)}   p99 ${ms(r.p99)}   (${r.requests} requests)`;
    console.log('');
    console.log(row(`GET ${feedPath} (${config.BENCH_POSTS} posts)`, feedRun));
    console.log(row('GET /healthz (gateway baseline)', health));
    console.log(`ratio feed p50 / healthz p50 = ${(feedRun.p50 / health.p50).toFixed(1)}`);
    console.log(`first page with the board's index rebuilt from the database: ${coldMs.toFixed(0)} ms`);
  } finally {
    if (student && config.BENCH_KEEP_POSTS !== '1') {
      console.log(`removed ${await removeBenchPosts(db, index, student)} bench posts`);
    }
    redis.disconnect();
    await db.close();
  }
}

main().catch((err) => {
  console.error(`posts-feed bench failed: ${(err as Error).message}`);
  process.exitCode = 1;
});
