/**
 * The compose stack on podman: infra/docker-compose.yml unchanged, plus the one override file of
 * local images where the official ones cannot be pulled; its containers, readiness, demo data and
 * the figures operators ask for (image size, start-to-ready, idle memory per service).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { GATEWAY_INTERNAL_PORT, SERVICE_PORTS } from '@quad/contracts';
import { REPO_ROOT } from '../paths';
import { QUAD_IMAGES, type ImagePlan, type QuadImage, quadImageReference } from './images';
import { type Log, imageSize, podmanComposeCommand, run } from './podman';

export const GATEWAY_URL = 'http://localhost:8080';
const PROJECT = 'quad';
const COMPOSE_FILE = path.join(REPO_ROOT, 'infra', 'docker-compose.yml');
export const LOCAL_IMAGES_OVERRIDE = path.join(REPO_ROOT, 'infra', 'containers', 'compose.local-images.yml');

/** The admin password the stack's auth gets (compose's own LOCAL-ONLY default unless QUAD_ADMIN_PASSWORD is set). */
export const stackAdminPassword = () => process.env.QUAD_ADMIN_PASSWORD ?? 'local-only-admin-password';

/** Which override the stack was started with, kept so that `down`, `smoke` and scaling use the same files. */
const STATE_FILE = path.join(REPO_ROOT, '.infra', 'containers.json');

function composeFiles(): string[] {
  const local = fs.existsSync(STATE_FILE) ? (JSON.parse(fs.readFileSync(STATE_FILE, 'utf8')) as { local: boolean }).local : true;
  return ['-f', COMPOSE_FILE, ...(local ? ['-f', LOCAL_IMAGES_OVERRIDE] : [])];
}

export function compose(args: string[], options: { quiet?: boolean } = {}): string {
  const command = podmanComposeCommand();
  if (!command) throw new Error('podman-compose is not installed: npm run containers sets it up');
  const result = spawnSync(command, ['-p', PROJECT, ...composeFiles(), ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { ...process.env, QUAD_ADMIN_PASSWORD: stackAdminPassword() },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    throw new Error(`podman-compose ${args.join(' ')} failed (exit ${result.status}):\n${String(result.stderr).trim().split('\n').slice(-25).join('\n')}`);
  }
  if (!options.quiet) return String(result.stdout);
  return '';
}

/** The compose file's services in start order: the servers and the key job, then Quad's services, then the gateway. */
function startPhases(): string[][] {
  const services = Object.keys((YAML.parse(fs.readFileSync(COMPOSE_FILE, 'utf8'), { merge: true }) as { services: object }).services);
  const quad = services.filter((name) => (QUAD_IMAGES as readonly string[]).includes(name));
  return [services.filter((name) => !quad.includes(name)), quad.filter((name) => name !== 'gateway'), ['gateway']];
}

/**
 * `podman-compose up`, one phase after another. Podman before 4.6 cannot wait for a healthy
 * dependency (podman-compose ignores the compose file's `condition: service_healthy` there), its
 * `--requires` fails on a dependency's own dependencies, and without systemd neither healthchecks nor
 * restart policies run by themselves. So the phases are started with --no-deps, each waited for
 * (healthchecks run here with `podman healthcheck run`), and a container that exits early is started
 * again, as a restart policy would.
 */
export async function composeUp(plan: ImagePlan, log: Log): Promise<void> {
  fs.mkdirSync(path.dirname(STATE_FILE), { recursive: true });
  fs.writeFileSync(STATE_FILE, JSON.stringify({ local: plan.local }) + '\n');
  log(`podman-compose up (infra/docker-compose.yml${plan.local ? ' + infra/containers/compose.local-images.yml' : ''})`);
  for (const phase of startPhases()) {
    compose(['up', '-d', '--no-build', '--no-deps', ...phase], { quiet: true });
    await waitHealthy(phase, log, 120_000);
    log(`up: ${phase.join(', ')}`);
  }
}

interface ContainerState {
  name: string;
  service: string;
  status: string;
  exitCode: number;
  hasHealthcheck: boolean;
}

function states(services: string[]): ContainerState[] {
  const listed = JSON.parse(run('podman', ['ps', '-a', '--filter', `label=com.docker.compose.project=${PROJECT}`, '--format', 'json'])) as Array<{
    Names: string[];
    Labels: Record<string, string>;
    State: string;
    ExitCode: number;
    Status: string;
  }>;
  return listed
    .map((entry) => ({
      name: entry.Names[0]!,
      service: entry.Labels['com.docker.compose.service'] ?? '',
      status: entry.State,
      exitCode: entry.ExitCode,
      hasHealthcheck: /\((starting|healthy|unhealthy)\)/.test(entry.Status),
    }))
    .filter((entry) => services.includes(entry.service));
}

/** Until every container of `services` is healthy (or, without a healthcheck, running; a job: exited 0). */
async function waitHealthy(services: string[], log: Log, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const pending: string[] = [];
    for (const container of states(services)) {
      if (container.status === 'exited' && container.exitCode === 0 && container.service === 'keys') continue;
      if (container.status !== 'running') {
        pending.push(`${container.name} ${container.status} (${container.exitCode})`);
        if (container.status === 'exited' || container.status === 'created') spawnSync('podman', ['start', container.name], { stdio: 'ignore' });
        continue;
      }
      if (container.hasHealthcheck && spawnSync('podman', ['healthcheck', 'run', container.name], { stdio: 'ignore' }).status !== 0) {
        pending.push(`${container.name} not healthy yet`);
      }
    }
    if (pending.length === 0) return;
    if (Date.now() > deadline) throw new Error(`not up within ${timeoutMs / 1000} s: ${pending.join('; ')}`);
    await sleep(1000);
  }
}

export function composeDown(log: Log, dropVolumes: boolean): void {
  log(`podman-compose down${dropVolumes ? ' -v' : ''}`);
  compose(['down', ...(dropVolumes ? ['-v'] : [])], { quiet: true });
  // Replicas added by scaling are not in the compose file, so `down` leaves them: remove them too.
  const left = run('podman', ['ps', '-a', '-q', '--filter', `label=com.docker.compose.project=${PROJECT}`]).split('\n').filter(Boolean);
  if (left.length > 0) run('podman', ['rm', '--force', ...left]);
}

/**
 * Scales chat to `replicas` containers. Up: podman-compose adds containers under the same name,
 * which the gateway's round robin then reaches. Down: podman-compose does not remove containers, so
 * the newest ones are stopped (SIGTERM: chat drains and closes its sockets, whose clients reconnect
 * to the others) and removed, as `docker compose up --scale` does.
 */
export function scaleChat(replicas: number): void {
  const current = containers().filter((entry) => entry.service === 'chat').map((entry) => entry.name);
  if (replicas > current.length) {
    compose(['up', '-d', '--no-build', '--no-deps', '--no-recreate', '--scale', `chat=${replicas}`, 'chat'], { quiet: true });
    return;
  }
  const byNumber = current.sort((a, b) => Number(/_(\d+)$/.exec(a)?.[1]) - Number(/_(\d+)$/.exec(b)?.[1]));
  for (const name of byNumber.slice(replicas)) {
    run('podman', ['stop', '--time', '10', name]);
    run('podman', ['rm', name]);
  }
}

export interface Container {
  name: string;
  service: string;
  id: string;
}

/** The stack's running containers, by compose service. */
export function containers(): Container[] {
  const listed = JSON.parse(run('podman', ['ps', '--filter', `label=com.docker.compose.project=${PROJECT}`, '--format', 'json'])) as Array<{
    Id: string;
    Names: string[];
    Labels: Record<string, string>;
  }>;
  return listed
    .map((entry) => ({ id: entry.Id, name: entry.Names[0]!, service: entry.Labels['com.docker.compose.service'] ?? '' }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** A container's address on the stack's network (the host reaches containers it started). */
export function containerAddress(name: string): string {
  const networks = JSON.parse(run('podman', ['inspect', '--format', '{{json .NetworkSettings.Networks}}', name])) as Record<string, { IPAddress: string }>;
  const address = Object.values(networks).find((network) => network.IPAddress)?.IPAddress;
  if (!address) throw new Error(`${name} has no network address`);
  return address;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function answersOk(url: string, timeoutMs = 2000): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

/** Where a service answers /readyz: the gateway on its internal listener (not published), the others on their port. */
function readinessUrl(container: string, service: QuadImage): string {
  const port = service === 'gateway' ? GATEWAY_INTERNAL_PORT : SERVICE_PORTS[service];
  return `http://${containerAddress(container)}:${port}/readyz`;
}

export async function waitGatewayReady(log: Log, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = Date.now();
  const gatewayReady = async () => {
    const gateway = containers().find((entry) => entry.service === 'gateway');
    return gateway !== undefined && (await answersOk(readinessUrl(gateway.name, 'gateway'))) && (await answersOk(`${GATEWAY_URL}/healthz`));
  };
  while (!(await gatewayReady())) {
    if (Date.now() > deadline) {
      const states = run('podman', ['ps', '-a', '--filter', `label=com.docker.compose.project=${PROJECT}`, '--format', '{{.Names}} {{.Status}}']);
      throw new Error(`the gateway was not ready within ${timeoutMs / 1000} s; containers:\n${states}`);
    }
    if (Date.now() - last > 15_000) {
      log('waiting for the gateway’s /readyz…');
      last = Date.now();
    }
    await sleep(500);
  }
  log(`the gateway is ready at ${GATEWAY_URL}`);
}

export async function seedDemoData(log: Log): Promise<void> {
  log('seeding the demo data through the gateway');
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'scripts', 'seed.ts')], {
    cwd: REPO_ROOT,
    env: { ...process.env, GATEWAY_PORT: String(SERVICE_PORTS.gateway), ADMIN_PASSWORD: stackAdminPassword() },
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('seeding the demo data failed (see above)');
}

export interface ServiceFigures {
  service: QuadImage;
  imageBytes: number;
  /** From `podman start` until the service's /readyz answers 200. */
  startToReadyMs: number;
  /** Resident memory of the service's process, idle, 35 s after the last service became ready. */
  idleRssBytes: number;
}

function processRss(container: string): number {
  const pid = run('podman', ['inspect', '--format', '{{.State.Pid}}', container]).trim();
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]);
  return kb * 1024;
}

/**
 * Restarts one container of each service in turn (the stack keeps running: chat's other replica, the
 * gateway's retries) and times `podman start` to the first 200 from its /readyz; then, once all are
 * idle, reads each process's resident memory.
 */
export async function measureFigures(log: Log): Promise<ServiceFigures[]> {
  const running = containers();
  const figures: ServiceFigures[] = [];
  const measured: Array<{ service: QuadImage; container: string }> = [];
  for (const service of QUAD_IMAGES) {
    const container = running.find((entry) => entry.service === service)?.name;
    if (!container) throw new Error(`no running container for ${service}`);
    run('podman', ['stop', '--time', '10', container]);
    const begun = Date.now();
    run('podman', ['start', container]);
    const url = readinessUrl(container, service);
    while (!(await answersOk(url, 1000))) {
      if (Date.now() - begun > 60_000) throw new Error(`${service} (${container}) was not ready within 60 s after a restart`);
      await sleep(25);
    }
    const startToReadyMs = Date.now() - begun;
    log(`${service}: ready ${startToReadyMs} ms after podman start`);
    figures.push({ service, imageBytes: imageSize(quadImageReference(service)), startToReadyMs, idleRssBytes: 0 });
    measured.push({ service, container });
  }
  // The gateway was restarted last: let every service settle before reading memory (a service's
  // last start-up collections run 30 to 36 s after it listens: SETTLE_AFTER_START_MS and
  // SETTLE_COLLECTIONS in packages/common).
  await waitGatewayReady(log, 60_000);
  await sleep(42_000);
  for (const { service, container } of measured) figures.find((entry) => entry.service === service)!.idleRssBytes = processRss(container);
  return figures;
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
/** Memory also as `podman stats`, `docker stats` and Kubernetes (`Mi`) count it. */
const mib = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MiB`;

export function printFigures(figures: ServiceFigures[]): void {
  console.log('\nservice      image    start-to-ready   idle RSS');
  for (const entry of figures) {
    console.log(
      `${entry.service.padEnd(12)} ${mb(entry.imageBytes).padStart(6)}   ${`${(entry.startToReadyMs / 1000).toFixed(2)} s`.padStart(14)}   ${mb(entry.idleRssBytes).padStart(8)} (${mib(entry.idleRssBytes)})`,
    );
  }
  const total = figures.reduce((sum, entry) => sum + entry.idleRssBytes, 0);
  console.log(`targets: image < 200 MB, start-to-ready < 3 s, idle RSS < 100 MB; ${figures.length} services, ${mb(total)} idle in all\n`);
}
