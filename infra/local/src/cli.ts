/**
 * `tsx infra/local/src/cli.ts <up|down|status|build [--check]|env|versions>` — behind `npm run infra:*`.
 *
 * Uses `<repo>/.infra` and the default dev ports; `QUAD_INFRA_DIR` moves the root dir and
 * MONGO_PORT, NATS_PORT, REDIS_PORT, MINIO_PORT, MINIO_CONSOLE_PORT, SMTP_PORT, SMTP_WEB_PORT move
 * single ports (e.g. when a system MongoDB already holds 27017).
 */
import path from 'node:path';
import {
  INFRA_NAMES,
  PORT_ENV,
  binaryVersions,
  down,
  ensureBinaries,
  infraEnv,
  missingBinaries,
  portsFromEnv,
  status,
  up,
  type InfraOptions,
} from './index';
import { REPO_INFRA_DIR, REPO_ROOT } from './paths';

const out = (line: string) => process.stdout.write(`${line}\n`);
const stamp = (line: string) => out(`[infra] ${line}`);

function options(): InfraOptions {
  return {
    rootDir: path.resolve(process.env.QUAD_INFRA_DIR ?? REPO_INFRA_DIR),
    ports: portsFromEnv(),
    log: stamp,
  };
}

/**
 * Docker mode is not implemented here: with Docker, `infra/docker-compose.yml` runs the official
 * images on the same default ports, and the test global setup uses testcontainers. Say so rather
 * than silently starting local processes the user didn't ask for.
 */
function dockerNotice(command: string): boolean {
  if (process.env.TEST_INFRA !== 'docker' || !['up', 'down', 'status'].includes(command)) return false;
  const compose = path.relative(process.cwd(), path.join(REPO_ROOT, 'infra', 'docker-compose.yml'));
  const verb = command === 'up' ? 'up -d' : command === 'down' ? 'down' : 'ps';
  out(`TEST_INFRA=docker: this CLI only manages local processes. With Docker use:`);
  out(`  docker compose -f ${compose} ${verb}`);
  out(`Unset TEST_INFRA to run the local (no Docker) infrastructure instead.`);
  return true;
}

async function main(command: string | undefined): Promise<number> {
  if (command && dockerNotice(command)) return 0;
  const t0 = Date.now();
  const secs = () => `${((Date.now() - t0) / 1000).toFixed(1)}s`;
  switch (command) {
    case 'up': {
      const opts = options();
      await up(opts);
      stamp(`all up in ${secs()} (data and logs in ${opts.rootDir})`);
      for (const [key, value] of Object.entries(infraEnv(opts.ports))) out(`  ${key}=${value}`);
      return 0;
    }
    case 'down': {
      const opts = options();
      await down(opts);
      stamp(`down in ${secs()}`);
      return 0;
    }
    case 'status': {
      const opts = options();
      const result = await status(opts);
      out(`root dir: ${opts.rootDir}`);
      out(`${'component'.padEnd(10)} ${'port'.padEnd(6)} ${'pid'.padEnd(8)} ${'running'.padEnd(8)} healthy`);
      for (const name of INFRA_NAMES) {
        const s = result[name];
        out(
          `${name.padEnd(10)} ${String(s.port).padEnd(6)} ${String(s.pid ?? '-').padEnd(8)} ` +
            `${(s.running ? 'yes' : 'no').padEnd(8)} ${s.healthy ? 'yes' : 'no'}`,
        );
      }
      // Non-zero when anything is down, so scripts can use `infra:status` as a check.
      return INFRA_NAMES.every((n) => result[n].running && result[n].healthy) ? 0 : 1;
    }
    case 'build': {
      if (process.argv[3] === '--check') {
        // For scripts (.ci/run): exit 0 when every binary is cached, 3 when a build (and so Go) is needed.
        const missing = missingBinaries();
        for (const bin of missing) out(`${bin.name} ${bin.version}`);
        return missing.length === 0 ? 0 : 3;
      }
      await ensureBinaries(stamp);
      stamp(`binaries ready in ${secs()}`);
      return 0;
    }
    case 'env': {
      for (const [key, value] of Object.entries(infraEnv(portsFromEnv()))) out(`${key}=${value}`);
      return 0;
    }
    case 'versions': {
      for (const [name, version] of Object.entries(await binaryVersions()))
        out(`${name.padEnd(13)} ${version}`);
      return 0;
    }
    default:
      process.stderr.write(
        'usage: tsx infra/local/src/cli.ts <up|down|status|build [--check]|env|versions>\n' +
          `  env: QUAD_INFRA_DIR (default ${REPO_INFRA_DIR}), ${Object.values(PORT_ENV).join(', ')}\n`,
      );
      return 2;
  }
}

main(process.argv[2]).then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`[infra] ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
