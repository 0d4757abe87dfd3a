/**
 * TEST_INFRA=docker (src/testing/docker-infra.ts). No Docker engine runs on the build machine, so
 * the containers cannot start here; what can be checked is: a missing engine is reported clearly,
 * and the containers are exactly what infra/docker-compose.yml runs (images, commands, ports).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { INFRA_NAMES, TEST_PORTS } from '@quad/infra-local';
import { DOCKER_TEST_SERVERS, assertContainerEngine } from '../src/testing/docker-infra';

const REPO_ROOT = path.resolve(__dirname, '../../..');
const compose = YAML.parse(readFileSync(path.join(REPO_ROOT, 'infra/docker-compose.yml'), 'utf8'), {
  merge: true,
}) as {
  services: Record<
    string,
    {
      image: string;
      command?: string[];
      ports?: string[];
      volumes?: string[];
      environment?: Record<string, string>;
    }
  >;
};
const composeServiceOf = {
  mongo: 'mongo',
  nats: 'nats',
  redis: 'redis',
  minio: 'minio',
  smtp: 'mailpit',
} as const;

/**
 * The compose service as the tests run it: the same server without the password compose gives it
 * (tests start throwaway servers on loopback): no `--requirepass`, NATS's JetStream file without
 * the `auth.conf` that includes it and adds a user, no credential variables.
 */
const CREDENTIAL_VARIABLES = ['MONGO_INITDB_ROOT_USERNAME', 'MONGO_INITDB_ROOT_PASSWORD', 'NATS_USER', 'NATS_PASSWORD', 'REDISCLI_AUTH'];
function withoutCredentials(service: (typeof compose.services)[string]) {
  const command = service.command?.flatMap((arg, index, all) =>
    arg === '--requirepass' || all[index - 1] === '--requirepass' ? [] : [arg === '/etc/nats/auth.conf' ? '/etc/nats/quad.conf' : arg],
  );
  const environment = Object.fromEntries(Object.entries(service.environment ?? {}).filter(([name]) => !CREDENTIAL_VARIABLES.includes(name)));
  return { ...service, command, environment };
}

describe('TEST_INFRA=docker', () => {
  test('when no Docker engine answers, then it stops with a message that says so and how to test without one', async () => {
    const noEngine = () => Promise.reject(new Error('Could not find a working container runtime strategy'));

    await expect(assertContainerEngine(noEngine)).rejects.toThrow(
      /TEST_INFRA=docker needs a Docker engine, and none answers \(Could not find a working container runtime strategy\).*unset TEST_INFRA/,
    );
  });

  test('when an engine answers, then the check lets the setup go on', async () => {
    await expect(assertContainerEngine(() => Promise.resolve({}))).resolves.toBeUndefined();
  });

  test.each(INFRA_NAMES)(
    'when %s starts, then it is the image and command docker-compose.yml runs',
    (name) => {
      const server = DOCKER_TEST_SERVERS.find((candidate) => candidate.name === name)!;
      const composeService = withoutCredentials(compose.services[composeServiceOf[name]]!);
      const composeContainerPorts = (composeService.ports ?? []).map((mapping) =>
        Number(mapping.split(':').at(-1)),
      );

      expect(server.image).toBe(composeService.image);
      expect(server.command).toEqual(composeService.command);
      expect(composeContainerPorts).toEqual(
        expect.arrayContaining([
          ...Object.values(server.ports),
          ...(server.monitorPort ? [server.monitorPort] : []),
        ]),
      );
      expect(server.environment ?? {}).toEqual(composeService.environment);
      for (const [source, target] of Object.entries(server.files ?? {})) {
        expect(composeService.volumes).toContain(`./${path.relative('infra', source)}:${target}:ro`);
      }
    },
  );

  test('when the containers run, then together they provide every address the tests read', () => {
    const provided = DOCKER_TEST_SERVERS.flatMap((server) => Object.keys(server.ports)).sort();
    expect(provided).toEqual(Object.keys(TEST_PORTS).sort());
  });
});
