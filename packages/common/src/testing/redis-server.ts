import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { redisServerPath } from '@quad/infra-local';
import { freePort } from './service-process';

/**
 * A Redis server of a test's own (Debian's redis-server, no persistence, like the shared test
 * Redis), for tests that restart, stop or freeze Redis without disturbing every other test file.
 */
export interface TestRedisServer {
  url: string;
  port: number;
  /** The OS process id of the running server. */
  pid(): number;
  /** Stops it (SIGKILL: a crash, SIGTERM: a clean stop) and starts an empty one on the same port. */
  restart(signal?: NodeJS.Signals): Promise<void>;
  /** SIGSTOP: the process hangs with its connections open, as a frozen host or a partition does. */
  pause(): void;
  /** SIGCONT after pause(). */
  resume(): void;
  stop(): Promise<void>;
}

export async function startTestRedis(): Promise<TestRedisServer> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quad-redis-'));
  let child: ChildProcess;

  async function launch(): Promise<void> {
    child = spawn(
      redisServerPath(),
      ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    await new Promise<void>((resolve, reject) => {
      let output = '';
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) resolve();
      };
      child.stdout!.on('data', onData);
      child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output.slice(-500)}`)));
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
    url: `redis://127.0.0.1:${port}`,
    port,
    pid: () => child.pid!,
    async restart(signal = 'SIGKILL') {
      await kill(signal);
      await launch();
    },
    pause: () => void child.kill('SIGSTOP'),
    resume: () => void child.kill('SIGCONT'),
    async stop() {
      await kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
