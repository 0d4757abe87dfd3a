/**
 * `npm start`: the whole product on one machine. Brings the infrastructure up, builds the web app
 * when its sources are newer than the build, starts every service and the gateway under one
 * supervisor (each line prefixed with its service), seeds demo data, and stops everything on Ctrl-C.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { GATEWAY_INTERNAL_PORT, SERVICES, SERVICE_PORTS } from '@quad/contracts';
import { down, portsFromEnv, up } from '@quad/infra-local';
import { DEV_ADMIN_PASSWORD, INFRA_DIR, REPO_ROOT, type Runnable, serviceEntry, serviceEnv } from './dev-env';
import { buildWebIfStale } from './web-build';

/** ANSI colours of the service prefixes, taken in turn (there are more services than colours). */
const COLORS = [36, 35, 33, 32, 34, 31, 96, 95, 93, 92];
const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
const say = (line: string) => console.log(`\x1b[1m[quad]\x1b[0m ${line}`);

const children = new Map<string, ChildProcess>();
let stopping = false;

function startProcess(name: Runnable, env: NodeJS.ProcessEnv, color: number, restarts = 0): void {
  const child = spawn(process.execPath, ['--import', 'tsx', serviceEntry(name)], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.set(name, child);
  const prefix = `\x1b[${color}m${name.padEnd(10)}\x1b[0m|`;
  for (const stream of [child.stdout!, child.stderr!]) {
    readline.createInterface({ input: stream }).on('line', (line) => console.log(`${prefix} ${line}`));
  }
  child.on('exit', (code, signal) => {
    children.delete(name);
    if (stopping) return;
    console.error(`\n\x1b[41;97m ${name} CRASHED (code ${code ?? signal}) \x1b[0m see its lines above.`);
    if (restarts < 5) {
      const delay = 1000 * 2 ** restarts;
      console.error(`\x1b[31mrestarting ${name} in ${delay / 1000} s (attempt ${restarts + 1} of 5)\x1b[0m\n`);
      setTimeout(() => !stopping && startProcess(name, env, color, restarts + 1), delay);
    } else {
      console.error(`\x1b[31m${name} keeps crashing; giving up on it. Fix it and restart npm start.\x1b[0m\n`);
    }
  });
}

async function waitReady(url: string, timeoutMs: number): Promise<unknown> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      last = await response.json();
      if (response.ok) return last;
    } catch (err) {
      last = (err as Error).message;
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`not ready after ${timeoutMs / 1000} s: ${JSON.stringify(last)}`);
}

let stopRequestedAt = 0;

async function stopAll(code: number): Promise<void> {
  if (stopping) {
    // A terminal's Ctrl-C reaches the whole process group, so one press can arrive twice; only a
    // deliberate second press later forces an exit.
    if (Date.now() - stopRequestedAt > 3000) {
      console.error('forced exit: the infrastructure may still run (npm run infra:down stops it)');
      process.exit(1);
    }
    return;
  }
  stopping = true;
  stopRequestedAt = Date.now();
  say('stopping…');
  const exits = [...children.values()].map(
    (child) => new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve()))),
  );
  for (const child of children.values()) child.kill('SIGTERM');
  const timer = setTimeout(() => [...children.values()].forEach((c) => c.kill('SIGKILL')), 12_000);
  await Promise.all(exits);
  clearTimeout(timer);
  if (process.env.QUAD_KEEP_INFRA !== '1') await down({ rootDir: INFRA_DIR, log: say });
  say('stopped.');
  process.exit(code);
}

async function main() {
  process.on('SIGINT', () => void stopAll(0));
  process.on('SIGTERM', () => void stopAll(0));

  const ports = portsFromEnv();
  await up({ rootDir: INFRA_DIR, ports, log: say });
  say(`infrastructure ready (${seconds()} s)`);
  // The API still works without a fresh build: the gateway serves the previous build or a placeholder.
  if (!buildWebIfStale(say)) console.error('\x1b[31mweb build failed (see above); serving the previous build if any.\x1b[0m');

  // Children write to a pipe, not the terminal, so they would log JSON; their lines end up on this
  // terminal behind a service prefix, so they log lines for people whenever this process does.
  const logFormat = process.env.LOG_FORMAT ?? (process.stdout.isTTY && process.env.NODE_ENV !== 'production' ? 'pretty' : 'json');
  [...SERVICES, 'gateway' as const].forEach((name, index) => {
    startProcess(name, { ...serviceEnv(name, { ports }), LOG_FORMAT: logFormat }, COLORS[index % COLORS.length]!);
  });

  await waitReady(`http://127.0.0.1:${GATEWAY_INTERNAL_PORT}/readyz`, 90_000);
  say(`all services ready (${seconds()} s)`);
  const seed = path.join(REPO_ROOT, 'scripts', 'seed.ts');
  if (existsSync(seed) && process.env.QUAD_SEED !== '0') {
    const result = spawnSync(process.execPath, ['--import', 'tsx', seed], {
      cwd: REPO_ROOT,
      env: { ...serviceEnv('gateway', { ports }), ADMIN_PASSWORD: process.env.ADMIN_PASSWORD ?? DEV_ADMIN_PASSWORD },
      stdio: 'inherit',
    });
    if (result.status !== 0) console.error('\x1b[31mdemo data seeding failed (see above); Quad still runs.\x1b[0m');
  }
  console.log(`\n\x1b[1;32mQuad is running at http://localhost:${SERVICE_PORTS.gateway}\x1b[0m  (ready in ${seconds()} s; Ctrl-C stops everything)\n`);
}

main().catch(async (err) => {
  console.error(`\x1b[31m${(err as Error).message}\x1b[0m`);
  await stopAll(1);
});
