/**
 * `TEST_INFRA=docker`: the test suite's servers from the official images, the same names and
 * versions as infra/docker-compose.yml (both read infra/images.ts), started through testcontainers,
 * so the suite also proves itself against real MongoDB 7. The global setup imports this only in
 * that mode; by default it runs infra/local's binaries.
 */
import path from 'node:path';
import { GenericContainer, Wait, type WaitStrategy, getContainerRuntimeClient } from 'testcontainers';
import { type InfraName, type InfraPorts, MINIO_CREDENTIALS, infraEnv } from '@quad/infra-local';
import { INFRA_IMAGES } from '../../../../infra/images';

const REPO_ROOT = path.resolve(__dirname, '../../../..');

/** One server's container: compose's image, command and settings for it. */
export interface TestServer {
  name: InfraName;
  image: string;
  /** Container port behind each InfraPorts entry this server provides. */
  ports: Partial<Record<keyof InfraPorts, number>>;
  /** A port only the readiness check uses (NATS monitoring). */
  monitorPort?: number;
  command?: string[];
  environment?: Record<string, string>;
  /** Files from the repository, copied in before start (repository path to container path). */
  files?: Record<string, string>;
  /** Answers only when the server really serves, not merely when its process runs. */
  ready: () => WaitStrategy;
}

export const DOCKER_TEST_SERVERS: readonly TestServer[] = [
  {
    name: 'mongo',
    image: INFRA_IMAGES.mongo,
    ports: { mongo: 27017 },
    ready: () => Wait.forLogMessage(/Waiting for connections/),
  },
  {
    name: 'nats',
    image: INFRA_IMAGES.nats,
    ports: { nats: 4222 },
    monitorPort: 8222,
    command: ['--config', '/etc/nats/quad.conf'],
    files: { 'infra/docker/nats.conf': '/etc/nats/quad.conf' },
    ready: () => Wait.forHttp('/healthz?js-enabled-only=true', 8222),
  },
  {
    name: 'redis',
    image: INFRA_IMAGES.redis,
    ports: { redis: 6379 },
    command: ['redis-server', '--save', '', '--appendonly', 'no'],
    ready: () => Wait.forLogMessage(/Ready to accept connections/),
  },
  {
    name: 'minio',
    image: INFRA_IMAGES.minio,
    ports: { minio: 9000, minioConsole: 9001 },
    command: ['server', '/data', '--console-address', ':9001'],
    environment: {
      MINIO_ROOT_USER: MINIO_CREDENTIALS.accessKey,
      MINIO_ROOT_PASSWORD: MINIO_CREDENTIALS.secretKey,
    },
    ready: () => Wait.forHttp('/minio/health/ready', 9000),
  },
  {
    name: 'smtp',
    image: INFRA_IMAGES.smtp,
    ports: { smtp: 1025, smtpWeb: 8025 },
    ready: () => Wait.forListeningPorts(),
  },
];

export interface DockerInfra {
  /** What services read to find the servers (as `infraEnv` for the local binaries). */
  env: Record<string, string>;
  ports: InfraPorts;
  stop(): Promise<void>;
}

/** Resolves when a Docker engine answers; otherwise fails saying so and what to do instead. */
export async function assertContainerEngine(
  probe: () => Promise<unknown> = getContainerRuntimeClient,
): Promise<void> {
  try {
    await probe();
  } catch (err) {
    throw new Error(
      `TEST_INFRA=docker needs a Docker engine, and none answers (${(err as Error).message}). ` +
        'Start one (or point DOCKER_HOST at one), or unset TEST_INFRA to test against the local binaries of infra/local.',
      { cause: err },
    );
  }
}

function containerFor(server: TestServer): GenericContainer {
  const ports = [...Object.values(server.ports), ...(server.monitorPort ? [server.monitorPort] : [])];
  let container = new GenericContainer(server.image)
    .withExposedPorts(...ports)
    .withWaitStrategy(server.ready());
  if (server.command) container = container.withCommand(server.command);
  if (server.environment) container = container.withEnvironment(server.environment);
  if (server.files) {
    const files = Object.entries(server.files).map(([source, target]) => ({
      source: path.join(REPO_ROOT, source),
      target,
    }));
    container = container.withCopyFilesToContainer(files);
  }
  return container;
}

export async function startDockerInfra(log: (line: string) => void): Promise<DockerInfra> {
  await assertContainerEngine();
  const results = await Promise.allSettled(
    DOCKER_TEST_SERVERS.map(async (server) => {
      const container = await containerFor(server).start();
      log(`${server.name}: ${server.image} started`);
      return { server, container };
    }),
  );
  const started = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stop = async () => void (await Promise.all(started.map(({ container }) => container.stop())));
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }

  const ports = {} as InfraPorts;
  for (const { server, container } of started) {
    for (const [entry, containerPort] of Object.entries(server.ports)) {
      ports[entry as keyof InfraPorts] = container.getMappedPort(containerPort);
    }
  }
  const host = started[0]!.container.getHost();
  // infraEnv describes servers on this machine; a remote engine publishes them on its own host.
  const env = Object.fromEntries(
    Object.entries(infraEnv(ports)).map(([name, value]) => [name, value.replace('127.0.0.1', host)]),
  );
  return { env, ports, stop };
}
