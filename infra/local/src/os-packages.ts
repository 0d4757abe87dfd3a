/**
 * What the local infrastructure needs from the operating system, and installing it.
 *
 * A fresh Debian machine lacks `redis-server`, and (when no binary is cached yet) a Go toolchain
 * new enough to build FerretDB, nats-server and MinIO. `npm start` and `npm run infra:up` install
 * them the way `.ci/run` does: `apt-get` as root, or through `sudo -n` when sudo needs no password.
 * Otherwise they stop and print the one command a person has to run. The decision is a pure
 * function (`planOsInstall`) so it is tested without installing anything.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import type { LogFn } from './binaries';

/** Go >= 1.21 fetches the exact toolchain each module asks for (GOTOOLCHAIN=auto); older cannot. */
export const MIN_GO_MINOR = 21;

/** Something the machine lacks, and the Debian package that provides it. */
export interface OsNeed {
  /** What is missing, as a person reads it ("redis-server", "Go >= 1.21"). */
  what: string;
  /** The Debian package. */
  aptPackage: string;
  /** The hint when there is no apt-get at all (macOS, other distributions). */
  elsewhere: string;
}

export const REDIS_NEED: OsNeed = {
  what: 'redis-server',
  aptPackage: 'redis-server',
  elsewhere: 'install Redis 7 from your OS packages (e.g. "brew install redis" on macOS)',
};

export const GO_NEED: OsNeed = {
  what: `Go >= 1.${MIN_GO_MINOR} (needed once, to build FerretDB, nats-server and MinIO)`,
  aptPackage: 'golang-go',
  elsewhere: `install Go >= 1.${MIN_GO_MINOR} from https://go.dev/dl`,
};

/** What this process may do, and on what system. */
export interface Machine {
  isRoot: boolean;
  /** `sudo -n true` succeeds: sudo works without asking for a password. */
  passwordlessSudo: boolean;
  hasAptGet: boolean;
  /** `VERSION_CODENAME` of /etc/os-release; bookworm's golang-go (1.19) is too old, backports has 1.2x. */
  debianCodename?: string;
  /** systemd runs the machine: installing redis-server then also starts its system service on 6379. */
  systemd: boolean;
}

export type OsInstallPlan =
  | { kind: 'nothing' }
  /** Commands (argv lists) to run in order; `optional` ones may fail without stopping the start. */
  | { kind: 'install'; summary: string; steps: { argv: string[]; optional?: boolean }[] }
  /** Nothing can be installed from here: the message names the one command to run, then start again. */
  | { kind: 'ask'; message: string };

const BACKPORTS_FILE = '/etc/apt/sources.list.d/backports.list';

/**
 * Decides how to get what is missing: nothing to do, commands to run (as root, or each prefixed with
 * `sudo -n`), or a message asking the person to run one command.
 */
export function planOsInstall(missing: readonly OsNeed[], machine: Machine): OsInstallPlan {
  if (missing.length === 0) return { kind: 'nothing' };
  const whats = missing.map((need) => need.what).join(' and ');
  if (!machine.hasAptGet) {
    return {
      kind: 'ask',
      message: `${whats} not found, and this machine has no apt-get to install it. Please ${missing
        .map((need) => need.elsewhere)
        .join('; ')}, then run the command again.`,
    };
  }

  const needsGo = missing.includes(GO_NEED);
  const backports = needsGo && machine.debianCodename === 'bookworm';
  const packages = missing.filter((need) => need !== GO_NEED || !backports).map((need) => need.aptPackage);
  const commands: { argv: string[]; optional?: boolean }[] = [];
  if (backports) {
    commands.push({
      argv: ['sh', '-c', `echo "deb http://deb.debian.org/debian bookworm-backports main" > ${BACKPORTS_FILE}`],
    });
  }
  commands.push({ argv: ['apt-get', 'update'] });
  if (packages.length > 0) {
    commands.push({ argv: ['apt-get', 'install', '-y', '--no-install-recommends', ...packages] });
  }
  if (backports) {
    commands.push({
      argv: ['apt-get', 'install', '-y', '--no-install-recommends', '-t', 'bookworm-backports', GO_NEED.aptPackage],
    });
  }
  // The package starts its own system Redis on 6379, the port Quad's own Redis (with its own data
  // dir) uses; stop that service so the two never fight over the port.
  if (missing.includes(REDIS_NEED) && machine.systemd) {
    commands.push({ argv: ['systemctl', 'disable', '--now', 'redis-server'], optional: true });
  }

  if (machine.isRoot || machine.passwordlessSudo) {
    const prefix = machine.isRoot ? [] : ['sudo', '-n'];
    return {
      kind: 'install',
      summary: `installing ${whats} with ${machine.isRoot ? '' : 'sudo '}apt-get`,
      steps: commands.map((step) => ({ ...step, argv: [...prefix, ...step.argv] })),
    };
  }
  const oneCommand = commands
    .map(({ argv }) => `sudo ${argv.map((arg) => (/[\s">]/.test(arg) ? `'${arg}'` : arg)).join(' ')}`)
    .join(' && ');
  return {
    kind: 'ask',
    message:
      `${whats} not found, and this user can install nothing (not root, and sudo asks for a password). ` +
      `Run this once, then start again:\n\n  ${oneCommand}\n`,
  };
}

function commandSucceeds(command: string, args: string[]): boolean {
  try {
    return spawnSync(command, args, { stdio: 'ignore', timeout: 10_000 }).status === 0;
  } catch {
    return false;
  }
}

/** Looks at this machine: root, passwordless sudo, apt-get, Debian release, systemd. */
export function inspectMachine(findCommand: (command: string) => string | undefined): Machine {
  const isRoot = process.getuid?.() === 0;
  let debianCodename: string | undefined;
  try {
    debianCodename = /^VERSION_CODENAME=(.*)$/m.exec(fs.readFileSync('/etc/os-release', 'utf8'))?.[1]?.replace(/"/g, '');
  } catch {
    debianCodename = undefined;
  }
  return {
    isRoot,
    passwordlessSudo: !isRoot && !!findCommand('sudo') && commandSucceeds('sudo', ['-n', 'true']),
    hasAptGet: !!findCommand('apt-get'),
    debianCodename,
    systemd: fs.existsSync('/run/systemd/system'),
  };
}

/** The minor version of the `go` found, or undefined when there is none (or it does not answer). */
export function goMinorVersion(goPath: string | undefined): number | undefined {
  if (!goPath) return undefined;
  const result = spawnSync(goPath, ['env', 'GOVERSION'], { encoding: 'utf8', timeout: 30_000 });
  const minor = /^go1\.(\d+)/.exec(result.stdout?.trim() ?? '')?.[1];
  return minor === undefined ? undefined : Number(minor);
}

function runStep(argv: string[]): Promise<number> {
  return new Promise((resolve) => {
    // apt's own progress goes straight to the terminal: the first start stays visibly alive.
    const child = spawn(argv[0]!, argv.slice(1), {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    child.on('error', () => resolve(127));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

/** Carries out a plan: runs its steps in order, or throws the plan's message for a person. */
export async function carryOut(plan: OsInstallPlan, log: LogFn): Promise<void> {
  if (plan.kind === 'nothing') return;
  if (plan.kind === 'ask') throw new Error(plan.message);
  log(`${plan.summary} (first run only)…`);
  for (const step of plan.steps) {
    log(`$ ${step.argv.join(' ')}`);
    const code = await runStep(step.argv);
    if (code !== 0 && !step.optional) {
      throw new Error(`"${step.argv.join(' ')}" failed (exit code ${code}); fix that and start again.`);
    }
  }
  log(`${plan.summary}: done`);
}
