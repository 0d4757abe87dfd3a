/**
 * The search service under load, beside the plain way to answer the same queries, in one run:
 *   1. its own infrastructure on free test ports (as the test suite starts it: never the dev
 *      ports), then BENCH_SEARCH_DOCS (100,000) posts and comments over 4 colleges
 *      (search-corpus.ts) published as forum's events, with 2,000 students (auth and commerce
 *      events), and the same documents written to a MongoDB collection (the store);
 *   2. a search replica started on that stream: how long its replay took, and the memory of its
 *      index (heap after the replay, less the heap of a replica with an empty index);
 *   3. direct: GET /api/search on the replica at BENCH_CONNECTIONS (50) keep-alive connections for
 *      BENCH_DURATION_SECONDS, queries of 1-3 words from the corpus, a typo in every third, each
 *      asked by a student of the document's college; then GET /healthz on the same replica at the
 *      same concurrency for BENCH_FLOOR_SECONDS (5), the floor any request costs there;
 *   4. baseline: the same queries as a regex scan over the store (every word, any case, in the
 *      title or text, the college's documents, 20 at most) at the same concurrency;
 *   5. recall of both: how often the document the words came from is among the answers;
 *   6. in this process, on the same corpus and queries, one at a time: the service's query path
 *      (`search()`: scope, blocks, recency, the hits' JSON) beside the raw engine with the same
 *      options (the floor) and the raw engine asked for edits on every word (search's options
 *      before 25 Nov 2026), p50/p99/mean and the ratios.
 *
 *   npm run bench -- search
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import mongoose from 'mongoose';
import { connect } from 'nats';
import { EVENTS, type EventSubject } from '@quad/contracts';
import { ensureStreams, type Viewer } from '@quad/common';
import { startServiceProcess, testToken } from '@quad/common/src/testing';
import globalSetup from '@quad/common/src/testing/global-setup';
import globalTeardown from '@quad/common/src/testing/global-teardown';
import {
  COLLEGES,
  type CorpusDoc,
  type CorpusQuery,
  directoryUserOf,
  indexedDocOf,
  makeCorpus,
  makeQueries,
  percentile,
} from './search-corpus';
import { SERVICE_NODE_OPTIONS } from '../../scripts/dev-env';
import { cpuMicroseconds } from './process-cpu';

const DOCS = Number(process.env.BENCH_SEARCH_DOCS ?? 100_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_DURATION_SECONDS ?? 15);
/** How long GET /healthz is loaded for the floor. */
const FLOOR_SECONDS = Number(process.env.BENCH_FLOOR_SECONDS ?? 5);
const BASELINE_QUERIES = Number(process.env.BENCH_BASELINE_QUERIES ?? 50);
/** The baseline's scans over FerretDB take seconds each: what has not answered by then is counted as slower than this. */
const BASELINE_SECONDS = Number(process.env.BENCH_BASELINE_SECONDS ?? 90);

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function publishAll(events: Array<{ subject: EventSubject; data: unknown }>): Promise<void> {
  const nats = await connect({ servers: process.env.NATS_URL });
  const jsm = await nats.jetstreamManager();
  await ensureStreams(jsm);
  const js = nats.jetstream();
  const WINDOW = 500;
  for (let i = 0; i < events.length; i += WINDOW) {
    await Promise.all(
      events.slice(i, i + WINDOW).map(({ subject, data }) => {
        const id = randomUUID();
        const envelope = {
          id,
          subject,
          occurredAt: new Date().toISOString(),
          data: EVENTS[subject].parse(data),
        };
        return js.publish(subject, JSON.stringify(envelope), { msgID: id });
      }),
    );
  }
  await nats.drain();
}

function forumEvent(doc: CorpusDoc): { subject: EventSubject; data: unknown } {
  const common = {
    authorId: doc.authorId,
    collegeId: doc.collegeId,
    isAnonymous: doc.isAnonymous,
    createdAt: doc.createdAt,
    version: 0,
  };
  return doc.kind === 'post'
    ? {
        subject: 'forum.post.created',
        data: { ...common, postId: doc.id, topicId: doc.topicId, title: doc.title, content: doc.text },
      }
    : {
        subject: 'forum.comment.created',
        data: { ...common, commentId: doc.id, postId: doc.postId, content: doc.text },
      };
}

async function metric(url: string, name: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const line = text.split('\n').find((row) => row.startsWith(`${name}{`) || row.startsWith(`${name} `));
  return line ? Number(line.trim().split(' ').pop()) : NaN;
}

/**
 * Until the replica's durable consumers have taken every event published before it started: the
 * user directory (the subscription check's copy of the students) handles the 2,000 registrations
 * through MongoDB and Redis after the index is ready, which ran into the first seconds of the
 * load (its CPU and its allocations among the queries') before this wait.
 */
async function settled(url: string, timeoutMs = 300_000): Promise<number> {
  const started = Date.now();
  let quiet = 0;
  while (Date.now() - started < timeoutMs) {
    const text = await (await fetch(`${url}/metrics`)).text();
    const backlog = text
      .split('\n')
      .filter((row) => /^events_consumer_(ack_)?pending\{/.test(row))
      .reduce((sum, row) => sum + Number(row.trim().split(' ').pop()), 0);
    quiet = backlog === 0 ? quiet + 1 : 0;
    if (quiet >= 2) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the replica's consumers still had events pending after ${timeoutMs / 1000} s`);
}

/** The replica's garbage collections so far by kind (prom-client's `nodejs_gc_duration_seconds`): count and seconds. */
async function gcTotals(url: string): Promise<Map<string, { count: number; seconds: number }>> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const totals = new Map<string, { count: number; seconds: number }>();
  for (const row of text.split('\n')) {
    const match = /^nodejs_gc_duration_seconds_(sum|count)\{[^}]*kind="(\w+)"[^}]*\} (\S+)$/.exec(row);
    if (!match) continue;
    const entry = totals.get(match[2]!) ?? { count: 0, seconds: 0 };
    if (match[1] === 'sum') entry.seconds = Number(match[3]);
    else entry.count = Number(match[3]);
    totals.set(match[2]!, entry);
  }
  return totals;
}

/** What the collections between two `gcTotals` readings did: `major 3 (41 ms), minor 120 (310 ms)`. */
function gcBetween(before: Awaited<ReturnType<typeof gcTotals>>, after: Awaited<ReturnType<typeof gcTotals>>): string {
  return [...after]
    .map(([kind, { count, seconds }]) => {
      const earlier = before.get(kind) ?? { count: 0, seconds: 0 };
      return `${kind} ${count - earlier.count} (${Math.round((seconds - earlier.seconds) * 1000)} ms)`;
    })
    .join(', ');
}

const escapeRegex = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function main() {
  const benchStart = new Date();
  await globalSetup();
  const { docs, users } = makeCorpus(DOCS);
  const queries = makeQueries(docs, 2000);
  console.log(
    `${docs.length} documents (${docs.filter((d) => d.kind === 'post').length} posts, ${docs.filter((d) => d.kind === 'comment').length} comments), ${COLLEGES.length} colleges, ${users.length} students; ${queries.length} queries, ${queries.filter((q) => q.typo).length} with a typo`,
  );

  let started = Date.now();
  const userEvents = users.flatMap((user) => [
    {
      subject: 'auth.user.registered' as const,
      data: directoryUserOf(user),
    },
    {
      subject: 'commerce.subscription.updated' as const,
      data: {
        userId: user.id,
        version: 0,
        subscriptionExpiresAt: new Date(Date.now() + 365 * 86_400_000).toISOString(),
      },
    },
  ]);
  await publishAll([...userEvents, ...docs.map(forumEvent)]);
  console.log(`published ${userEvents.length + docs.length} events in ${seconds(Date.now() - started)}`);

  started = Date.now();
  const store = await mongoose
    .createConnection(process.env.MONGO_URL!, { dbName: 'bench_search_store' })
    .asPromise();
  const Documents = store.collection('documents');
  for (let i = 0; i < docs.length; i += 2000) {
    await Documents.insertMany(
      docs.slice(i, i + 2000).map((doc) => ({
        _id: doc.id as never,
        collegeId: doc.collegeId,
        kind: doc.kind,
        title: doc.title,
        text: doc.text,
      })),
    );
  }
  console.log(`stored ${docs.length} documents in MongoDB (FerretDB) in ${seconds(Date.now() - started)}`);

  started = Date.now();
  // EVENTS_REPLAY all: the replica's user directory (the subscription gate) reads the students published above.
  const env = {
    SEARCH_REPLAY_SINCE: benchStart.toISOString(),
    EVENTS_REPLAY: 'all',
    DB_NAME: 'bench_search',
    CONSUMER_PREFIX: 'bench_search',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    // The V8 flags every deployment gives the services (scripts/dev-env.ts, the image), then
    // BENCH_SERVICE_FLAGS (node flags to try); BENCH_CPU_PROF=<dir>: the replica writes a V8 CPU
    // profile there when it stops (bench/src/cpu-profile.ts reads it).
    NODE_OPTIONS: [
      SERVICE_NODE_OPTIONS,
      process.env.BENCH_SERVICE_FLAGS ?? '',
      process.env.BENCH_CPU_PROF ? `--require ${join(__dirname, 'cpu-prof-preload.cjs')}` : '',
    ]
      .filter(Boolean)
      .join(' '),
  };
  const replica = await startServiceProcess({ service: 'search', env, timeoutMs: 900_000 });
  const replaySeconds = (Date.now() - started) / 1000;
  const empty = await startServiceProcess({
    service: 'search',
    env: { ...env, SEARCH_REPLAY_SINCE: new Date(Date.now() + 3600_000).toISOString() },
  });
  const documents = await metric(replica.url, 'search_index_documents');
  const heap = await metric(replica.url, 'nodejs_heap_size_used_bytes');
  const emptyHeap = await metric(empty.url, 'nodejs_heap_size_used_bytes');
  const rss = await metric(replica.url, 'process_resident_memory_bytes');
  const emptyRss = await metric(empty.url, 'process_resident_memory_bytes');
  await empty.stop();
  // After the memory is read (as before this wait), so the directory's garbage does not count.
  const settleMs = await settled(replica.url);
  console.log(
    `replica ready (replayed and indexed) in ${replaySeconds.toFixed(1)} s: ${documents} documents (posts, comments and people); its durable consumers (the user directory) caught up ${seconds(settleMs)} later`,
  );
  const perHundredK = (bytes: number) => `${((bytes / 1e6) * (100_000 / docs.length)).toFixed(0)} MB`;
  console.log(
    `index memory: heap ${perHundredK(heap - emptyHeap)} and RSS ${perHundredK(rss - emptyRss)} per 100,000 documents (replica ${(heap / 1e6).toFixed(0)} MB heap, ${(rss / 1e6).toFixed(0)} MB RSS; empty replica ${(emptyHeap / 1e6).toFixed(0)} / ${(emptyRss / 1e6).toFixed(0)} MB)`,
  );

  const tokens = new Map(
    COLLEGES.map((college) => [
      college,
      testToken({ userId: users.find((user) => user.collegeId === college)!.id, collegeId: college }),
    ]),
  );
  const path = (query: CorpusQuery) => `/api/search?${new URLSearchParams({ q: query.q, limit: '20' })}`;

  // Recall, one query at a time (not under load).
  let found = 0;
  let typoFound = 0;
  const recallQueries = queries.slice(0, 300);
  for (const query of recallQueries) {
    const hits = (await (
      await fetch(`${replica.url}${path(query)}`, {
        headers: { Authorization: `Bearer ${tokens.get(query.collegeId as never)}` },
      })
    ).json()) as Array<{ id: string }>;
    if (hits.some((hit) => hit.id === query.sourceId)) {
      found += 1;
      if (query.typo) typoFound += 1;
    }
  }
  const recallTypos = recallQueries.filter((query) => query.typo).length;

  // Direct, under load; the replica's CPU per request moves far less with the box's load than its rates.
  let next = 0;
  const loadBefore = loadavg()[0]!;
  const cpuBefore = cpuMicroseconds(replica.process.pid!) ?? NaN;
  const gcBefore = await gcTotals(replica.url);
  const result = await autocannon({
    url: replica.url,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [
      {
        setupRequest: (request) => {
          const query = queries[next++ % queries.length]!;
          return {
            ...request,
            method: 'GET',
            path: path(query),
            headers: { Authorization: `Bearer ${tokens.get(query.collegeId as never)}` },
          };
        },
      },
    ],
  });
  const cpuPerRequest = Math.round(
    ((cpuMicroseconds(replica.process.pid!) ?? NaN) - cpuBefore) / result.requests.total,
  );
  const gcDuringLoad = gcBetween(gcBefore, await gcTotals(replica.url));
  // The floor: the same replica answering GET /healthz (express, HTTP, no authentication, no query)
  // at the same concurrency, so its CPU per request shows what any request costs here.
  const floorBefore = cpuMicroseconds(replica.process.pid!) ?? NaN;
  const floor = await autocannon({
    url: `${replica.url}/healthz`,
    connections: CONNECTIONS,
    duration: FLOOR_SECONDS,
  });
  const floorCpu = Math.round(((cpuMicroseconds(replica.process.pid!) ?? NaN) - floorBefore) / floor.requests.total);
  await replica.stop();
  console.log(
    `direct: ${cpuPerRequest} µs of the replica's CPU per request, ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.errors + result.non2xx} errors; recall ${found}/${recallQueries.length}, typo recall ${typoFound}/${recallTypos} (load average ${loadBefore.toFixed(1)} before); garbage collections meanwhile: ${gcDuringLoad}`,
  );
  console.log(
    `floor: GET /healthz on the same replica ${floorCpu} µs of CPU per request, ${Math.round(floor.requests.average)} req/s, p99 ${floor.latency.p99} ms (load average ${loadavg()[0]!.toFixed(1)})`,
  );

  // Baseline: a regex scan over the store, same queries, same concurrency.
  const baselineQueries = queries.slice(0, BASELINE_QUERIES);
  const latencies: number[] = [];
  let baselineFound = 0;
  let baselineTypoFound = 0;
  let cursor = 0;
  const baselineStart = Date.now();
  const allAnswered = Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (cursor < baselineQueries.length) {
        const query = baselineQueries[cursor++]!;
        const words = query.q.split(' ');
        const start = performance.now();
        const rows = await Documents.find(
          {
            collegeId: query.collegeId,
            $and: words.map((word) => ({
              $or: [
                { title: { $regex: escapeRegex(word), $options: 'i' } },
                { text: { $regex: escapeRegex(word), $options: 'i' } },
              ],
            })),
          },
          { projection: { _id: 1 } },
        )
          .limit(20)
          .toArray();
        latencies.push(performance.now() - start);
        if (rows.some((row) => String(row._id) === query.sourceId)) {
          baselineFound += 1;
          if (query.typo) baselineTypoFound += 1;
        }
      }
    }),
  );
  // In-flight scans are abandoned at the deadline (closing the connection ends them).
  await Promise.race([allAnswered, new Promise((resolve) => setTimeout(resolve, BASELINE_SECONDS * 1000))]);
  const baselineSeconds = (Date.now() - baselineStart) / 1000;
  const unanswered = baselineQueries.length - latencies.length;
  for (let i = 0; i < unanswered; i++) latencies.push(Infinity);
  latencies.sort((a, b) => a - b);
  const baselineTypos = baselineQueries.filter((query) => query.typo).length;
  await store.close(true).catch(() => undefined);

  const rows = [
    {
      way: `search service, direct (${CONNECTIONS} connections, ${DURATION} s)`,
      'req/s': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      'CPU µs/req': cpuPerRequest,
      errors: result.errors + result.non2xx,
      recall: `${((100 * found) / recallQueries.length).toFixed(0)} %`,
      'typo recall': `${((100 * typoFound) / recallTypos).toFixed(0)} %`,
    },
    {
      way: `regex scan over the store (${CONNECTIONS} at a time, ${baselineQueries.length} queries, ${unanswered} unanswered after ${BASELINE_SECONDS} s)`,
      'req/s': Number(((baselineQueries.length - unanswered) / baselineSeconds).toFixed(2)),
      'p50 ms': Number.isFinite(percentile(latencies, 50))
        ? Math.round(percentile(latencies, 50))
        : `> ${BASELINE_SECONDS * 1000}`,
      'p99 ms': Number.isFinite(percentile(latencies, 99))
        ? Math.round(percentile(latencies, 99))
        : `> ${BASELINE_SECONDS * 1000}`,
      'CPU µs/req': '',
      errors: 0,
      recall: `${((100 * baselineFound) / baselineQueries.length).toFixed(0)} %`,
      'typo recall': `${((100 * baselineTypoFound) / baselineTypos).toFixed(0)} %`,
    },
  ];
  console.table(rows);
  console.log(
    `p99 direct ${result.latency.p99} ms (goal < 50 ms): ${result.latency.p99 < 50 ? 'met' : 'NOT met'}`,
  );
  await globalTeardown();
  // BENCH_SEARCH_IN_PROCESS=0 leaves it out (a run of an older service that lacks what it imports).
  if (process.env.BENCH_SEARCH_IN_PROCESS !== '0') await inProcess(docs, users, queries);
}

/**
 * The query path in this process, no HTTP: the service's `search()` (what a request runs after
 * authentication) beside the raw engine with the same options (the floor) and the raw engine asked
 * for edits on every word (the options before), interleaved query by query so the box's load
 * falls on all three alike.
 */
async function inProcess(
  docs: CorpusDoc[],
  users: ReturnType<typeof makeCorpus>['users'],
  queries: CorpusQuery[],
): Promise<void> {
  const { search: serviceSearch } = await import('../../services/search/src/domain/search');
  const { QUERY_OPTIONS, SearchIndex, knownWordsTakenAsWritten } =
    await import('../../services/search/src/domain/search-index');
  const index = new SearchIndex();
  for (const user of users)
    index.putUser(directoryUserOf(user));
  for (const doc of docs) index.put(indexedDocOf(doc));
  const engines = index.engines();
  const viewers = new Map<string, Viewer>(
    users.map((user) => [
      user.collegeId,
      { userId: user.id, collegeId: user.collegeId, isAdmin: false } as Viewer,
    ]),
  );
  const ways: Record<string, (query: CorpusQuery) => unknown> = {
    'service search() + JSON': (query) =>
      JSON.stringify(
        serviceSearch(index, viewers.get(query.collegeId)!, { q: query.q, type: 'all', limit: 20 } as never)
          .hits,
      ),
    'raw MiniSearch, same options (floor)': (query) => {
      const engine = engines.get(query.collegeId)!;
      return engine.search(query.q, knownWordsTakenAsWritten(engine)).slice(0, 20);
    },
    'raw MiniSearch, edits on every word (before)': (query) =>
      engines.get(query.collegeId)!.search(query.q, QUERY_OPTIONS).slice(0, 20),
  };
  const names = Object.keys(ways);
  const times = new Map(names.map((name) => [name, [] as number[]]));
  for (let round = 0; round < 2; round++)
    queries.forEach((query, i) => {
      for (let j = 0; j < names.length; j++) {
        const name = names[(i + j) % names.length]!;
        const start = performance.now();
        ways[name]!(query);
        times.get(name)!.push(performance.now() - start);
      }
    });
  const floor = times.get(names[1]!)!;
  const mean = (list: number[]) => list.reduce((a, b) => a + b, 0) / list.length;
  console.table(
    names.map((name) => {
      const list = times.get(name)!.sort((a, b) => a - b);
      return {
        way: name,
        'p50 ms': Number(percentile(list, 50).toFixed(2)),
        'p99 ms': Number(percentile(list, 99).toFixed(2)),
        'mean ms': Number(mean(list).toFixed(3)),
        'mean / floor': Number((mean(list) / mean(floor)).toFixed(2)),
      };
    }),
  );
}

main().catch(async (err) => {
  console.error(err);
  await globalTeardown().catch(() => undefined);
  process.exit(1);
});
