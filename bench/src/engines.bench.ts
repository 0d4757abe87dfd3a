/**
 * The engine comparison behind search's choice (services/search/README.md): MiniSearch, FlexSearch
 * and Orama, each in this process, each with one index per college as search keeps them, on the
 * same synthetic corpus (search-corpus.ts) and the same queries (1-3 words, a typo in every
 * third). Per engine: build time, heap per 100,000 documents, query p50/p99 one at a time, and
 * recall: how often the document the words came from is in the top 20, for the typo queries
 * apart. No server: what each library costs and finds.
 *
 *   npm run bench -- engines      (BENCH_SEARCH_DOCS, default 100000; BENCH_SEARCH_QUERIES, default 1000)
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { create, insertMultiple, search as oramaSearch } from '@orama/orama';
import FlexSearch from 'flexsearch';
import MiniSearch from 'minisearch';
import { QUERY_OPTIONS } from '../../services/search/src/domain/search-index';
import {
  COLLEGES,
  type CorpusDoc,
  type CorpusQuery,
  makeCorpus,
  makeQueries,
  percentile,
} from './search-corpus';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const DOCS = Number(process.env.BENCH_SEARCH_DOCS ?? 100_000);
const QUERIES = Number(process.env.BENCH_SEARCH_QUERIES ?? 1000);

interface Engine {
  name: string;
  build(docs: CorpusDoc[]): Promise<void>;
  /** Ids of the best 20 matches in the college's index. */
  query(collegeId: string, q: string): Promise<string[]>;
}

const miniSearch = (): Engine => {
  const indexes = new Map<string, MiniSearch<CorpusDoc>>();
  return {
    name: 'MiniSearch 7 (search’s options: 1-2 edits by length, last word prefix)',
    async build(docs) {
      for (const college of COLLEGES) {
        const index = new MiniSearch<CorpusDoc>({ fields: ['title', 'text'], storeFields: [] });
        index.addAll(docs.filter((doc) => doc.collegeId === college));
        indexes.set(college, index);
      }
    },
    async query(collegeId, q) {
      return indexes
        .get(collegeId)!
        .search(q, QUERY_OPTIONS)
        .slice(0, 20)
        .map((result) => result.id as string);
    },
  };
};

const flexSearch = (): Engine => {
  const indexes = new Map<string, InstanceType<typeof FlexSearch.Document>>();
  return {
    name: 'FlexSearch 0.8 (LatinAdvanced encoder, forward tokenizer, suggest)',
    async build(docs) {
      for (const college of COLLEGES) {
        const index = new FlexSearch.Document({
          encoder: FlexSearch.Charset.LatinAdvanced,
          tokenize: 'forward',
          document: { id: 'id', index: ['title', 'text'] },
        });
        for (const doc of docs) if (doc.collegeId === college) index.add(doc as never);
        indexes.set(college, index);
      }
    },
    async query(collegeId, q) {
      const results = indexes.get(collegeId)!.search(q, { limit: 20, suggest: true }) as Array<{
        result: Array<string | number>;
      }>;
      const ids: string[] = [];
      for (const field of results)
        for (const id of field.result) if (!ids.includes(String(id))) ids.push(String(id));
      return ids.slice(0, 20);
    },
  };
};

const orama = (): Engine => {
  const indexes = new Map<string, unknown>();
  return {
    name: 'Orama 3 (tolerance 1, BM25)',
    async build(docs) {
      for (const college of COLLEGES) {
        const db = create({ schema: { id: 'string', title: 'string', text: 'string' } as const });
        await insertMultiple(
          db,
          docs.filter((doc) => doc.collegeId === college).map(({ id, title, text }) => ({ id, title, text })),
          1000,
        );
        indexes.set(college, db);
      }
    },
    async query(collegeId, q) {
      // Orama's types for a generic schema go too deep for tsc: its answer is typed by hand.
      const search = oramaSearch as unknown as (
        db: unknown,
        params: object,
      ) => Promise<{ hits: Array<{ document: { id: string } }> }>;
      const result = await search(indexes.get(collegeId), {
        term: q,
        properties: ['title', 'text'],
        boost: { title: 2 },
        tolerance: 1,
        limit: 20,
      });
      return result.hits.map((hit) => String(hit.document.id));
    },
  };
};

async function measure(make: () => Engine, docs: CorpusDoc[], queries: CorpusQuery[]) {
  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  const engine = make();
  const buildStart = performance.now();
  await engine.build(docs);
  const buildMs = performance.now() - buildStart;
  gc();
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1e6;
  const times: number[] = [];
  let found = 0;
  let typoFound = 0;
  for (const query of queries) {
    const start = performance.now();
    const ids = await engine.query(query.collegeId, query.q);
    times.push(performance.now() - start);
    if (ids.includes(query.sourceId)) {
      found += 1;
      if (query.typo) typoFound += 1;
    }
  }
  times.sort((a, b) => a - b);
  const typos = queries.filter((query) => query.typo).length;
  return {
    engine: engine.name,
    buildSeconds: (buildMs / 1000).toFixed(1),
    heapMbPer100k: ((heapMb * 100_000) / docs.length).toFixed(0),
    p50ms: percentile(times, 50).toFixed(2),
    p99ms: percentile(times, 99).toFixed(2),
    recallAt20: `${((100 * found) / queries.length).toFixed(0)} %`,
    typoRecallAt20: `${((100 * typoFound) / typos).toFixed(0)} %`,
    keep: engine, // kept alive until measured
  };
}

async function main() {
  const { docs } = makeCorpus(DOCS);
  const queries = makeQueries(docs, QUERIES);
  console.log(
    `${docs.length} documents (${docs.filter((d) => d.kind === 'post').length} posts), ${COLLEGES.length} colleges, ${queries.length} queries (${queries.filter((q) => q.typo).length} with a typo)`,
  );
  const rows = [];
  for (const make of [miniSearch, flexSearch, orama]) {
    const { keep: _keep, ...row } = await measure(make, docs, queries);
    rows.push(row);
    console.log(JSON.stringify(row));
  }
  console.table(rows);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
