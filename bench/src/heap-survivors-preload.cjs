/*
 * `--require` this with BENCH_HEAP_SURVIVORS=<dir>: on SIGHUP the process samples its allocations
 * for each window of BENCH_HEAP_SURVIVOR_WINDOWS_MS (300,1000,3000), collects all garbage at the
 * window's end and writes the sampling heap profile, which then holds only what the window allocated
 * and still holds, to <dir>/<pid>-<signal time>-<window>ms.json, for bench/src/heap-survivors.ts.
 * Those are the objects a scavenge would copy and promote, without the dead ones an old object keeps.
 */
const { Session } = require('node:inspector');
const { writeFileSync } = require('node:fs');
const path = require('node:path');

const dir = process.env.BENCH_HEAP_SURVIVORS;
if (dir) {
  const windows = (process.env.BENCH_HEAP_SURVIVOR_WINDOWS_MS || '300,1000,3000').split(',').map(Number);
  const session = new Session();
  session.connect();
  const post = (method, params) =>
    new Promise((resolve, reject) => session.post(method, params, (err, result) => (err ? reject(err) : resolve(result))));
  let busy = false;
  process.on('SIGHUP', async () => {
    if (busy) return;
    busy = true;
    const signalled = Date.now();
    try {
      await post('HeapProfiler.enable');
      for (const windowMs of windows) {
        await post('HeapProfiler.startSampling', { samplingInterval: 1024 });
        await new Promise((resolve) => setTimeout(resolve, windowMs));
        await post('HeapProfiler.collectGarbage');
        const { profile } = await post('HeapProfiler.getSamplingProfile');
        await post('HeapProfiler.stopSampling');
        writeFileSync(path.join(dir, `${process.pid}-${signalled}-${windowMs}ms.json`), JSON.stringify(profile));
      }
    } finally {
      busy = false;
    }
  });
}
