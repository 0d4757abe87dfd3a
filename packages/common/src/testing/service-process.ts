import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * A service started as its own OS process, as an operator runs a replica: for tests of what only
 * several processes show (lost updates across replicas, a killed replica, a skewed clock).
 */
export interface ServiceProcess {
  url: string;
  /** Where /readyz and /metrics answer: the gateway's internal listener, the same as `url` elsewhere. */
  internalUrl: string;
  process: ChildProcess;
  /** SIGTERM (graceful) or SIGKILL (a crash); resolves when the process has exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

const REPO_ROOT = path.resolve(__dirname, '../../../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts `services/<service>/src/index.ts` with the test environment plus `env`, and waits until
 * its /readyz answers 200. `clockOffsetSeconds` runs it under libfaketime (Debian's `faketime`),
 * so its wall clock differs from every other process's.
 */
export async function startServiceProcess(options: {
  service: string;
  env?: Record<string, string>;
  clockOffsetSeconds?: number;
  timeoutMs?: number;
  /** What "started" means: `/readyz` (every dependency answers, the default) or `/healthz` (listening). */
  readyPath?: '/readyz' | '/healthz';
}): Promise<ServiceProcess> {
  const port = await freePort();
  // The gateway serves /readyz and /metrics on an internal listener of their own.
  const internalPort = options.service === 'gateway' ? await freePort() : port;
  const entry = path.join(REPO_ROOT, 'services', options.service, 'src', 'index.ts');
  const nodeArgs = ['--import', 'tsx', entry];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LOG_LEVEL: 'warn',
    ...options.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    ...(options.service === 'gateway' ? { INTERNAL_PORT: String(internalPort) } : {}),
  };
  if (options.clockOffsetSeconds) {
    // libfaketime preloaded into node itself, as the `faketime` command does it, but without that
    // command's own process in between: it does not pass signals on, so stopping it left the
    // replica running (and holding the test run open). The loader expands `$LIB`.
    const sign = options.clockOffsetSeconds > 0 ? '+' : '';
    env.LD_PRELOAD = '/usr/$LIB/faketime/libfaketime.so.1';
    env.FAKETIME = `${sign}${options.clockOffsetSeconds}s`;
    // Only the wall clock: a monotonic clock set back before boot would stall libuv's timers.
    env.FAKETIME_DONT_FAKE_MONOTONIC = '1';
  }
  const child = spawn(process.execPath, nodeArgs, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  // Its logs (stdout) and errors, kept short, to say why a start failed.
  const keep = (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  // SERVICE_LOG_DIR=path keeps each process's whole output, to read after a run (a fault scenario's).
  if (process.env.SERVICE_LOG_DIR) {
    const log = createWriteStream(path.join(process.env.SERVICE_LOG_DIR, `${options.service}-${port}.log`));
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const internalUrl = `http://127.0.0.1:${internalPort}`;
  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${options.service} exited at start (${child.exitCode}): ${stderr}`);
    const readyPath = options.readyPath ?? '/readyz';
    const ready = await fetch(`${readyPath === '/readyz' ? internalUrl : url}${readyPath}`).then((r) => r.ok, () => false);
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${options.service} not ready in time: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    internalUrl,
    process: child,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
