/**
 * infra/docker-compose.yml against what the code needs: the compose specification's schema, every
 * service and infrastructure server, the settings each service's config schema asks for, and the
 * shared image list. No Docker engine runs here, so the file is checked, not started.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Ajv from 'ajv';
import { validate as validateDockerfile } from 'dockerfile-utils';
import YAML from 'yaml';
import { INFRA_NAMES } from '@quad/infra-local';
import { BIN_DIR } from '../local/src/paths';
import { INFRA_HOSTS, INFRA_IMAGES, NODE_IMAGE, RUNTIME_IMAGE, SERVICE_UID } from '../images';
import {
  DEPLOYABLES,
  DEPLOYABLE_PORTS,
  DOCKERFILE,
  INFRA_DIR,
  imageEnvironment,
  knownSettings,
  loopbackDefaultSettings,
  requiredSettings,
  settingProvided,
  NOT_A_SERVER,
} from './service-settings';

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string; target?: string; args?: Record<string, string> };
  command?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  deploy?: { replicas?: number };
  container_name?: string;
  healthcheck?: { test: string[] };
}

const COMPOSE_FILE = path.join(INFRA_DIR, 'docker-compose.yml');
const composeSource = readFileSync(COMPOSE_FILE, 'utf8');
/** Parsed with YAML merge keys (`<<: *anchor`), as compose reads it. */
const compose = YAML.parse(composeSource, { merge: true }) as { services: Record<string, ComposeService> };
const services = compose.services;

/** The host part of a setting's value when it names a server: a URL's host, or a bare host name. */
function hostOf(name: string, value: string): string | undefined {
  if (NOT_A_SERVER.includes(name)) return undefined;
  if (name.endsWith('_URL')) return new URL(value).hostname;
  if (name.endsWith('_HOST') || name.endsWith('_ENDPOINT')) return value;
  return undefined;
}

describe('docker-compose.yml', () => {
  test('when checked against the compose specification schema, then it is valid', () => {
    const schema = JSON.parse(readFileSync(path.join(__dirname, 'compose-spec.json'), 'utf8'));
    const validate = new Ajv({ allErrors: true, strict: false, validateSchema: false }).compile(schema);

    const valid = validate(compose);

    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  test('when read, then it runs every infrastructure server with the shared image list', () => {
    for (const name of INFRA_NAMES) {
      expect({ name, image: services[INFRA_HOSTS[name]]?.image }).toEqual({
        name,
        image: INFRA_IMAGES[name],
      });
    }
    expect(services.keys?.image).toBe(NODE_IMAGE);
  });

  test('when read, then mailpit takes SMTP on 1025 and shows its web UI on 8025', () => {
    expect(services.mailpit!.ports).toEqual(
      expect.arrayContaining(['127.0.0.1:1025:1025', '127.0.0.1:8025:8025']),
    );
  });

  /** Where the nats service mounts each of its config files. */
  const natsMounts = () =>
    Object.fromEntries(
      services.nats!.volumes!.filter((volume) => volume.startsWith('./docker/')).map((volume) => volume.split(':').slice(0, 2) as [string, string]),
    );

  test('when read, then NATS runs JetStream from a config that stores on file and syncs every write, behind a user and password', () => {
    const nats = services.nats!;
    const mounts = natsMounts();
    const config = readFileSync(path.join(INFRA_DIR, 'docker', 'nats.conf'), 'utf8');
    const auth = readFileSync(path.join(INFRA_DIR, 'docker', 'nats-auth.conf'), 'utf8');

    expect(nats.command).toEqual(['--config', mounts['./docker/nats-auth.conf']]);
    // auth.conf includes the JetStream settings from beside it.
    expect(path.posix.join(path.posix.dirname(mounts['./docker/nats-auth.conf']!), /include\s+(\S+)/.exec(auth)![1]!)).toBe(mounts['./docker/nats.conf']);
    expect(auth).toMatch(/authorization\s*\{\s*user:\s*\$NATS_USER\s+password:\s*\$NATS_PASSWORD\s*\}/);
    expect(config).toMatch(/jetstream\s*\{[^}]*store_dir:\s*\/data[^}]*sync_interval:\s*always/);
    expect(nats.volumes).toContain('nats-data:/data');
  });

  test('when nats-server reads that config, then it accepts it', () => {
    const natsServer = path.join(BIN_DIR, 'nats-server');
    // Laid out as the container sees it: auth.conf beside quad.conf.
    const dir = mkdtempSync(path.join(tmpdir(), 'quad-nats-conf-'));
    for (const [source, target] of Object.entries(natsMounts())) copyFileSync(path.join(INFRA_DIR, source), path.join(dir, path.posix.basename(target)));
    const output = execFileSync(natsServer, ['-c', path.join(dir, path.posix.basename(natsMounts()['./docker/nats-auth.conf']!)), '-t'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NATS_USER: 'quad', NATS_PASSWORD: 'checked' },
    });
    expect(output).toBe('');
  });

  test('when read, then MongoDB, NATS and Redis each require a password, and every service signs in with it', () => {
    expect(services.mongo!.environment).toMatchObject({ MONGO_INITDB_ROOT_USERNAME: 'quad', MONGO_INITDB_ROOT_PASSWORD: expect.stringContaining('QUAD_MONGO_PASSWORD') });
    expect(services.nats!.environment).toMatchObject({ NATS_USER: 'quad', NATS_PASSWORD: expect.stringContaining('QUAD_NATS_PASSWORD') });
    expect(services.redis!.command).toEqual(expect.arrayContaining(['--requirepass', expect.stringContaining('QUAD_REDIS_PASSWORD')]));
    for (const name of DEPLOYABLES) {
      const environment = services[name]!.environment!;
      expect({ name, url: environment.MONGO_URL }).toEqual({ name, url: expect.stringMatching(/^mongodb:\/\/quad:\$\{QUAD_MONGO_PASSWORD:-[^}]+\}@mongo:27017\/\?authSource=admin$/) });
      expect({ name, url: environment.NATS_URL }).toEqual({ name, url: expect.stringMatching(/^nats:\/\/quad:\$\{QUAD_NATS_PASSWORD:-[^}]+\}@nats:4222$/) });
      expect({ name, url: environment.REDIS_URL }).toEqual({ name, url: expect.stringMatching(/^redis:\/\/:\$\{QUAD_REDIS_PASSWORD:-[^}]+\}@redis:6379$/) });
    }
  });

  test.each(DEPLOYABLES)(
    'when read, then %s is built from the shared Dockerfile for its own port',
    (name) => {
      const service = services[name]!;

      expect(service.build).toMatchObject({
        context: '..',
        dockerfile: 'infra/docker/Dockerfile',
        args: { SERVICE: name, PORT: String(DEPLOYABLE_PORTS[name]) },
      });
      expect(service.build!.target).toBe(name === 'gateway' ? 'gateway' : undefined);
      expect(service.image).toBe(`quad/${name}:local`);
    },
  );

  test.each(DEPLOYABLES)(
    'when %s starts, then its environment gives every setting its config needs',
    (name) => {
      const environment = services[name]!.environment ?? {};
      const provided = new Set([
        ...Object.keys(environment).map(settingProvided),
        ...Object.keys(imageEnvironment()),
      ]);

      const missing = [...requiredSettings(name), ...loopbackDefaultSettings(name)].filter(
        (setting) => !provided.has(setting),
      );
      const unknown = Object.keys(environment)
        .map(settingProvided)
        .filter((setting) => !knownSettings(name).includes(setting));

      expect({ missing, unknown }).toEqual({ missing: [], unknown: [] });
    },
  );

  test.each(DEPLOYABLES)(
    'when %s connects to a server, then that server is a service of this file',
    (name) => {
      const environment = services[name]!.environment ?? {};
      const hosts = Object.entries(environment).flatMap(([setting, value]) => hostOf(setting, value) ?? []);

      expect(hosts.length).toBeGreaterThan(0);
      for (const host of hosts) expect(Object.keys(services)).toContain(host);
    },
  );

  test('when the gateway calls a service, then it uses the port that service listens on', () => {
    const environment = services.gateway!.environment!;
    for (const name of DEPLOYABLES.filter((service) => service !== 'gateway')) {
      const url = new URL(environment[`${name.toUpperCase()}_URL`]!);
      expect({ name, host: url.hostname, port: url.port }).toEqual({
        name,
        host: name,
        port: services[name]!.build!.args!.PORT,
      });
    }
  });

  test('when up, then chat runs two replicas behind one name, which the gateway reaches', () => {
    const chat = services.chat!;

    expect(chat.deploy?.replicas).toBe(2);
    // A fixed container name or host port would stop the second replica from starting.
    expect(chat.container_name).toBeUndefined();
    expect(chat.ports).toBeUndefined();
    expect(new URL(services.gateway!.environment!.CHAT_URL!).hostname).toBe('chat');
  });

  test('when up, then the gateway is published on 8080', () => {
    expect(services.gateway!.ports).toEqual(['127.0.0.1:8080:8080']);
  });

  test('when read, then only auth receives the JWT signing key', () => {
    const holders = Object.entries(services)
      .filter(([, service]) =>
        Object.keys(service.environment ?? {}).some((name) => name.startsWith('JWT_PRIVATE_KEY')),
      )
      .map(([name]) => name);
    const privateKeyVolumeUsers = Object.entries(services)
      .filter(([, service]) => service.volumes?.some((volume) => volume.startsWith('jwt-private-key:')))
      .map(([name]) => name);

    expect(holders).toEqual(['auth']);
    expect(privateKeyVolumeUsers.sort()).toEqual(['auth', 'keys']);
  });

  test('when read, then its passwords are the local-only ones and no key material is committed', () => {
    expect(services.auth!.environment!.ADMIN_PASSWORD).toMatch(/local-only/);
    expect(composeSource).not.toMatch(/-----BEGIN/);
  });
});

describe('the service Dockerfile', () => {
  const source = readFileSync(DOCKERFILE, 'utf8');

  test('when linted, then it has no errors', () => {
    expect(
      validateDockerfile(source).map((problem) => `${problem.range.start.line + 1}: ${problem.message}`),
    ).toEqual([]);
  });

  test('when built, then it builds on the shared Node image, runs on the shared runtime, as the unprivileged user', () => {
    expect(source).toContain(`ARG NODE_IMAGE=${NODE_IMAGE}\n`);
    expect(source).toContain(`ARG RUNTIME_IMAGE=${RUNTIME_IMAGE}\n`);
    const users = [...source.matchAll(/^USER (\S+)$/gm)].map((match) => match[1]);
    expect(users).toEqual([`${SERVICE_UID}:${SERVICE_UID}`]);
  });

  test('when built, then it runs the compiled service with node (no tsx) and checks /healthz', () => {
    expect(source).toMatch(/RUN node infra\/docker\/bundle\.mjs "\$\{SERVICE\}"/);
    expect(source).toContain('CMD ["dist/index.js"]');
    expect(source).not.toMatch(/--import tsx/);
    expect(source).toMatch(/HEALTHCHECK [^\n]*\\\n\s+CMD .*\/healthz/);
  });

  test('when built without a target, then it is a service without the web app; only the gateway target adds it', () => {
    const stages = [...source.matchAll(/^FROM \S+ AS (\S+)$/gm)].map((match) => match[1]);
    expect(stages.at(-1)).toBe('service');
    expect(source).toMatch(/FROM service-base AS gateway\nCOPY --from=web-build/);
    expect(source).toMatch(/find web\/dist -name '\*\.map' -delete/);
  });

  test('when a service container starts, then it listens on all interfaces at its own port', () => {
    expect(imageEnvironment()).toMatchObject({ HOST: '0.0.0.0', PORT: '${PORT}', NODE_ENV: 'production' });
  });
});
