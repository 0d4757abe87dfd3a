/**
 * The search service's query path in this process on the bench corpus, no HTTP, for profiling and
 * quick before/after comparisons: builds the index as the replica would (users, then documents),
 * then runs `search()` + JSON over the bench's queries and prints the mean per query.
 *
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/src/search-in-process.ts
 *   BENCH_SEARCH_DOCS=100000 BENCH_ROUNDS=3
 */
import type { Viewer } from '@quad/common';
import { search } from '../../services/search/src/domain/search';
import { SearchIndex } from '../../services/search/src/domain/search-index';
import { makeCorpus, makeQueries, percentile } from './search-corpus';

const DOCS = Number(process.env.BENCH_SEARCH_DOCS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const { docs, users } = makeCorpus(DOCS);
const queries = makeQueries(docs, 2000);
const index = new SearchIndex();
let started = performance.now();
const heapBefore = process.memoryUsage().heapUsed;
for (const user of users)
  index.putUser({
    userId: user.id,
    version: 0,
    firstName: user.firstName,
    lastName: user.lastName,
    email: null,
    profileColor: '#3B82F6',
    profileImageUrl: null,
    collegeId: user.collegeId,
    collegeName: user.collegeId,
    collegeInitials: 'BC',
    major: 'Benchmarks',
    graduationYear: 2027,
    isAdmin: false,
  } as never);
for (const doc of docs)
  index.put({
    kind: doc.kind,
    id: doc.id,
    partition: doc.collegeId,
    authorId: doc.authorId,
    isAnonymous: doc.isAnonymous,
    title: doc.title,
    text: doc.text,
    topicId: doc.kind === 'post' ? doc.topicId : null,
    postId: doc.postId,
    createdAt: Date.parse(doc.createdAt),
    version: 0,
  });
global.gc?.();
console.log(
  `indexed ${index.size} in ${((performance.now() - started) / 1000).toFixed(1)} s; heap +${((process.memoryUsage().heapUsed - heapBefore) / 1e6).toFixed(0)} MB`,
);
const viewers = new Map<string, Viewer>(
  users.map((user) => [user.collegeId, { userId: user.id, collegeId: user.collegeId, isAdmin: false } as Viewer]),
);
const times: number[] = [];
let found = 0;
let typoFound = 0;
const cpu = process.cpuUsage();
for (let round = 0; round < ROUNDS; round++)
  for (const [i, query] of queries.entries()) {
    const start = performance.now();
    const { hits } = search(index, viewers.get(query.collegeId)!, { q: query.q, type: 'all', limit: 20 } as never);
    JSON.stringify(hits);
    times.push(performance.now() - start);
    if (round === 0 && i < 300 && hits.some((hit) => hit.id === query.sourceId)) {
      found += 1;
      if (query.typo) typoFound += 1;
    }
  }
const used = process.cpuUsage(cpu);
times.sort((a, b) => a - b);
const mean = times.reduce((a, b) => a + b, 0) / times.length;
console.log(
  `${times.length} queries: CPU ${Math.round((used.user + used.system) / times.length)} µs per query; wall mean ${mean.toFixed(3)} ms, p50 ${percentile(times, 50).toFixed(3)}, p99 ${percentile(times, 99).toFixed(2)}; recall ${found}/300, typo ${typoFound}/100`,
);
