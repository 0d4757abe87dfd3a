/**
 * The search service's query path in this process on the bench corpus, no HTTP, for profiling and
 * before/after comparisons: builds the index as the replica would (users, then documents), then
 * runs `search()` + JSON over the bench's queries and prints the CPU time per query (process
 * CPU, less sensitive to a busy box than wall time), wall p50/p99, and recall.
 *
 *   node --expose-gc --import tsx bench/src/search-in-process.ts
 *   BENCH_SEARCH_DOCS=100000 BENCH_ROUNDS=3
 *   BENCH_AB_DIR=<dir>: also the domain code in <dir> (search-index.ts and search.ts of another
 *     commit, e.g. `git show <commit>:services/search/src/domain/search.ts`), with its own index of
 *     the same documents, queries interleaved one by one, so both ways meet the same load.
 *   node --cpu-prof --cpu-prof-dir=DIR ... then bench/src/cpu-profile.ts for the profile.
 */
import type { Viewer } from '@quad/common';
import * as current from '../../services/search/src/domain/search';
import * as currentIndex from '../../services/search/src/domain/search-index';
import { directoryUserOf, indexedDocOf, makeCorpus, makeQueries, percentile } from './search-corpus';

const DOCS = Number(process.env.BENCH_SEARCH_DOCS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const AB_DIR = process.env.BENCH_AB_DIR;

interface Way {
  name: string;
  search: typeof current.search;
  index: currentIndex.SearchIndex;
  cpu: number;
  times: number[];
  found: number;
  typoFound: number;
}

async function main() {
  const { docs, users } = makeCorpus(DOCS);
  const queries = makeQueries(docs, 2000);
  const kinds: Array<{ name: string; search: typeof current.search; SearchIndex: typeof currentIndex.SearchIndex }> = [
    { name: 'this code', search: current.search, SearchIndex: currentIndex.SearchIndex },
  ];
  if (AB_DIR) {
    const old = (await import(`${AB_DIR}/search.ts`)) as typeof current;
    const oldIndex = (await import(`${AB_DIR}/search-index.ts`)) as typeof currentIndex;
    kinds.push({ name: AB_DIR, search: old.search, SearchIndex: oldIndex.SearchIndex });
  }
  const ways: Way[] = kinds.map((kind) => {
    // BENCH_REMEMBERED_QUERIES: this code's remembered queries per partition (0, off, unless given).
    const index = new kind.SearchIndex({ rememberedQueries: Number(process.env.BENCH_REMEMBERED_QUERIES ?? 0) } as never);
    const started = performance.now();
    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    for (const user of users) index.putUser(directoryUserOf(user) as never);
    for (const doc of docs) index.put(indexedDocOf(doc));
    global.gc?.();
    console.log(
      `${kind.name}: indexed ${index.size} in ${((performance.now() - started) / 1000).toFixed(1)} s; heap +${((process.memoryUsage().heapUsed - heapBefore) / 1e6).toFixed(0)} MB`,
    );
    return { name: kind.name, search: kind.search, index, cpu: 0, times: [], found: 0, typoFound: 0 };
  });
  const viewers = new Map<string, Viewer>(
    users.map((user) => [user.collegeId, { userId: user.id, collegeId: user.collegeId, isAdmin: false } as Viewer]),
  );
  for (let round = 0; round < ROUNDS; round++)
    for (const [i, query] of queries.entries())
      for (let w = 0; w < ways.length; w++) {
        const way = ways[(i + w) % ways.length]!;
        const cpu = process.cpuUsage();
        const start = performance.now();
        const { hits } = way.search(way.index, viewers.get(query.collegeId)!, {
          q: query.q,
          type: 'all',
          limit: 20,
        } as never);
        JSON.stringify(hits);
        way.times.push(performance.now() - start);
        const used = process.cpuUsage(cpu);
        way.cpu += used.user + used.system;
        if (round === 0 && i < 300 && hits.some((hit) => hit.id === query.sourceId)) {
          way.found += 1;
          if (query.typo) way.typoFound += 1;
        }
      }
  for (const way of ways) {
    const times = way.times.sort((a, b) => a - b);
    console.log(
      `${way.name}: ${times.length} queries, CPU ${Math.round(way.cpu / times.length)} µs per query; wall p50 ${percentile(times, 50).toFixed(3)} ms, p99 ${percentile(times, 99).toFixed(2)} ms; recall ${way.found}/300, typo ${way.typoFound}/100`,
    );
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
