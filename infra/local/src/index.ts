/**
 * Real local infrastructure without Docker: FerretDB (MongoDB wire protocol), NATS with JetStream,
 * Redis, MinIO and an SMTP catcher, each a plain child process with its data under `<rootDir>/data`.
 *
 * `up()` is idempotent — what already runs healthy (by recorded pid AND a real protocol probe) is left
 * alone — and returns only when every server really answers. `down()` stops only what `up()` recorded.
 * See /work/shared/ARCHITECTURE.md, "Real infrastructure, with or without Docker".
 */
import fs from 'node:fs';
import path from 'node:path';
import { ensureBinaries, linkedBinaryPath, redisServerPath, type LogFn } from './binaries';
import { FERRETDB, NATS_SERVER } from './versions';
import { COMPONENTS, type Component } from './components';
import { INFRA_NAMES, type InfraName, type InfraOptions, type InfraPorts } from './config';
import {
  describePortOwner,
  isOurProcess,
  logTail,
  pidFilePath,
  portFree,
  readPids,
  spawnDetached,
  stopProcess,
  updatePids,
  type PidRecord,
} from './processes';

export {
  DEV_PORTS,
  INFRA_NAMES,
  MINIO_CREDENTIALS,
  PORT_ENV,
  TEST_PORTS,
  infraEnv,
  portsFromEnv,
  type InfraName,
  type InfraOptions,
  type InfraPorts,
} from './config';
export { binaryVersions, ensureBinaries, missingBinaries } from './binaries';
export { ferretDbSqliteUrl } from './versions';
export { GO_NEED, REDIS_NEED, planOsInstall, type Machine, type OsInstallPlan } from './os-packages';
export { portFree } from './processes';
/** The server binaries, for tests that run a server of their own (to stop or freeze it alone). */
export function serverBinaryPaths(): { redis: string; nats: string; ferretdb: string } {
  return { redis: redisServerPath(), nats: linkedBinaryPath(NATS_SERVER), ferretdb: linkedBinaryPath(FERRETDB) };
}

export interface ComponentStatus {
  pid?: number;
  running: boolean;
  healthy: boolean;
  port: number;
}

const noop: LogFn = () => {};
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

const dataDir = (rootDir: string, name: InfraName) => path.join(rootDir, 'data', name);
const logFile = (rootDir: string, name: InfraName) => path.join(rootDir, 'logs', `${name}.log`);

async function probeOnce(component: Component, ports: InfraPorts): Promise<Error | undefined> {
  try {
    await component.probe(ports);
    return undefined;
  } catch (err) {
    return err instanceof Error ? err : new Error(String(err));
  }
}

/**
 * Polls the probe until it succeeds. Fails early if `exited` settles (the server died) and after
 * the component's start timeout otherwise; both errors name the component and quote its log.
 */
async function waitHealthy(
  component: Component,
  opts: InfraOptions,
  exited: Promise<string> | undefined,
): Promise<void> {
  const started = Date.now();
  const deadline = started + component.startTimeoutMs;
  let exitReason: string | undefined;
  void exited?.then((reason) => (exitReason = reason));
  let delay = 100;
  for (;;) {
    const err = await probeOnce(component, opts.ports);
    if (!err) return;
    const log = logFile(opts.rootDir, component.name);
    if (exitReason) {
      throw new Error(`${component.label} ${exitReason} before answering. Tail of ${log}:\n${logTail(log)}`);
    }
    if (Date.now() >= deadline) {
      throw new Error(
        `${component.label} did not answer on 127.0.0.1:${component.ports(opts.ports)[0]} within ` +
          `${component.startTimeoutMs / 1000}s (last probe error: ${err.message}). Tail of ${log}:\n${logTail(log)}`,
      );
    }
    await sleep(delay);
    delay = Math.min(delay * 2, 500);
  }
}

/** Brings one component up, or confirms it is already up. Returns a one-line summary. */
async function upOne(component: Component, opts: InfraOptions, log: LogFn): Promise<void> {
  const { rootDir, ports } = opts;
  const { name, label } = component;
  const wanted = component.ports(ports);
  const started = Date.now();
  const recorded = readPids(rootDir)[name];

  if (recorded && isOurProcess(recorded)) {
    if (recorded.ports.join() !== wanted.join()) {
      throw new Error(
        `${label} already runs from ${rootDir} (pid ${recorded.pid}) on port(s) ${recorded.ports.join(', ')}, ` +
          `not the requested ${wanted.join(', ')}. Run "down" for this rootDir first.`,
      );
    }
    if (!(await probeOnce(component, ports))) {
      log(`${label}: already running (pid ${recorded.pid}), healthy`);
      return;
    }
    // Alive but not answering yet: most likely another up() is starting it right now. Give it the
    // normal start time rather than starting a second copy on the same data dir.
    log(`${label}: running (pid ${recorded.pid}) but not answering yet; waiting…`);
    await waitHealthy(component, opts, undefined).catch((err: Error) => {
      throw new Error(`${err.message}\nIt is pid ${recorded.pid}; "down" stops it.`);
    });
    log(`${label}: ready (pid ${recorded.pid}) after ${elapsed(started)}`);
    return;
  }
  if (recorded) updatePids(rootDir, (pids) => delete pids[name]); // died since it was recorded

  for (const port of wanted) {
    if (!(await portFree(port))) {
      throw new Error(
        `${label}: port ${port} on 127.0.0.1 is already in use by ${describePortOwner(port)}, which is not ` +
          `one of ours (not recorded in ${pidFilePath(rootDir)}). Stop that process or choose other ports.`,
      );
    }
  }

  const dir = dataDir(rootDir, name);
  fs.mkdirSync(dir, { recursive: true });
  const spec = component.launch(dir, ports);
  const child = spawnDetached({ ...spec, cwd: dir, logFile: logFile(rootDir, name) });
  const exited = new Promise<string>((resolve) => {
    child.once('error', (err) => resolve(`could not be started (${err.message})`));
    child.once('exit', (code, sig) => resolve(`exited (${sig ? `signal ${sig}` : `code ${code}`})`));
  });
  if (child.pid === undefined) {
    throw new Error(`${label} ${await exited}: ${spec.command}`);
  }
  const record: PidRecord = {
    pid: child.pid,
    marker: spec.marker,
    ports: wanted,
    startedAt: new Date().toISOString(),
  };
  updatePids(rootDir, (pids) => (pids[name] = record));

  try {
    await waitHealthy(component, opts, exited);
  } catch (err) {
    // A server that never became healthy is useless and would block the port for the next try.
    await stopProcess(record);
    updatePids(rootDir, (pids) => delete pids[name]);
    throw err;
  }
  log(`${label}: started (pid ${child.pid}) on 127.0.0.1:${wanted.join(', ')} in ${elapsed(started)}`);
}

function elapsed(since: number): string {
  return `${((Date.now() - since) / 1000).toFixed(1)}s`;
}

/**
 * Builds/links missing binaries, then starts every component not already running healthy, all in
 * parallel, and waits until each one answers its own protocol. Throws one error listing every
 * component that failed (the others are left running; `up()` again retries only the failed ones).
 */
export async function up(opts: InfraOptions): Promise<void> {
  const log = opts.log ?? noop;
  const resolved: InfraOptions = { ...opts, rootDir: path.resolve(opts.rootDir) };
  await ensureBinaries(log);
  fs.mkdirSync(path.join(resolved.rootDir, 'logs'), { recursive: true });
  const results = await Promise.allSettled(INFRA_NAMES.map((name) => upOne(COMPONENTS[name], resolved, log)));
  const failures = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as Error).message] : []));
  if (failures.length > 0) {
    throw new Error(`local infrastructure is not fully up:\n\n${failures.join('\n\n')}`);
  }
}

/** Stops only the recorded processes (SIGTERM, SIGKILL after 5 s) and forgets them. Data is kept. */
export async function down(opts: Pick<InfraOptions, 'rootDir' | 'log'>): Promise<void> {
  const log = opts.log ?? noop;
  const rootDir = path.resolve(opts.rootDir);
  const pids = readPids(rootDir);
  await Promise.all(
    INFRA_NAMES.map(async (name) => {
      const record = pids[name];
      if (!record) return;
      const outcome = await stopProcess(record);
      updatePids(rootDir, (current) => delete current[name]);
      const label = COMPONENTS[name].label;
      if (outcome === 'not-running') log(`${label}: was not running (pid ${record.pid} gone)`);
      else log(`${label}: ${outcome} (pid ${record.pid})`);
    }),
  );
}

/** Per component: the recorded pid, whether it still runs, and whether its port answers the protocol. */
export async function status(opts: InfraOptions): Promise<Record<InfraName, ComponentStatus>> {
  const rootDir = path.resolve(opts.rootDir);
  const pids = readPids(rootDir);
  const entries = await Promise.all(
    INFRA_NAMES.map(async (name): Promise<[InfraName, ComponentStatus]> => {
      const component = COMPONENTS[name];
      const record = pids[name];
      const healthy = !(await probeOnce(component, opts.ports));
      return [
        name,
        {
          pid: record?.pid,
          running: record ? isOurProcess(record) : false,
          healthy,
          port: component.ports(opts.ports)[0]!,
        },
      ];
    }),
  );
  return Object.fromEntries(entries) as Record<InfraName, ComponentStatus>;
}
