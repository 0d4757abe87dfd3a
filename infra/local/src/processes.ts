/**
 * Process bookkeeping: detached spawning, the `pids.json` record, liveness, stopping and port checks.
 *
 * Servers are spawned detached (their own session and process group, stdio to a log file) so they
 * outlive the short-lived `infra:up` CLI; `pids.json` is what lets a later `down` find them again.
 * Only recorded pids are ever signalled, and only after checking that the pid still runs the
 * command we started (pids get reused).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { InfraName } from './config';

export interface PidRecord {
  pid: number;
  /** A string that appears in the process's command line (the binary or script path). */
  marker: string;
  ports: number[];
  startedAt: string;
}

export type PidFile = Partial<Record<InfraName, PidRecord>>;

const STOP_GRACE_MS = 5_000;

export function pidFilePath(rootDir: string): string {
  return path.join(rootDir, 'pids.json');
}

export function readPids(rootDir: string): PidFile {
  try {
    return JSON.parse(fs.readFileSync(pidFilePath(rootDir), 'utf8')) as PidFile;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new Error(`cannot read ${pidFilePath(rootDir)}: ${(err as Error).message}`, { cause: err });
  }
}

/** Written via a temp file and rename so a crash never leaves half a JSON document behind. */
export function writePids(rootDir: string, pids: PidFile): void {
  fs.mkdirSync(rootDir, { recursive: true });
  const file = pidFilePath(rootDir);
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(pids, null, 2)}\n`);
  fs.renameSync(tmp, file);
}

/** Reads and rewrites pids.json in one synchronous step, so parallel starts in one process can't lose updates. */
export function updatePids(rootDir: string, change: (pids: PidFile) => void): void {
  const pids = readPids(rootDir);
  change(pids);
  writePids(rootDir, pids);
}

/** True while `pid` exists and is not a zombie. */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    // "<pid> (<comm>) <state> …": a killed child of this very process stays a zombie until reaped.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true; // no /proc (macOS): trust kill(0)
  }
}

/** True when `record.pid` is alive AND still runs what we started (guards against pid reuse). */
export function isOurProcess(record: PidRecord): boolean {
  if (!pidAlive(record.pid)) return false;
  try {
    const cmdline = fs.readFileSync(`/proc/${record.pid}/cmdline`, 'utf8');
    return cmdline.includes(record.marker);
  } catch {
    return process.platform !== 'linux'; // no /proc to check with: trust the pid
  }
}

export interface SpawnSpec {
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  cwd: string;
  logFile: string;
}

/** Starts a server in its own process group with stdout/stderr appended to its log file. */
export function spawnDetached(spec: SpawnSpec): ChildProcess {
  fs.mkdirSync(path.dirname(spec.logFile), { recursive: true });
  const fd = fs.openSync(spec.logFile, 'a');
  try {
    fs.writeSync(fd, `\n=== ${new Date().toISOString()} starting: ${spec.command} ${spec.args.join(' ')}\n`);
    const child = spawn(spec.command, spec.args, {
      cwd: spec.cwd,
      env: spec.env ?? process.env,
      detached: true,
      stdio: ['ignore', fd, fd],
    });
    child.unref(); // don't keep the CLI's event loop alive for the server's sake
    return child;
  } finally {
    fs.closeSync(fd); // the child has its own copy
  }
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(-pid, sig); // the whole process group: detached children lead their own group
  } catch {
    try {
      process.kill(pid, sig);
    } catch {
      // already gone
    }
  }
}

/** SIGTERM, then SIGKILL if it is still there after 5 s. Resolves once the process is gone. */
export async function stopProcess(record: PidRecord): Promise<'stopped' | 'killed' | 'not-running'> {
  if (!isOurProcess(record)) return 'not-running';
  signal(record.pid, 'SIGTERM');
  const deadline = Date.now() + STOP_GRACE_MS;
  while (Date.now() < deadline) {
    if (!pidAlive(record.pid)) return 'stopped';
    await sleep(100);
  }
  signal(record.pid, 'SIGKILL');
  for (let i = 0; i < 50 && pidAlive(record.pid); i++) await sleep(100);
  return 'killed';
}

/** Whether nothing listens on 127.0.0.1:`port` (tested by binding it, the way the server will). */
export function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** Best effort "who holds this port" for error messages, via `ss` (iproute2) when available. */
export function describePortOwner(port: number): string {
  try {
    const out = execFileSync('ss', ['-Hltnp', `sport = :${port}`], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 2_000,
    });
    const users = [...out.matchAll(/\("([^"]+)",pid=(\d+)/g)].map((m) => `${m[1]} (pid ${m[2]})`);
    return users.length > 0 ? [...new Set(users)].join(', ') : 'an unknown process';
  } catch {
    return 'an unknown process';
  }
}

/** The last `lines` lines of a log, for error messages. */
export function logTail(file: string, lines = 20): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(log is empty or missing)';
  }
}
