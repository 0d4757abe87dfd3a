/**
 * Starts the whole system for end-to-end journeys: every service and the gateway as real
 * processes (the same entry points `npm start` runs) against the test infrastructure, with the
 * web build served by the gateway.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, createWriteStream } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { SERVICES } from '@quad/contracts';
import { buildWebIfStale } from '../../scripts/web-build';

export const REPO_ROOT = path.resolve(__dirname, '../..');
export const E2E_ADMIN_PASSWORD = 'e2e-admin-password';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export function ensureWebBuild(): void {
  if (!buildWebIfStale((line) => process.stderr.write(`[e2e] ${line}\n`))) throw new Error('web build failed');
}

/** `env` is laid over the test environment for every process (e.g. a NATS of the journeys' own). */
export async function startSystem(env: NodeJS.ProcessEnv = {}): Promise<{ baseUrl: string; children: ChildProcess[]; ports: Record<string, number> }> {
  const logDir = path.join(REPO_ROOT, '.infra', 'e2e-logs');
  mkdirSync(logDir, { recursive: true });
  const children: ChildProcess[] = [];
  const upstreams: Record<string, string> = {};
  const ports: Record<string, number> = {};
  for (const service of SERVICES) {
    ports[service] = await freePort();
    upstreams[`${service.toUpperCase()}_URL`] = `http://127.0.0.1:${ports[service]}`;
  }
  const gatewayPort = await freePort();
  const gatewayInternalPort = await freePort();
  const baseEnv = { ...process.env, ...env, LOG_LEVEL: 'info', NODE_ENV: 'test' };
  const launch = (name: string, port: number, extra: NodeJS.ProcessEnv = {}) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `services/${name}/src/index.ts`], {
      cwd: REPO_ROOT,
      env: { ...baseEnv, ...extra, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const log = createWriteStream(path.join(logDir, `${name}.log`));
    child.stdout!.pipe(log);
    child.stderr!.pipe(log);
    children.push(child);
  };
  for (const service of SERVICES) {
    // Every journey signs in and registers from 127.0.0.1 through one gateway: the per-address
    // limits (tested on their own in services/auth/test/rate-limit.test.ts) are raised here.
    launch(
      service,
      ports[service]!,
      service === 'auth'
        ? {
            ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
            RATE_LIMIT_ADMIN_PER_IP: '1000',
            RATE_LIMIT_REGISTER_PER_IP: '1000',
            RATE_LIMIT_LOGIN_PER_IP: '1000',
            // The data download asks each service for its part.
            ...upstreams,
          }
        : {},
    );
  }
  launch('gateway', gatewayPort, { ...upstreams, INTERNAL_PORT: String(gatewayInternalPort), API_RATE_LIMIT_PER_MINUTE: '100000', API_ANONYMOUS_RATE_LIMIT_PER_MINUTE: '100000' });
  const baseUrl = `http://127.0.0.1:${gatewayPort}`;
  // E2E_READY_TIMEOUT_MS: a shared, loaded host (ten processes compiling TypeScript on two cores) may need longer.
  const readyWithinMs = Number(process.env.E2E_READY_TIMEOUT_MS ?? 60_000);
  const deadline = Date.now() + readyWithinMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${gatewayInternalPort}/readyz`);
      last = await response.text();
      if (response.ok) return { baseUrl, children, ports };
    } catch (err) {
      last = (err as Error).message;
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  children.forEach((c) => c.kill('SIGKILL'));
  throw new Error(`system not ready in ${readyWithinMs / 1000} s (logs in ${logDir}): ${last}`);
}
