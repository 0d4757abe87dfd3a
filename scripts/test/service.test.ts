/**
 * `npm run service -- <name> [--port N]` (scripts/service.ts) and the one environment builder it
 * shares with `npm start` (scripts/dev-env.ts), against the test infrastructure.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type InfraPorts, PORT_ENV, infraEnv } from '@quad/infra-local';
import { freePort, waitFor } from '@quad/common/src/testing';

const REPO_ROOT = path.resolve(__dirname, '../..');
const ports = JSON.parse(process.env.QUAD_TEST_PORTS ?? 'null') as InfraPorts;
const keysDir = mkdtempSync(path.join(os.tmpdir(), 'quad-service-test-'));

/** The test environment without what the builder must supply: addresses, credentials and keys. */
function bareEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, QUAD_INFRA_DIR: keysDir };
  for (const key of [...Object.keys(infraEnv(ports)), 'JWT_PUBLIC_KEY', 'JWT_PRIVATE_KEY', 'ADMIN_PASSWORD']) delete env[key];
  // Only the ports tell where the infrastructure runs, as for `npm run infra:up`.
  for (const [name, variable] of Object.entries(PORT_ENV)) env[variable] = String(ports[name as keyof InfraPorts]);
  return env;
}

afterAll(() => rmSync(keysDir, { recursive: true, force: true }));

describe('serviceEnv', () => {
  let devEnv: typeof import('../dev-env');
  beforeAll(async () => {
    process.env.QUAD_INFRA_DIR = keysDir; // dev-env.ts reads it once, at import: keys go to a temp dir
    devEnv = await import('../dev-env');
  });

  test('when auth is built, then it alone gets the signing key and the admin password', () => {
    const inherited = { ...bareEnv(), JWT_PRIVATE_KEY: 'from-the-shell' };
    const auth = devEnv.serviceEnv('auth', { ports, inherited });
    const forum = devEnv.serviceEnv('forum', { ports, inherited, port: 4102 });

    expect(auth.JWT_PRIVATE_KEY).toMatch(/BEGIN PRIVATE KEY/);
    expect(auth.ADMIN_PASSWORD).toBe(devEnv.DEV_ADMIN_PASSWORD);
    expect(auth.PORT).toBe('4001');
    expect(forum.JWT_PRIVATE_KEY).toBeUndefined();
    expect(forum.ADMIN_PASSWORD).toBeUndefined();
    expect(forum.JWT_PUBLIC_KEY).toBe(auth.JWT_PUBLIC_KEY);
    expect(forum).toMatchObject({ ...infraEnv(ports), PORT: '4102' });
  });
});

describe('npm run service', () => {
  let child: ChildProcess | undefined;
  afterEach(async () => {
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  });

  test('when forum is started on a chosen port, then it answers /healthz and /readyz from the local infrastructure', async () => {
    const port = await freePort();
    let output = '';
    child = spawn(process.execPath, ['--import', 'tsx', 'scripts/service.ts', 'forum', '--port', String(port)], {
      cwd: REPO_ROOT,
      env: { ...bareEnv(), LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const answer = (probe: string) =>
      fetch(`http://127.0.0.1:${port}${probe}`).then((response) => response.status, () => 0);

    await waitFor(async () => child!.exitCode !== null || (await answer('/healthz')) === 200, { timeoutMs: 60_000, intervalMs: 200 });

    expect({ exitCode: child.exitCode, output: child.exitCode === null ? '' : output }).toEqual({ exitCode: null, output: '' });
    expect(await answer('/healthz')).toBe(200);
    // Ready means MongoDB, NATS and Redis answered at the addresses the builder gave it.
    expect(await waitFor(async () => (await answer('/readyz')) === 200, { timeoutMs: 20_000 })).toBe(true);
  }, 90_000);

  test('when the name is not a service, then it says how to call it', async () => {
    child = spawn(process.execPath, ['--import', 'tsx', 'scripts/service.ts', 'forums'], {
      cwd: REPO_ROOT,
      env: bareEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise((resolve) => child!.once('exit', resolve));

    expect(code).toBe(2);
    expect(stderr).toContain('unknown service "forums"');
    expect(stderr).toContain('usage: npm run service -- <auth|forum|social|chat|commerce|moderation|search|notifications|gateway> [--port N]');
  });
});
