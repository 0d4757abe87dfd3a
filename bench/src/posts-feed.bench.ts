/**
 * Feed latency at scale: how long GET /api/posts takes on a board of 10,000 posts, against the
 * gateway's /healthz measured the same way in the same run (ratio = feed p50 / healthz p50).
 *
 *   npx tsx bench/src/posts-feed.bench.ts          (with `npm start` running)
 *
 * It inserts the posts straight into the forum's database (written by the bench student, in their
 * college, titles prefixed "[bench]"), measures, and removes them again (BENCH_KEEP_POSTS=1 keeps
 * them). The posts bypass the topic counters, so the sidebar count ignores them meanwhile.
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
import autocannon from 'autocannon';
import mongoose, { type Connection } from 'mongoose';
import { z } from 'zod';
import { type User } from '@quad/contracts';
import { loadConfig } from '@quad/common';
import { postModel } from '@quad/forum/src/models/post-model';
import { DEMO_PASSWORD } from '../../scripts/seed/auth';

const config = loadConfig(
  z.object({
    BENCH_BASE_URL: z.string().url().default('http://127.0.0.1:8080'),
    MONGO_URL: z.string().default('mongodb://127.0.0.1:27017'),
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

async function insertPosts(db: Connection, student: Student): Promise<void> {
  const Post = postModel(db);
  const now = Date.now();
  const batch = 1000;
  for (let start = 0; start < config.BENCH_POSTS; start += batch) {
    const docs = Array.from({ length: Math.min(batch, config.BENCH_POSTS - start) }, (_, offset) => {
      const index = start + offset;
      const createdAt = new Date(now - (index + 1) * 60_000); // one a minute, going back from now
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
    await Post.insertMany(docs, { lean: true });
  }
}

async function removeBenchPosts(db: Connection, student: Student): Promise<number> {
  const result = await postModel(db).deleteMany({
    authorId: student.userId,
    title: mongoose.trusted({ $regex: BENCH_TITLE.source }),
  });
  return result.deletedCount;
}

/**
 * How many feed requests one run may send without meeting the gateway's per-IP API limit (read
 * from the draft-8 RateLimit-Policy header, e.g. `"api";q=600;w=60`): 80% of one window, less
 * what the set-up used. Undefined (no cap) when the gateway sends no such header.
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
  return Math.max(10, Math.floor(0.8 * quota) - 10);
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
 * duration or until `maxRequests` answers. Latencies are taken from autocannon's per-response
 * event in fractional milliseconds: its own histogram keeps whole milliseconds, too coarse for a
 * sub-millisecond /healthz baseline (and its overallRate throttling skews them, so none is used).
 */
function measure(
  title: string,
  url: string,
  headers: Record<string, string>,
  maxRequests: number | undefined,
) {
  return new Promise<RunStats>((resolve, reject) => {
    const samples: number[] = [];
    const instance = autocannon(
      {
        title,
        url,
        headers,
        connections: config.BENCH_CONNECTIONS,
        duration: config.BENCH_DURATION_SECONDS,
        timeout: 30,
      },
      (err, result) => {
        if (err) return reject(err);
        if (result.non2xx > 0 || result.errors > 0) {
          const codes = JSON.stringify(result.statusCodeStats ?? {});
          return reject(
            new Error(
              `${title}: ${result.non2xx} non-2xx answers and ${result.errors} errors (status codes ${codes}).` +
                (result['4xx'] > 0
                  ? ' A 429 is the API rate limit: lower BENCH_MAX_REQUESTS or raise API_RATE_LIMIT_PER_MINUTE.'
                  : ''),
            ),
          );
        }
        samples.sort((a, b) => a - b);
        resolve({ requests: samples.length, p50: percentile(samples, 0.5), p99: percentile(samples, 0.99) });
      },
    );
    instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTimeMs: number) => {
      samples.push(responseTimeMs);
      if (maxRequests && samples.length >= maxRequests) instance.stop();
    });
  });
}

async function main() {
  const db = await mongoose
    .createConnection(config.MONGO_URL, {
      dbName: config.BENCH_FORUM_DB,
      serverSelectionTimeoutMS: 3000,
      autoIndex: false,
    })
    .asPromise();
  let student: Student | undefined;
  try {
    student = await loginStudent(config.BENCH_EMAIL, config.BENCH_PASSWORD);
    await removeBenchPosts(db, student); // leftovers of an interrupted run

    const started = Date.now();
    await insertPosts(db, student);
    console.log(
      `inserted ${config.BENCH_POSTS} posts in topic ${config.BENCH_TOPIC_ID} of college ${student.collegeId} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );

    const budget = await requestBudget(student);
    const auth = { Authorization: `Bearer ${student.token}` };
    const feedPath = `/api/posts?topicId=${config.BENCH_TOPIC_ID}`;
    // Warm up connection pools and caches so neither run pays for the first request.
    for (let i = 0; i < 3; i += 1) {
      await fetch(`${config.BENCH_BASE_URL}${feedPath}`, { headers: auth });
      await fetch(`${config.BENCH_BASE_URL}/healthz`);
    }
    const load = `${config.BENCH_CONNECTIONS} connection(s), ${config.BENCH_DURATION_SECONDS} s each${budget ? ` or ${budget} requests, whichever comes first` : ''}`;
    console.log(`measuring (${load})…`);
    const feed = await measure('feed', `${config.BENCH_BASE_URL}${feedPath}`, auth, budget);
    const health = await measure('healthz', `${config.BENCH_BASE_URL}/healthz`, {}, budget);

    const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0).padStart(7)} ms`;
    const row = (name: string, r: RunStats) =>
      `${name.padEnd(36)} p50 ${ms(r.p50)}   p99 ${ms(r.p99)}   (${r.requests} requests)`;
    console.log('');
    console.log(row(`GET ${feedPath} (${config.BENCH_POSTS} posts)`, feed));
    console.log(row('GET /healthz (gateway baseline)', health));
    console.log(`ratio feed p50 / healthz p50 = ${(feed.p50 / health.p50).toFixed(1)}`);
  } finally {
    if (student && config.BENCH_KEEP_POSTS !== '1') {
      console.log(`removed ${await removeBenchPosts(db, student)} bench posts`);
    }
    await db.close();
  }
}

main().catch((err) => {
  console.error(`posts-feed bench failed: ${(err as Error).message}`);
  process.exitCode = 1;
});
