/*
 * `--require` this (NODE_OPTIONS, which refuses --cpu-prof) with BENCH_CPU_PROF=<dir>: the process
 * records a V8 CPU profile from its start and writes it to <dir>/<pid>.cpuprofile when it exits,
 * for bench/src/cpu-profile.ts. The in-process inspector session answers synchronously, so the
 * profile is written from the 'exit' handler.
 */
const { Session } = require('node:inspector');
const { writeFileSync } = require('node:fs');
const path = require('node:path');

const dir = process.env.BENCH_CPU_PROF;
if (dir) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 1000 });
  session.post('Profiler.start');
  process.on('exit', () => {
    session.post('Profiler.stop', (err, result) => {
      if (!err) writeFileSync(path.join(dir, `${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
