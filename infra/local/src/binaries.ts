/**
 * Building, caching and locating the server binaries.
 *
 * Go-built servers are compiled once per machine into `~/.cache/quad/<name>-<version>/<name>` and
 * symlinked into the clone's git-ignored `.infra/bin/`. Redis comes from the OS package manager
 * (installed by os-packages.ts when missing) and the SMTP catcher (maildev) from npm, so those are
 * only located, never built.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GO_NEED, MIN_GO_MINOR, type OsNeed, REDIS_NEED, carryOut, goMinorVersion, inspectMachine, planOsInstall } from './os-packages';
import { BIN_DIR, cacheDir } from './paths';
import { GO_BINARIES, REDIS_SERVER_COMMAND, type GoBinary, type SourcePatch } from './versions';

export type LogFn = (line: string) => void;

const noop: LogFn = () => {};

/** How often a long build reports that it is still alive. */
const PROGRESS_INTERVAL_MS = 30_000;
/** Below this much RAM, heavy builds (MinIO) run alone rather than alongside the others. */
const PARALLEL_HEAVY_BUILD_MIN_MEMORY = 12 * 1024 ** 3;

/** `~/.cache/quad/<name>-<version>/<name>`. */
export function cachedBinaryPath(bin: GoBinary): string {
  return path.join(cacheDir(), `${bin.name}-${buildId(bin)}`, bin.name);
}

/** `<repo>/.infra/bin/<name>`: what the process launcher runs. */
export function linkedBinaryPath(bin: GoBinary): string {
  return path.join(BIN_DIR, bin.name);
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Finds a command on PATH (plus the sbin folders, which a non-root PATH may lack). */
export function findOnPath(command: string): string | undefined {
  const dirs = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  for (const dir of [...dirs, '/usr/local/sbin', '/usr/sbin', '/sbin']) {
    const candidate = path.join(dir, command);
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}

export function redisServerPath(): string {
  const found = findOnPath(REDIS_SERVER_COMMAND);
  if (!found) {
    throw new Error(
      `${REDIS_SERVER_COMMAND} not found on PATH. Install it from the OS packages, e.g. ` +
        `"sudo apt-get install -y redis-server" (Debian/Ubuntu) or "brew install redis" (macOS).`,
    );
  }
  return found;
}

/** maildev's CLI entry point, resolved from this workspace's dependencies. */
export function maildevPaths(): { bin: string; version: string } {
  const pkgJson = require.resolve('maildev/package.json', { paths: [__dirname] });
  const pkg = JSON.parse(fs.readFileSync(pkgJson, 'utf8')) as {
    version: string;
    bin: Record<string, string>;
  };
  return { bin: path.resolve(path.dirname(pkgJson), pkg.bin.maildev), version: pkg.version };
}

interface RunResult {
  code: number;
  stdout: string;
}

/**
 * Runs a build step. stderr (where `go` reports progress and errors) is appended to `logFile`, so a
 * failure can quote its tail; stdout is returned (`go mod download -json` prints its answer there).
 */
function run(
  command: string,
  args: string[],
  opts: { cwd?: string; env?: NodeJS.ProcessEnv; logFile?: string },
) {
  return new Promise<RunResult>((resolve, reject) => {
    let stderr: number | 'ignore' = 'ignore';
    if (opts.logFile) {
      stderr = fs.openSync(opts.logFile, 'a');
      fs.writeSync(stderr, `\n$ ${command} ${args.join(' ')}\n`);
    }
    const child = spawn(command, args, { cwd: opts.cwd, env: opts.env, stdio: ['ignore', 'pipe', stderr] });
    if (typeof stderr === 'number') fs.closeSync(stderr);
    let stdout = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout }));
  });
}

function tail(file: string, lines = 30): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

function assertGoAvailable(): void {
  const minor = goMinorVersion(findOnPath('go'));
  if (minor === undefined || minor < MIN_GO_MINOR) {
    throw new Error(
      'The Go toolchain ("go") is needed once to build FerretDB, nats-server and MinIO, and was not found ' +
        `on PATH (or is older than 1.${MIN_GO_MINOR}). Install Go >= 1.${MIN_GO_MINOR} from https://go.dev/dl ` +
        '(newer toolchains the modules ask for are then fetched from the Go module proxy automatically).',
    );
  }
}

/**
 * Installs from the OS packages what the machine lacks (redis-server; Go when a binary must be
 * built), as root or with passwordless sudo, or stops with the one command a person must run.
 */
async function ensureOsPackages(log: LogFn): Promise<void> {
  const missing: OsNeed[] = [];
  if (!findOnPath(REDIS_SERVER_COMMAND)) missing.push(REDIS_NEED);
  if (missingBinaries().length > 0) {
    const minor = goMinorVersion(findOnPath('go'));
    if (minor === undefined || minor < MIN_GO_MINOR) missing.push(GO_NEED);
  }
  if (missing.length === 0) return;
  await carryOut(planOsInstall(missing, inspectMachine(findOnPath)), log);
}

/** The environment for every `go` invocation. */
function goEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    // The build dirs are module-cache copies with no VCS metadata; without this `go build` can fail
    // trying to stamp VCS info when run inside some other git checkout.
    GOFLAGS: '-buildvcs=false',
    // Let an older local Go (>= 1.21) fetch the toolchain a module's go.mod asks for from the module
    // proxy. Debian's golang packages default to GOTOOLCHAIN=local, which would just fail instead.
    GOTOOLCHAIN: process.env.GOTOOLCHAIN ?? 'auto',
    ...extra,
  };
}

/** Builds `bin` into `outDir/<name>` (outDir is on the cache's filesystem so the final rename is atomic). */
async function goBuild(bin: GoBinary, outDir: string, logFile: string): Promise<void> {
  const failure = (step: string) =>
    new Error(`building ${bin.label} ${bin.version} failed at "${step}"; see ${logFile}:\n${tail(logFile)}`);

  if (bin.recipe.kind === 'go-install') {
    const res = await run('go', ['install', `${bin.recipe.packagePath}@${bin.version}`], {
      env: goEnv({ GOBIN: outDir }),
      logFile,
    });
    if (res.code !== 0) throw failure('go install');
    return;
  }

  // FerretDB: build from a writable copy of the module source with the version file it expects.
  const dl = await run('go', ['mod', 'download', '-json', `${bin.module}@${bin.version}`], {
    env: goEnv(),
    logFile,
  });
  if (dl.code !== 0) throw failure('go mod download');
  const { Dir: moduleDir } = JSON.parse(dl.stdout) as { Dir?: string };
  if (!moduleDir) throw failure('go mod download (no Dir in its answer)');
  const srcDir = fs.mkdtempSync(path.join(os.tmpdir(), `quad-${bin.name}-src-`));
  try {
    fs.cpSync(moduleDir, srcDir, { recursive: true });
    chmodWritable(srcDir); // the module cache is read-only
    fs.mkdirSync(path.join(srcDir, 'build', 'version'), { recursive: true });
    fs.writeFileSync(path.join(srcDir, 'build', 'version', 'version.txt'), `${bin.version}\n`);
    for (const patch of bin.recipe.patches) applyPatch(srcDir, patch);
    const res = await run('go', ['build', '-o', path.join(outDir, bin.name), bin.recipe.mainPackage], {
      cwd: srcDir,
      env: goEnv(),
      logFile,
    });
    if (res.code !== 0) throw failure('go build');
  } finally {
    fs.rmSync(srcDir, { recursive: true, force: true });
  }
}

/** The version, plus the ids of the source patches it is built with: names its cache folder. */
export function buildId(bin: GoBinary): string {
  const patches = bin.recipe.kind === 'ferretdb-source' ? bin.recipe.patches : [];
  return [bin.version, ...patches.map((patch) => patch.id)].join('+');
}

/** Applies one source patch; a patch whose text is not found fails the build rather than building the unpatched source. */
export function applyPatch(srcDir: string, patch: SourcePatch): void {
  const file = path.join(srcDir, patch.file);
  const source = fs.readFileSync(file, 'utf8');
  if (!source.includes(patch.from)) throw new Error(`patch ${patch.id}: "${patch.from}" not found in ${patch.file}`);
  fs.writeFileSync(file, source.replace(patch.from, patch.to));
}

function chmodWritable(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const full = path.join(entry.parentPath, entry.name);
    if (entry.isSymbolicLink()) continue;
    const mode = fs.statSync(full).mode;
    fs.chmodSync(full, mode | 0o200);
  }
  fs.chmodSync(dir, fs.statSync(dir).mode | 0o200);
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Makes sure `~/.cache/quad/<name>-<version>/<name>` exists, building it if needed. A lock directory
 * keeps two processes (say the CLI and a test run's global setup) from building the same thing at
 * once: the second one waits for the first one's result.
 */
async function ensureCached(bin: GoBinary, log: LogFn): Promise<string> {
  const target = cachedBinaryPath(bin);
  if (isExecutable(target)) return target;

  const root = cacheDir();
  fs.mkdirSync(root, { recursive: true });
  const lockDir = path.join(root, `${bin.name}-${buildId(bin)}.lock`);
  const started = Date.now();
  let lastNote = 0;
  for (;;) {
    try {
      fs.mkdirSync(lockDir);
      fs.writeFileSync(path.join(lockDir, 'pid'), String(process.pid));
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let owner = NaN; // unknown while the owner is between mkdir and writing its pid
    try {
      owner = Number.parseInt(fs.readFileSync(path.join(lockDir, 'pid'), 'utf8'), 10);
    } catch {
      // not written yet: judged by the lock's age below
    }
    if (!(owner > 0)) owner = NaN;
    if (isExecutable(target)) return target;
    const lockStat = fs.statSync(lockDir, { throwIfNoEntry: false });
    if (!lockStat) continue; // released just now: try to take it
    const ownerGone = Number.isFinite(owner) ? !pidAlive(owner) : Date.now() - lockStat.mtimeMs > 10_000;
    if (ownerGone) {
      fs.rmSync(lockDir, { recursive: true, force: true }); // stale lock from a crashed build
      continue;
    }
    if (Date.now() - lastNote >= PROGRESS_INTERVAL_MS) {
      const waited = Math.round((Date.now() - started) / 1000);
      log(`${bin.label}: another process (pid ${owner}) is building it; waiting… ${waited}s`);
      lastNote = Date.now();
    }
    await sleep(2_000);
  }

  try {
    if (isExecutable(target)) return target; // built while we were waiting for the lock
    const logFile = path.join(root, `${bin.name}-${buildId(bin)}.build.log`);
    fs.writeFileSync(logFile, '');
    const outDir = fs.mkdtempSync(path.join(root, `.build-${bin.name}-`));
    log(
      `building ${bin.label} ${bin.version} (first run${bin.heavy ? ', several minutes' : ''})… log: ${logFile}`,
    );
    const timer = setInterval(() => {
      log(`still building ${bin.label}… ${Math.round((Date.now() - started) / 1000)}s`);
    }, PROGRESS_INTERVAL_MS);
    try {
      await goBuild(bin, outDir, logFile);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.renameSync(path.join(outDir, bin.name), target); // atomic: never a half-written binary in the cache
    } finally {
      clearInterval(timer);
      fs.rmSync(outDir, { recursive: true, force: true });
    }
    log(`built ${bin.label} in ${Math.round((Date.now() - started) / 1000)}s`);
    return target;
  } finally {
    fs.rmSync(lockDir, { recursive: true, force: true });
  }
}

/**
 * Points `<repo>/.infra/bin/<name>` at the cached build (a copy where symlinks are not allowed).
 * The new link is made under a temporary name and renamed over the old one: rename is atomic, so
 * concurrent callers (a test run's global setup next to `infra:up`) never see a missing binary, and
 * a copy can never be written through an existing link onto the cached binary itself.
 */
function link(bin: GoBinary, target: string, log: LogFn): void {
  const linkPath = linkedBinaryPath(bin);
  fs.mkdirSync(path.dirname(linkPath), { recursive: true });
  const stat = fs.lstatSync(linkPath, { throwIfNoEntry: false });
  if (stat?.isSymbolicLink() && fs.readlinkSync(linkPath) === target) return;
  const tmp = `${linkPath}.${process.pid}.tmp`;
  fs.rmSync(tmp, { force: true });
  try {
    fs.symlinkSync(target, tmp);
  } catch {
    fs.copyFileSync(target, tmp);
    fs.chmodSync(tmp, 0o755);
  }
  fs.renameSync(tmp, linkPath);
  log(`linked ${linkPath} -> ${target}`);
}

/** The Go-built binaries not yet in the machine cache, i.e. what `ensureBinaries()` would have to build. */
export function missingBinaries(): GoBinary[] {
  return GO_BINARIES.filter((bin) => !isExecutable(cachedBinaryPath(bin)));
}

/**
 * Installs what the OS must provide (redis-server, and Go when something must be built), builds
 * (once per machine) and links whatever binary is missing, and checks that maildev is installed.
 * Light builds run in parallel; MinIO's build, which alone can take GBs of RAM, runs after them
 * unless the machine has plenty of memory.
 */
export async function ensureBinaries(log: LogFn = noop): Promise<void> {
  await ensureOsPackages(log);
  redisServerPath(); // still missing after an install: fail early with the hint
  maildevPaths();

  if (missingBinaries().length > 0) assertGoAvailable();

  const buildAndLink = async (bin: GoBinary) => link(bin, await ensureCached(bin, log), log);
  const roomy = os.totalmem() >= PARALLEL_HEAVY_BUILD_MIN_MEMORY;
  const first = roomy ? GO_BINARIES : GO_BINARIES.filter((b) => !b.heavy);
  const later = roomy ? [] : GO_BINARIES.filter((b) => b.heavy);
  await settleAll(first.map(buildAndLink));
  await settleAll(later.map(buildAndLink));
}

/** Like Promise.all, but lets every build finish (no orphaned half-builds) and reports all failures. */
async function settleAll(promises: Promise<void>[]): Promise<void> {
  const results = await Promise.allSettled(promises);
  const errors = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as Error] : []));
  if (errors.length === 1) throw errors[0];
  if (errors.length > 1) throw new Error(errors.map((e) => e.message).join('\n\n'));
}

/** Exact versions of what `up()` runs, as reported by the binaries themselves. */
export async function binaryVersions(): Promise<Record<string, string>> {
  const ask = async (command: string, args: string[]): Promise<string> => {
    try {
      const res = await run(command, args, {});
      return res.stdout.split('\n')[0]?.trim() || '(no output)';
    } catch (err) {
      return `unavailable (${(err as Error).message})`;
    }
  };
  const entries = await Promise.all([
    ...GO_BINARIES.map(async (bin) => [bin.name, await ask(linkedBinaryPath(bin), ['--version'])] as const),
    ask(redisServerPath(), ['--version']).then((v) => ['redis-server', v] as const),
  ]);
  return { ...Object.fromEntries(entries), maildev: maildevPaths().version };
}
