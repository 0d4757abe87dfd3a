import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ferretDbSqliteUrl, serverBinaryPaths } from '@quad/infra-local';
import { freePort } from './service-process';

/**
 * A Redis or NATS server of a test's own (the same binaries as the shared test servers), for tests
 * that restart, stop or freeze it without disturbing every other test file.
 */
export interface TestServer {
  url: string;
  port: number;
  /** The OS process id of the running server. */
  pid(): number;
  /** Stops it (SIGKILL: a crash, SIGTERM: a clean stop) and starts it again on the same port and data. */
  restart(signal?: NodeJS.Signals): Promise<void>;
  /** Stops it (a crash by default) and leaves it down. */
  down(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it again after down(), on the same port and data. */
  up(): Promise<void>;
  /** SIGSTOP: the process hangs with its connections open, as a frozen host or a partition does. */
  pause(): void;
  /** SIGCONT after pause(). */
  resume(): void;
  stop(): Promise<void>;
}
export type TestRedisServer = TestServer;

async function startTestServer(options: {
  scheme: string;
  command: string;
  args: (port: number, dir: string) => string[];
  /** A line of its output that says it serves, or 'port': it accepts connections. */
  ready: RegExp | 'port';
}): Promise<TestServer> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quad-server-'));
  let child: ChildProcess;

  async function launch(): Promise<void> {
    child = spawn(options.command, options.args(port, dir), { stdio: ['ignore', 'pipe', 'pipe'] });
    await new Promise<void>((resolve, reject) => {
      let output = '';
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (options.ready !== 'port' && options.ready.test(output)) resolve();
      };
      if (options.ready === 'port') {
        const probe = () =>
          net
            .connect(port, '127.0.0.1', function (this: net.Socket) {
              this.destroy();
              resolve();
            })
            .once('error', () => setTimeout(probe, 100));
        probe();
      }
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('exit', (code) => reject(new Error(`${options.command} exited (${code}): ${output.slice(-500)}`)));
    });
  }

  async function kill(signal: NodeJS.Signals): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGCONT');
    child.kill(signal);
    await exited;
  }

  await launch();
  return {
    url: `${options.scheme}://127.0.0.1:${port}`,
    port,
    pid: () => child.pid!,
    async restart(signal = 'SIGKILL') {
      await kill(signal);
      await launch();
    },
    down: (signal = 'SIGKILL') => kill(signal),
    up: launch,
    pause: () => void child.kill('SIGSTOP'),
    resume: () => void child.kill('SIGCONT'),
    async stop() {
      await kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Redis without persistence, like the shared test Redis: a restart comes back empty. */
export function startTestRedis(): Promise<TestServer> {
  return startTestServer({
    scheme: 'redis',
    command: serverBinaryPaths().redis,
    args: (port, dir) => ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
    ready: /Ready to accept connections/,
  });
}

/** FerretDB on SQLite (the local MongoDB), its data kept across restarts. */
export function startTestFerretDb(): Promise<TestServer> {
  return startTestServer({
    scheme: 'mongodb',
    command: serverBinaryPaths().ferretdb,
    args: (port, dir) => [
      '--handler=sqlite',
      `--sqlite-url=${ferretDbSqliteUrl(dir)}`,
      `--listen-addr=127.0.0.1:${port}`,
      '--state-dir=-',
      '--debug-addr=-',
      '--telemetry=disable',
    ],
    ready: 'port',
  });
}

/** NATS with JetStream on a data dir of its own (streams survive a restart). */
export function startTestNats(): Promise<TestServer> {
  return startTestServer({
    scheme: 'nats',
    command: serverBinaryPaths().nats,
    args: (port, dir) => ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', dir],
    ready: /Server is ready/,
  });
}

/**
 * A NATS of its own for one test file or the e2e system, so that no other file's events reach its
 * consumers; with TEST_INFRA=docker (no local binaries) none, and the global NATS is shared.
 */
export async function startOwnNats(): Promise<TestServer | undefined> {
  return process.env.TEST_INFRA === 'docker' ? undefined : startTestNats();
}
