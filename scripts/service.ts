/**
 * `npm run service -- <name> [--port N]`: one service (or the gateway) against the running local
 * infrastructure, with exactly the settings `npm start` gives it (dev-env.ts), on any port; e.g. a
 * second forum replica beside `npm start`'s with `npm run service -- forum --port 4102`.
 */
import { spawn } from 'node:child_process';
import { SERVICES, SERVICE_PORTS } from '@quad/contracts';
import { INFRA_NAMES, portFree, portsFromEnv, status } from '@quad/infra-local';
import { INFRA_DIR, REPO_ROOT, type Runnable, serviceEntry, serviceEnv } from './dev-env';

const RUNNABLE: readonly Runnable[] = [...SERVICES, 'gateway'];
const USAGE = `usage: npm run service -- <${RUNNABLE.join('|')}> [--port N]`;

function fail(message: string): never {
  process.stderr.write(`[service] ${message}\n`);
  process.exit(2);
}

function parseArgs(argv: string[]): { name: Runnable; port: number } {
  const [name, ...rest] = argv;
  if (!name || !RUNNABLE.includes(name as Runnable)) fail(name ? `unknown service "${name}"\n${USAGE}` : USAGE);
  let port = SERVICE_PORTS[name as Runnable];
  for (let i = 0; i < rest.length; i += 1) {
    const arg = rest[i]!;
    const value = arg.startsWith('--port=') ? arg.slice('--port='.length) : arg === '--port' ? rest[(i += 1)] : undefined;
    if (value === undefined) fail(`unknown argument "${arg}"\n${USAGE}`);
    port = Number(value);
    if (!Number.isInteger(port) || port < 1 || port > 65535) fail(`--port ${value} is not a port`);
  }
  return { name: name as Runnable, port };
}

async function main(): Promise<void> {
  const { name, port } = parseArgs(process.argv.slice(2));
  const ports = portsFromEnv();
  const infra = await status({ rootDir: INFRA_DIR, ports });
  const down = INFRA_NAMES.filter((component) => !infra[component].healthy);
  if (down.length > 0) {
    fail(`the local infrastructure does not answer (${down.join(', ')}): start it with "npm run infra:up" (or "npm start")`);
  }
  if (!(await portFree(port))) {
    fail(`port ${port} is taken (by npm start's ${name}?): pass another, e.g. --port ${port + 100}`);
  }

  process.stdout.write(`[service] ${name} on port ${port} against the local infrastructure (Ctrl-C stops it)\n`);
  const child = spawn(process.execPath, ['--import', 'tsx', serviceEntry(name)], {
    cwd: REPO_ROOT,
    env: serviceEnv(name, { ports, port }),
    stdio: 'inherit',
  });
  // A terminal's Ctrl-C reaches the service itself (same process group), which drains and exits; a
  // second SIGINT would cut its drain short, so this process only waits. SIGTERM sent to this
  // process alone (a process manager) is passed on.
  process.on('SIGINT', () => undefined);
  process.on('SIGTERM', () => {
    if (child.exitCode === null) child.kill('SIGTERM');
  });
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

main().catch((err: unknown) => fail(err instanceof Error ? err.message : String(err)));
