/**
 * Podman on this machine, and what a fresh machine needs for it (`npm run containers`): the Debian
 * packages, the runtime settings that work here (runc with cgroupfs: the kernel mounts cgroups in
 * hybrid mode, which crun refuses), netavark with aardvark-dns so compose services find each other
 * by name, and podman-compose from PyPI.
 */
import { spawn, spawnSync, type SpawnSyncOptions } from 'node:child_process';
import fs from 'node:fs';
import { findOnPath } from '../binaries';

export type Log = (line: string) => void;

/** Runs a command and returns its stdout; throws with its stderr when it fails. */
export function run(command: string, args: string[], options: SpawnSyncOptions = {}): string {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    const stderr = String(result.stderr ?? '').trim().split('\n').slice(-20).join('\n');
    throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status}):\n${stderr}`);
  }
  return String(result.stdout ?? '');
}

/** Runs a long command with its output streamed line by line to `log`, behind a prefix. */
export function stream(command: string, args: string[], log: Log, prefix: string, options: { cwd?: string } = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const tail: string[] = [];
    const onData = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (!line.trim()) continue;
        tail.push(line);
        if (tail.length > 40) tail.shift();
        if (process.env.QUAD_CONTAINERS_VERBOSE === '1' || /Successfully tagged|error/i.test(line)) {
          log(`${prefix} ${line}`);
        }
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.slice(0, 3).join(' ')}… failed (exit ${code}):\n${tail.join('\n')}`)),
    );
  });
}

// catatonit: the pause process of the pods `podman kube play` makes (containers -- kube).
const DEBIAN_PACKAGES = ['podman', 'runc', 'netavark', 'aardvark-dns', 'catatonit', 'debootstrap', 'binutils', 'ca-certificates'];

/** Pinned: the podman-compose this was checked with (it supports compose's deploy.replicas and healthy conditions). */
export const PODMAN_COMPOSE_VERSION = '1.6.0';

export const CONTAINERS_CONF = '/etc/containers/containers.conf';
const CONTAINERS_CONF_TEXT = [
  '# Written by Quad (npm run containers): what works on a kernel with hybrid cgroups and no systemd.',
  '[containers]',
  'default_ulimits = []',
  '[engine]',
  'cgroup_manager = "cgroupfs"',
  'runtime = "runc"',
  '[network]',
  'network_backend = "netavark"',
  '',
].join('\n');

function missingDebianPackages(): string[] {
  return DEBIAN_PACKAGES.filter((name) => {
    const result = spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' });
    return !String(result.stdout).includes('install ok installed');
  });
}

/** Installs and configures what podman and podman-compose need here; idempotent. */
export function setUpPodman(log: Log): void {
  const sudo = process.getuid?.() === 0 ? [] : ['sudo', '-n'];
  const asRoot = (command: string, args: string[]) =>
    sudo.length ? run(sudo[0]!, [...sudo.slice(1), command, ...args]) : run(command, args);
  const missing = missingDebianPackages();
  if (missing.length > 0) {
    log(`installing ${missing.join(', ')} from Debian's packages`);
    asRoot('apt-get', ['update', '-qq']);
    asRoot('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing]);
  }
  const current = fs.existsSync(CONTAINERS_CONF) ? fs.readFileSync(CONTAINERS_CONF, 'utf8') : '';
  if (!current.includes('cgroup_manager = "cgroupfs"') || !current.includes('network_backend = "netavark"')) {
    log(`writing ${CONTAINERS_CONF} (runc, cgroupfs, netavark)`);
    if (sudo.length) run('sudo', ['-n', 'sh', '-c', `mkdir -p /etc/containers && cat > ${CONTAINERS_CONF}`], { input: CONTAINERS_CONF_TEXT });
    else {
      fs.mkdirSync('/etc/containers', { recursive: true });
      fs.writeFileSync(CONTAINERS_CONF, CONTAINERS_CONF_TEXT);
    }
    // Containers and networks made with the previous backend would not be reachable by name.
    spawnSync('podman', ['system', 'reset', '--force'], { stdio: 'ignore' });
  }
  if (!podmanComposeCommand()) {
    log(`installing podman-compose ${PODMAN_COMPOSE_VERSION} from PyPI`);
    run('python3', ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', `podman-compose==${PODMAN_COMPOSE_VERSION}`]);
  }
  if (!podmanComposeCommand()) throw new Error('podman-compose is not on PATH after installing it (python3 -m pip install podman-compose)');
}

/** The podman-compose command, when installed. */
export function podmanComposeCommand(): string | undefined {
  return findOnPath('podman-compose');
}

export function imageExists(reference: string): boolean {
  return spawnSync('podman', ['image', 'exists', reference]).status === 0;
}

/** An image's size in bytes as podman reports it (uncompressed, all layers). */
export function imageSize(reference: string): number {
  return Number(run('podman', ['image', 'inspect', '--format', '{{.Size}}', reference]).trim());
}

/** Whether `reference` can be pulled from its registry (tried once, with a time limit). */
export function canPull(reference: string, log: Log): boolean {
  if (imageExists(reference)) return true;
  const result = spawnSync('podman', ['pull', '--quiet', reference], { encoding: 'utf8', timeout: 45_000 });
  if (result.status === 0) return true;
  const reason = String(result.stderr ?? result.error?.message ?? '').trim().split('\n').at(-1);
  log(`cannot pull ${reference}: ${reason || 'timed out'}`);
  return false;
}
