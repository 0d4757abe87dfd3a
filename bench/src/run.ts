/**
 * `npm run bench`: runs every `*.bench.ts` here (or those named on the command line) one after
 * another against a running Quad (`npm start`; BENCH_BASE_URL overrides the address). Each bench
 * prints its figures as ratios against a baseline measured in the same run, so numbers from
 * different machines compare. The benches: `api` (feed throughput), `chat` (socket.io messages and
 * history), `append` (storing a batch of chat messages, three ways), `web` (the web build's sizes
 * and Lighthouse on its first screens), `search` and `engines` (the search box, issue 24), `admin`
 * (the admin lists at 20,000 accounts, issue 22; own infrastructure).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const dir = __dirname;
const wanted = process.argv.slice(2);
const benches = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.includes(w)));

if (benches.length === 0) {
  console.log('no benchmarks matched');
  process.exit(0);
}
let failed = 0;
for (const file of benches) {
  console.log(`\n=== ${file}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, file)], { stdio: 'inherit' });
  if (result.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
