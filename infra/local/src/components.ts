/**
 * How each component is started and probed. One entry per `InfraName`; `up`/`down`/`status` are
 * generic over this table.
 */
import path from 'node:path';
import { linkedBinaryPath, maildevPaths, redisServerPath } from './binaries';
import { MINIO_CREDENTIALS, type InfraName, type InfraPorts } from './config';
import { probeMinio, probeMongo, probeNats, probeRedis, probeSmtp } from './health';
import { FERRETDB, MINIO, NATS_SERVER, ferretDbSqliteUrl } from './versions';

export interface LaunchSpec {
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  /** Appears in the process's command line; `isOurProcess` matches on it. */
  marker: string;
}

export interface Component {
  name: InfraName;
  /** What actually runs, for messages: "mongo (FerretDB)". */
  label: string;
  /** Every port the server binds; all must be free before it starts. The first is the probed one. */
  ports(ports: InfraPorts): number[];
  launch(dataDir: string, ports: InfraPorts): LaunchSpec;
  probe(ports: InfraPorts): Promise<void>;
  /** How long a fresh start may take to become healthy. */
  startTimeoutMs: number;
}

/** The servers inherit the environment minus what could change their behaviour behind our back. */
function baseEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of Object.keys(env)) {
    if (/^(FERRETDB_|MINIO_|MAILDEV_)/.test(key) || key === 'NODE_OPTIONS') delete env[key];
  }
  return env;
}

export const COMPONENTS: Record<InfraName, Component> = {
  mongo: {
    name: 'mongo',
    label: 'mongo (FerretDB)',
    ports: (p) => [p.mongo],
    launch(dataDir, p) {
      const command = linkedBinaryPath(FERRETDB);
      return {
        command,
        args: [
          '--handler=sqlite',
          `--sqlite-url=${ferretDbSqliteUrl(dataDir)}`,
          `--listen-addr=127.0.0.1:${p.mongo}`,
          '--state-dir=-', // no state.json: nothing to persist but the telemetry opt-in we disable anyway
          '--debug-addr=-', // otherwise it also binds 127.0.0.1:8088, clashing between dev and test instances
          '--telemetry=disable',
        ],
        env: baseEnv(),
        marker: command,
      };
    },
    probe: (p) => probeMongo(p.mongo),
    startTimeoutMs: 30_000,
  },

  nats: {
    name: 'nats',
    label: 'nats (nats-server, JetStream)',
    ports: (p) => [p.nats],
    launch(dataDir, p) {
      const command = linkedBinaryPath(NATS_SERVER);
      return {
        command,
        args: ['-js', '-a', '127.0.0.1', '-p', String(p.nats), '-sd', dataDir],
        env: baseEnv(),
        marker: command,
      };
    },
    probe: (p) => probeNats(p.nats),
    startTimeoutMs: 30_000,
  },

  redis: {
    name: 'redis',
    label: 'redis (redis-server)',
    ports: (p) => [p.redis],
    launch(dataDir, p) {
      const command = redisServerPath();
      return {
        command,
        // A cache: no RDB snapshots or AOF, so nothing to recover or to clash between runs.
        args: [
          '--port',
          String(p.redis),
          '--bind',
          '127.0.0.1',
          '--dir',
          dataDir,
          '--save',
          '',
          '--appendonly',
          'no',
          '--daemonize',
          'no',
        ],
        env: baseEnv(),
        // Not the full path: redis-server rewrites its command line to "<argv0> 127.0.0.1:<port>".
        marker: 'redis-server',
      };
    },
    probe: (p) => probeRedis(p.redis),
    startTimeoutMs: 20_000,
  },

  minio: {
    name: 'minio',
    label: 'minio (MinIO)',
    ports: (p) => [p.minio, p.minioConsole],
    launch(dataDir, p) {
      const command = linkedBinaryPath(MINIO);
      return {
        command,
        args: [
          'server',
          dataDir,
          '--address',
          `127.0.0.1:${p.minio}`,
          // Pinned, else MinIO picks a random console port that may collide with anything.
          '--console-address',
          `127.0.0.1:${p.minioConsole}`,
        ],
        env: {
          ...baseEnv(),
          MINIO_ROOT_USER: MINIO_CREDENTIALS.accessKey,
          MINIO_ROOT_PASSWORD: MINIO_CREDENTIALS.secretKey,
          MINIO_UPDATE: 'off', // no update checks: there may be no internet
          MINIO_BROWSER_REDIRECT: 'off',
        },
        marker: command,
      };
    },
    probe: (p) => probeMinio(p.minio, MINIO_CREDENTIALS),
    startTimeoutMs: 60_000,
  },

  smtp: {
    name: 'smtp',
    label: 'smtp (maildev)',
    ports: (p) => [p.smtp, p.smtpWeb],
    launch(dataDir, p) {
      const { bin } = maildevPaths();
      return {
        command: process.execPath, // the same node that runs us, whatever node is first on PATH
        args: [
          bin,
          '--smtp',
          String(p.smtp),
          '--web',
          String(p.smtpWeb),
          '--ip',
          '127.0.0.1', // SMTP and (by default) web bind here
          '--mail-directory',
          path.join(dataDir, 'mail'),
        ],
        env: baseEnv(),
        marker: bin,
      };
    },
    probe: (p) => probeSmtp(p.smtp),
    startTimeoutMs: 20_000,
  },
};
