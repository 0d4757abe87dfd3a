/** Names, ports and connection settings of the local infrastructure: the public vocabulary. */

export type InfraName = 'mongo' | 'nats' | 'redis' | 'minio' | 'smtp';

export const INFRA_NAMES: readonly InfraName[] = ['mongo', 'nats', 'redis', 'minio', 'smtp'];

export interface InfraPorts {
  mongo: number;
  nats: number;
  redis: number;
  minio: number;
  minioConsole: number;
  smtp: number;
  smtpWeb: number;
}

export interface InfraOptions {
  /** Holds `data/<name>/`, `logs/<name>.log` and `pids.json`: `<repo>/.infra` or a temp dir. */
  rootDir: string;
  ports: InfraPorts;
  log?: (line: string) => void;
}

/** The ports every developer tool expects by default, so `npm start` needs no configuration. */
export const DEV_PORTS: InfraPorts = {
  mongo: 27017,
  nats: 4222,
  redis: 6379,
  minio: 9000,
  minioConsole: 9001,
  smtp: 1025,
  smtpWeb: 1080,
};

/** The defaults shifted into the 3xxxx range so a test run never touches (or fights) the dev servers. */
export const TEST_PORTS: InfraPorts = {
  mongo: 37017,
  nats: 34222,
  redis: 36379,
  minio: 39000,
  minioConsole: 39001,
  smtp: 31025,
  smtpWeb: 31080,
};

/** The environment variable that moves each port off its default (`MONGO_PORT=27018 npm run infra:up`). */
export const PORT_ENV: Record<keyof InfraPorts, string> = {
  mongo: 'MONGO_PORT',
  nats: 'NATS_PORT',
  redis: 'REDIS_PORT',
  minio: 'MINIO_PORT',
  minioConsole: 'MINIO_CONSOLE_PORT',
  smtp: 'SMTP_PORT',
  smtpWeb: 'SMTP_WEB_PORT',
};

/** The dev ports, each moved by its variable in `env` when set; a bad value throws. */
export function portsFromEnv(env: NodeJS.ProcessEnv = process.env): InfraPorts {
  const ports = { ...DEV_PORTS };
  for (const key of Object.keys(PORT_ENV) as (keyof InfraPorts)[]) {
    const raw = env[PORT_ENV[key]];
    if (raw === undefined || raw === '') continue;
    const port = Number(raw);
    if (!Number.isInteger(port) || port < 1 || port > 65535) {
      throw new Error(`${PORT_ENV[key]}=${raw} is not a valid port`);
    }
    ports[key] = port;
  }
  return ports;
}

/** MinIO root credentials; local-only, never used anywhere real. MinIO wants ≥3 / ≥8 characters. */
export const MINIO_CREDENTIALS: { accessKey: string; secretKey: string } = {
  accessKey: 'quadminio',
  secretKey: 'quadminio-secret',
};

/** The environment variables services read to find the infrastructure. */
export function infraEnv(ports: InfraPorts): Record<string, string> {
  return {
    MONGO_URL: `mongodb://127.0.0.1:${ports.mongo}`,
    NATS_URL: `nats://127.0.0.1:${ports.nats}`,
    REDIS_URL: `redis://127.0.0.1:${ports.redis}`,
    S3_ENDPOINT: '127.0.0.1',
    S3_PORT: String(ports.minio),
    S3_USE_SSL: 'false',
    S3_ACCESS_KEY: MINIO_CREDENTIALS.accessKey,
    S3_SECRET_KEY: MINIO_CREDENTIALS.secretKey,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(ports.smtp),
    SMTP_WEB_PORT: String(ports.smtpWeb),
  };
}
