/**
 * infra/k8s: the base and the local overlay are built (infra/test/kustomize.ts) from a copy of the
 * tree whose secrets `infra/k8s/secrets.sh init` has just written, every object is validated
 * against the Kubernetes and Gateway API schemas (kubernetes-models), and the properties operators
 * rely on are asserted: probes, resources, non-root pods spread over nodes, disruption budgets,
 * autoscaling, the public entry, the network flows the policies allow, credentials for every
 * store, settings for every config schema, generated names that roll pods, and no secret in git.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import YAML from 'yaml';
import { Deployment, StatefulSet } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Namespace, Secret, Service } from 'kubernetes-models/v1';
import type { IContainer, IPodSpec } from 'kubernetes-models/v1';
import { loadConfig, natsConnectionOptions } from '@quad/common';
import { INFRA_NAMES } from '@quad/infra-local';
import { INFRA_HOSTS, INFRA_IMAGES } from '../images';
import { type KubeObject, buildKustomization, objectId } from './kustomize';
import {
  DEPLOYABLES,
  DEPLOYABLE_PORTS,
  INFRA_DIR,
  imageEnvironment,
  knownSettings,
  loopbackDefaultSettings,
  requiredSettings,
  NOT_A_SERVER,
  CONFIG_SCHEMAS,
} from './service-settings';

const REPO_DIR = path.resolve(INFRA_DIR, '..');
const K8S_DIR = path.join(INFRA_DIR, 'k8s');
const SERVICES_ONLY = DEPLOYABLES.filter((name) => name !== 'gateway');

/** A copy of infra/k8s with freshly initialised secrets: what an operator has after `secrets.sh init`. */
const work = mkdtempSync(path.join(os.tmpdir(), 'quad-k8s-'));
const WORK_K8S = path.join(work, 'k8s');
cpSync(K8S_DIR, WORK_K8S, { recursive: true, filter: (source) => path.basename(source) !== 'secrets' });
const initOutput = execFileSync('sh', [path.join(WORK_K8S, 'secrets.sh'), 'init'], { encoding: 'utf8' });
const BASE_DIR = path.join(WORK_K8S, 'base');
const LOCAL_DIR = path.join(WORK_K8S, 'overlays', 'local');
const SECRETS_DIR = path.join(LOCAL_DIR, 'secrets');
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The Kubernetes API schema of every kind Quad's manifests use; another kind fails the test. */
const MODELS: Record<string, { new (data: never): { validate(): void } }> = {
  'v1/ConfigMap': ConfigMap,
  'v1/Namespace': Namespace,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'apps/v1/StatefulSet': StatefulSet,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
};
/** Gateway API kinds, validated by validate-gateway-api.mjs (its schemas are ES modules only). */
const GATEWAY_API = 'gateway.networking.k8s.io/v1';

function validateGatewayApi(objects: KubeObject[]): string[] {
  return execFileSync(process.execPath, [path.join(__dirname, 'validate-gateway-api.mjs')], {
    input: JSON.stringify(objects),
    encoding: 'utf8',
  })
    .split('\n')
    .filter(Boolean);
}

/**
 * kustomize writes long Secret values as base64 in lines of 70; the API server's base64 decoding
 * skips the newlines, the schema's `byte` format does not, so they are joined before validation.
 */
const asApiServerReads = (object: KubeObject): KubeObject =>
  object.kind === 'Secret' && object.data
    ? {
        ...object,
        data: Object.fromEntries(
          Object.entries(object.data as Record<string, string>).map(([key, value]) => [
            key,
            value.replace(/\n/g, ''),
          ]),
        ),
      }
    : object;

const base = buildKustomization(BASE_DIR);
const local = buildKustomization(LOCAL_DIR);

const find = <T>(objects: KubeObject[], kind: string, name: string) =>
  objects.find((object) => object.kind === kind && object.metadata.name === name) as unknown as T | undefined;
const ofKind = <T>(objects: KubeObject[], kind: string) =>
  objects.filter((object) => object.kind === kind) as unknown as (T & KubeObject)[];
/** A generated ConfigMap or Secret: its name is the generator's plus kustomize's ten-character hash. */
const generated = <T>(objects: KubeObject[], kind: string, name: string) => {
  const matching = objects.filter(
    (object) => object.kind === kind && new RegExp(`^${name}-[a-z0-9]{10}$`).test(object.metadata.name),
  );
  expect(matching).toHaveLength(1);
  return matching[0] as unknown as T & KubeObject;
};
const decoded = (secret: { data: Record<string, string> }) =>
  Object.fromEntries(
    Object.entries(secret.data).map(([key, value]) => [key, Buffer.from(value, 'base64').toString('utf8')]),
  );

type Workload = KubeObject & {
  spec: {
    replicas?: number;
    selector: { matchLabels: Record<string, string> };
    template: { metadata: { labels: Record<string, string> }; spec: IPodSpec };
  };
};
type KubeService = KubeObject & {
  spec: {
    selector: Record<string, string>;
    clusterIP?: string;
    ports: { name: string; port: number; targetPort?: string | number }[];
  };
};

const containerOf = (workload: Workload): IContainer => workload.spec.template.spec.containers[0]!;
const matches = (selector: Record<string, string>, labels: Record<string, string>) =>
  Object.entries(selector).every(([key, value]) => labels[key] === value);
const envFromSecret = (container: IContainer, key: string) =>
  container.env?.find((variable) => variable.valueFrom?.secretKeyRef?.key === key);

const localSecret = decoded(generated<{ data: Record<string, string> }>(local, 'Secret', 'quad-secrets'));
const localConfig = generated<{ data: Record<string, string> }>(local, 'ConfigMap', 'quad-config').data;

describe.each([
  ['base', base],
  ['local overlay', local],
])('the %s', (_name, objects) => {
  test('when every object is checked against the Kubernetes API schema, then each one is valid', () => {
    expect(objects.length).toBeGreaterThan(0);
    const gatewayApi = objects.filter((object) => object.apiVersion === GATEWAY_API);
    expect(validateGatewayApi(gatewayApi)).toEqual(
      gatewayApi.map((object) => `${object.kind}/${object.metadata.name}: valid`),
    );
    for (const object of objects.filter((candidate) => candidate.apiVersion !== GATEWAY_API)) {
      const Model = MODELS[`${object.apiVersion}/${object.kind}`];
      expect({ object: objectId(object), known: Boolean(Model) }).toEqual({
        object: objectId(object),
        known: true,
      });
      expect(() => new Model!(asApiServerReads(object) as never).validate()).not.toThrow();
    }
  });
});

describe('the base', () => {
  test.each(DEPLOYABLES)(
    'when %s is deployed, then its Deployment has both probes, resources, a non-root pod and a shell-free preStop',
    (name) => {
      const deployment = find<Workload>(base, 'Deployment', name)!;
      const container = containerOf(deployment);
      const pod = deployment.spec.template.spec;

      expect(container.image).toBe(`quad/${name}`);
      expect(container.ports).toEqual([{ name: 'http', containerPort: DEPLOYABLE_PORTS[name] }]);
      expect(container.livenessProbe?.httpGet).toMatchObject({ path: '/healthz', port: 'http' });
      // The gateway's readiness is its own liveness: its /readyz names every upstream (gateway.yaml says why).
      expect(container.readinessProbe?.httpGet).toMatchObject({
        path: name === 'gateway' ? '/healthz' : '/readyz',
        port: 'http',
      });
      for (const kind of ['requests', 'limits'] as const) {
        expect(Object.keys(container.resources?.[kind] ?? {}).sort()).toEqual(['cpu', 'memory']);
      }
      // The distroless image's nonroot user; the image has no shell, so no exec hook may need one.
      expect(pod.securityContext).toMatchObject({
        runAsNonRoot: true,
        runAsUser: 65532,
        runAsGroup: 65532,
        fsGroup: 65532,
      });
      expect(container.lifecycle?.preStop).toEqual({ sleep: { seconds: 5 } });
      expect(JSON.stringify(deployment)).not.toMatch(/"exec"/);
      expect(container.securityContext).toMatchObject({
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
      });
      expect(matches(deployment.spec.selector.matchLabels, deployment.spec.template.metadata.labels)).toBe(
        true,
      );
    },
  );

  test.each(DEPLOYABLES)(
    'when %s has several replicas, then they are spread over zones and nodes, never left unscheduled for it',
    (name) => {
      const deployment = find<Workload>(base, 'Deployment', name)!;
      const constraints = deployment.spec.template.spec.topologySpreadConstraints ?? [];

      expect(constraints.map((constraint) => constraint.topologyKey).sort()).toEqual([
        'kubernetes.io/hostname',
        'topology.kubernetes.io/zone',
      ]);
      for (const constraint of constraints) {
        expect(constraint.whenUnsatisfiable).toBe('ScheduleAnyway');
        expect(
          matches(
            constraint.labelSelector?.matchLabels ?? { none: 'none' },
            deployment.spec.template.metadata.labels,
          ),
        ).toBe(true);
        expect(constraint.matchLabelKeys).toEqual(['pod-template-hash']);
      }
    },
  );

  test.each(DEPLOYABLES)(
    'when %s is deployed, then a Service and a PodDisruptionBudget select its pods',
    (name) => {
      const podLabels = find<Workload>(base, 'Deployment', name)!.spec.template.metadata.labels;
      const service = find<KubeService>(base, 'Service', name)!;
      const budget = find<{
        spec: { selector: { matchLabels: Record<string, string> }; maxUnavailable?: number };
      }>(base, 'PodDisruptionBudget', name)!;

      expect(matches(service.spec.selector, podLabels)).toBe(true);
      expect(service.spec.ports).toEqual([
        { name: 'http', port: DEPLOYABLE_PORTS[name], targetPort: 'http' },
      ]);
      expect(matches(budget.spec.selector.matchLabels, podLabels)).toBe(true);
      expect(budget.spec.maxUnavailable).toBe(1);
    },
  );

  test('when deployed, then only auth receives the JWT signing key', () => {
    const holders = ofKind<Workload>(base, 'Deployment')
      .filter((deployment) => envFromSecret(containerOf(deployment), 'JWT_PRIVATE_KEY'))
      .map((deployment) => deployment.metadata.name);
    expect(holders).toEqual(['auth']);
  });

  test.each(['chat', 'gateway'])(
    'when %s is busy, then a HorizontalPodAutoscaler (autoscaling/v2) scales its Deployment from at least two replicas',
    (name) => {
      const autoscaler = find<{
        apiVersion: string;
        spec: { scaleTargetRef: object; minReplicas: number; maxReplicas: number; metrics: unknown[] };
      }>(base, 'HorizontalPodAutoscaler', name)!;

      expect(autoscaler.apiVersion).toBe('autoscaling/v2');
      expect(autoscaler.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name });
      expect(autoscaler.spec.minReplicas).toBeGreaterThanOrEqual(2);
      expect(autoscaler.spec.maxReplicas).toBeGreaterThan(autoscaler.spec.minReplicas);
      expect(autoscaler.spec.metrics.length).toBeGreaterThan(0);
      // The autoscaler owns the count; a fixed one in the Deployment would fight it on every apply.
      expect(find<Workload>(base, 'Deployment', name)!.spec.replicas).toBeUndefined();
    },
  );

  test('when a settings file changes, then the ConfigMap gets a new name and every Deployment reading it rolls', () => {
    const copy = path.join(work, 'changed-settings');
    cpSync(WORK_K8S, copy, { recursive: true });
    const settings = path.join(copy, 'base', 'config.env');
    writeFileSync(settings, readFileSync(settings, 'utf8').replace('LOG_LEVEL=info', 'LOG_LEVEL=debug'));
    const changed = buildKustomization(path.join(copy, 'base'));

    for (const name of DEPLOYABLES) {
      const configName = (objects: KubeObject[]) =>
        containerOf(find<Workload>(objects, 'Deployment', name)!).envFrom?.[0]?.configMapRef?.name;
      expect(configName(base)).toMatch(/^quad-config-[a-z0-9]{10}$/);
      expect(configName(changed)).toMatch(/^quad-config-[a-z0-9]{10}$/);
      expect(configName(changed)).not.toBe(configName(base));
    }
  });
});

describe('the secrets', () => {
  const trackedFiles = execFileSync('git', ['ls-files', 'infra/k8s'], { cwd: REPO_DIR, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);

  test('when secrets.sh init runs, then it writes every file the overlay generates its Secrets from', () => {
    expect(initOutput).toMatch(/Secrets written to/);
    expect(localSecret.JWT_PRIVATE_KEY).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(localSecret.JWT_PUBLIC_KEY).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    const tls = find<{ type: string; data: Record<string, string> }>(local, 'Secret', 'quad-tls')!;
    expect(tls.type).toBe('kubernetes.io/tls');
    expect(decoded(tls)['tls.crt']).toMatch(/^-----BEGIN CERTIFICATE-----/);
    for (const key of [
      'ADMIN_PASSWORD',
      'S3_SECRET_KEY',
      'MONGO_PASSWORD',
      'REDIS_PASSWORD',
      'NATS_PASSWORD',
    ]) {
      expect({ key, length: localSecret[key]!.length }).toEqual({ key, length: expect.any(Number) });
      expect(localSecret[key]!.length).toBeGreaterThanOrEqual(32);
    }
  });

  test('when init runs again, then it refuses to overwrite the secrets the cluster runs on', () => {
    expect(() => execFileSync('sh', [path.join(WORK_K8S, 'secrets.sh'), 'init'], { stdio: 'pipe' })).toThrow(
      /holds secrets already/,
    );
  });

  test('when committed, then git holds no Secret, no key material and none of the files secrets.sh writes', () => {
    expect(trackedFiles.length).toBeGreaterThan(0);
    for (const file of trackedFiles) {
      const text = readFileSync(path.join(REPO_DIR, file), 'utf8');
      expect({ file, key: /-----BEGIN/.test(text), secret: /^kind: Secret/m.test(text) }).toEqual({
        file,
        key: false,
        secret: false,
      });
    }
    const written = ['quad-secrets.env', 'jwt-private.pem', 'jwt-public.pem', 'tls.crt', 'tls.key'].map(
      (name) => `infra/k8s/overlays/local/secrets/${name}`,
    );
    const ignored = execFileSync('git', ['check-ignore', ...written], { cwd: REPO_DIR, encoding: 'utf8' })
      .split('\n')
      .filter(Boolean);
    expect(ignored).toEqual(written);
  });

  test('when the overlay is built twice from the same files, then the Secret is the same; when a file changes, every pod reading it rolls', () => {
    const again = buildKustomization(LOCAL_DIR);
    const secretName = (objects: KubeObject[]) =>
      generated<KubeObject>(objects, 'Secret', 'quad-secrets').metadata.name;
    expect(secretName(again)).toBe(secretName(local));

    const copy = path.join(work, 'rotated');
    cpSync(WORK_K8S, copy, { recursive: true });
    const env = path.join(copy, 'overlays', 'local', 'secrets', 'quad-secrets.env');
    writeFileSync(
      env,
      readFileSync(env, 'utf8').replace(/^ADMIN_PASSWORD=.*$/m, 'ADMIN_PASSWORD=another-password'),
    );
    const changed = buildKustomization(path.join(copy, 'overlays', 'local'));

    expect(secretName(changed)).not.toBe(secretName(local));
    for (const name of DEPLOYABLES) {
      const referenced = (objects: KubeObject[]) =>
        new Set(
          (containerOf(find<Workload>(objects, 'Deployment', name)!).env ?? []).flatMap(
            (variable) => variable.valueFrom?.secretKeyRef?.name ?? [],
          ),
        );
      expect([...referenced(local)]).toEqual([secretName(local)]);
      expect([...referenced(changed)]).toEqual([secretName(changed)]);
    }
  });

  test.each(DEPLOYABLES)(
    'when %s starts in the local overlay, then its environment gives every setting its config needs',
    (name) => {
      const container = containerOf(find<Workload>(local, 'Deployment', name)!);
      const fromConfigMap = container.envFrom?.some((source) =>
        /^quad-config-[a-z0-9]{10}$/.test(source.configMapRef?.name ?? ''),
      )
        ? Object.keys(localConfig)
        : [];
      const explicit = (container.env ?? []).map((variable) => variable.name);
      const provided = new Set([...explicit, ...fromConfigMap, ...Object.keys(imageEnvironment())]);

      const missing = [...requiredSettings(name), ...loopbackDefaultSettings(name)].filter(
        (setting) => !provided.has(setting),
      );
      const unknown = explicit.filter((setting) => !knownSettings(name).includes(setting));
      const missingSecretKeys = (container.env ?? [])
        .flatMap((variable) => variable.valueFrom?.secretKeyRef ?? [])
        .filter((ref) => !ref.name?.startsWith('quad-secrets-') || !(ref.key in localSecret));

      expect({ missing, unknown, missingSecretKeys }).toEqual({
        missing: [],
        unknown: [],
        missingSecretKeys: [],
      });
    },
  );
});

describe('the services in the local overlay', () => {

  /** The environment the pod gets: the image's, the ConfigMap's, and its own variables resolved from the generated Secret. */
  const podEnvironment = (name: (typeof DEPLOYABLES)[number]) => {
    const container = containerOf(find<Workload>(local, 'Deployment', name)!);
    // Build arguments in the image's ENV (PORT=${PORT}) are the build's to fill: the schema's default stands in.
    const environment: Record<string, string> = Object.fromEntries(
      Object.entries(imageEnvironment()).filter(([, value]) => !value.includes('$')),
    );
    if (container.envFrom?.length) Object.assign(environment, localConfig);
    for (const variable of container.env ?? []) {
      const key = variable.valueFrom?.secretKeyRef?.key;
      environment[variable.name] = key ? localSecret[key]! : variable.value!;
    }
    return environment;
  };

  test.each(DEPLOYABLES)(
    'when %s starts in production on what secrets.sh init made, then its configuration loads: real keys, no placeholder',
    (name) => {
      const environment = podEnvironment(name);
      expect(environment.NODE_ENV).toBe('production');
      expect(() => loadConfig(CONFIG_SCHEMAS[name], environment)).not.toThrow();
    },
  );
});

describe('the stores in the local overlay', () => {
  const storeContainer = (name: string) => containerOf(find<Workload>(local, 'StatefulSet', name)!);
  const fromSecret = (container: IContainer, variable: string) =>
    container.env?.find((candidate) => candidate.name === variable)?.valueFrom?.secretKeyRef?.key;

  test('when a service connects to MongoDB, then it signs in as the root user the image creates from the same Secret', () => {
    const mongo = storeContainer('mongo');
    const url = new URL(localSecret.MONGO_URL!);

    expect(fromSecret(mongo, 'MONGO_INITDB_ROOT_USERNAME')).toBe('MONGO_USERNAME');
    expect(fromSecret(mongo, 'MONGO_INITDB_ROOT_PASSWORD')).toBe('MONGO_PASSWORD');
    expect({
      host: url.host,
      user: url.username,
      password: url.password,
      authSource: url.searchParams.get('authSource'),
    }).toEqual({
      host: 'mongo:27017',
      user: localSecret.MONGO_USERNAME,
      password: localSecret.MONGO_PASSWORD,
      authSource: 'admin',
    });
  });

  test('when a service connects to Redis, then it gives the password Redis requires', () => {
    const redis = storeContainer('redis');
    const url = new URL(localSecret.REDIS_URL!);

    expect(redis.args?.slice(-2)).toEqual(['--requirepass', '$(REDIS_PASSWORD)']);
    expect(fromSecret(redis, 'REDIS_PASSWORD')).toBe('REDIS_PASSWORD');
    // Its own probe (redis-cli ping) signs in too.
    expect(fromSecret(redis, 'REDISCLI_AUTH')).toBe('REDIS_PASSWORD');
    expect({ host: url.host, password: url.password }).toEqual({
      host: 'redis:6379',
      password: localSecret.REDIS_PASSWORD,
    });
  });

  test('when a service connects to NATS, then the user and password of its URL are the ones NATS requires', () => {
    const nats = storeContainer('nats');
    const natsConfig = generated<{ data: Record<string, string> }>(local, 'ConfigMap', 'nats-config').data;

    expect(nats.args).toEqual(['--config', '/etc/nats/auth.conf']);
    expect(natsConfig['auth.conf']).toMatch(/include \.\/quad\.conf/);
    expect(natsConfig['auth.conf']).toMatch(/user: \$NATS_USER\s+password: \$NATS_PASSWORD/);
    expect(fromSecret(nats, 'NATS_USER')).toBe('NATS_USER');
    expect(fromSecret(nats, 'NATS_PASSWORD')).toBe('NATS_PASSWORD');
    // What packages/common's connectNats hands to nats.js, which ignores credentials in a URL itself.
    expect(natsConnectionOptions(localSecret.NATS_URL!)).toEqual({
      servers: 'nats://nats:4222',
      user: localSecret.NATS_USER,
      pass: localSecret.NATS_PASSWORD,
    });
  });

  test('when NATS starts, then it reads the same JetStream config as compose, on its volume', () => {
    const natsConfig = generated<{ data: Record<string, string> }>(local, 'ConfigMap', 'nats-config').data;
    const container = storeContainer('nats');

    expect(natsConfig['quad.conf']).toBe(readFileSync(path.join(INFRA_DIR, 'docker', 'nats.conf'), 'utf8'));
    expect(container.volumeMounts).toEqual(expect.arrayContaining([{ name: 'data', mountPath: '/data' }]));
  });

  test("when MinIO starts, then its root user is the services' S3 credentials", () => {
    const minio = storeContainer('minio');
    expect(fromSecret(minio, 'MINIO_ROOT_USER')).toBe('S3_ACCESS_KEY');
    expect(fromSecret(minio, 'MINIO_ROOT_PASSWORD')).toBe('S3_SECRET_KEY');
  });
});

/** The peers NetworkPolicies are judged against: the overlay's pods and three outside the namespace. */
interface Endpoint {
  name: string;
  namespace: string;
  namespaceLabels: Record<string, string>;
  labels: Record<string, string>;
  ports: { name?: string; port: number; protocol: string }[];
}
interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: string; values?: string[] }[];
}
interface PolicyPeer {
  podSelector?: LabelSelector;
  namespaceSelector?: LabelSelector;
  ipBlock?: unknown;
}
interface PolicyRule {
  from?: PolicyPeer[];
  to?: PolicyPeer[];
  ports?: { protocol?: string; port?: number | string }[];
}
type Policy = KubeObject & {
  spec: { podSelector: LabelSelector; policyTypes?: string[]; ingress?: PolicyRule[]; egress?: PolicyRule[] };
};

const selects = (selector: LabelSelector, labels: Record<string, string>) =>
  Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value) &&
  (selector.matchExpressions ?? []).every((expression) => {
    const value = labels[expression.key];
    switch (expression.operator) {
      case 'In':
        return value !== undefined && expression.values!.includes(value);
      case 'NotIn':
        return value === undefined || !expression.values!.includes(value);
      case 'Exists':
        return value !== undefined;
      case 'DoesNotExist':
        return value === undefined;
      default:
        throw new Error(`unknown operator ${expression.operator}`);
    }
  });

/** Every flow (source -> destination:port/protocol) that the policies of `objects` let through, as Kubernetes defines them. */
function allowedFlows(objects: KubeObject[], outside: Endpoint[]): string[] {
  const namespace = 'quad';
  const policies = ofKind<Policy>(objects, 'NetworkPolicy');
  const pods: Endpoint[] = [
    ...ofKind<Workload>(objects, 'Deployment'),
    ...ofKind<Workload>(objects, 'StatefulSet'),
  ].map((workload) => ({
    name: workload.metadata.name,
    namespace,
    namespaceLabels: { 'kubernetes.io/metadata.name': namespace },
    labels: workload.spec.template.metadata.labels,
    ports: workload.spec.template.spec.containers.flatMap((container) =>
      (container.ports ?? []).map((port) => ({
        name: port.name,
        port: port.containerPort,
        protocol: port.protocol ?? 'TCP',
      })),
    ),
  }));
  const peerMatches = (peer: PolicyPeer, endpoint: Endpoint) =>
    !peer.ipBlock &&
    (peer.namespaceSelector
      ? selects(peer.namespaceSelector, endpoint.namespaceLabels)
      : endpoint.namespace === namespace) &&
    (!peer.podSelector || selects(peer.podSelector, endpoint.labels));
  const portMatches = (rule: PolicyRule, port: Endpoint['ports'][number]) =>
    !rule.ports?.length ||
    rule.ports.some(
      (candidate) =>
        (candidate.protocol ?? 'TCP') === port.protocol &&
        (candidate.port === undefined || candidate.port === port.port || candidate.port === port.name),
    );
  const typesOf = (policy: Policy) =>
    policy.spec.policyTypes ?? ['Ingress', ...(policy.spec.egress ? ['Egress'] : [])];
  const allows = (
    pod: Endpoint,
    direction: 'Ingress' | 'Egress',
    peer: Endpoint,
    port: Endpoint['ports'][number],
  ) => {
    if (pod.namespace !== namespace) return true; // outside Quad's namespace nothing is isolated
    const isolating = policies.filter(
      (policy) => typesOf(policy).includes(direction) && selects(policy.spec.podSelector, pod.labels),
    );
    if (isolating.length === 0) return true;
    return isolating.some((policy) =>
      (direction === 'Ingress' ? policy.spec.ingress : policy.spec.egress)?.some((rule) => {
        const peers = direction === 'Ingress' ? rule.from : rule.to;
        return (
          (!peers?.length || peers.some((candidate) => peerMatches(candidate, peer))) &&
          portMatches(rule, port)
        );
      }),
    );
  };

  const endpoints = [...pods, ...outside];
  const flows: string[] = [];
  for (const source of endpoints) {
    for (const destination of endpoints) {
      if (source === destination || (source.namespace !== namespace && destination.namespace !== namespace))
        continue;
      for (const port of destination.ports) {
        if (allows(source, 'Egress', destination, port) && allows(destination, 'Ingress', source, port))
          flows.push(`${source.name} -> ${destination.name}:${port.port}/${port.protocol}`);
      }
    }
  }
  return flows.sort();
}

describe('the network policies', () => {
  const OUTSIDE: Endpoint[] = [
    {
      name: 'public-entry',
      namespace: 'envoy-gateway-system',
      namespaceLabels: { 'kubernetes.io/metadata.name': 'envoy-gateway-system', 'quad/public-entry': 'true' },
      labels: { 'app.kubernetes.io/name': 'envoy' },
      ports: [{ port: 10443, protocol: 'TCP' }],
    },
    {
      name: 'kube-dns',
      namespace: 'kube-system',
      namespaceLabels: { 'kubernetes.io/metadata.name': 'kube-system' },
      labels: { 'k8s-app': 'kube-dns' },
      ports: [
        { name: 'dns', port: 53, protocol: 'UDP' },
        { name: 'dns-tcp', port: 53, protocol: 'TCP' },
      ],
    },
    {
      name: 'another-namespace',
      namespace: 'other',
      namespaceLabels: { 'kubernetes.io/metadata.name': 'other' },
      labels: { 'app.kubernetes.io/name': 'gateway' },
      ports: [{ port: 8080, protocol: 'TCP' }],
    },
  ];
  const dns = (names: string[]) =>
    names.flatMap((name) => [`${name} -> kube-dns:53/TCP`, `${name} -> kube-dns:53/UDP`]);
  const inQuad = [
    'public-entry -> gateway:8080/TCP',
    ...SERVICES_ONLY.map((name) => `gateway -> ${name}:${DEPLOYABLE_PORTS[name]}/TCP`),
    // A student's data download: auth asks each service that holds their records (issue 25).
    ...(['forum', 'social', 'chat', 'commerce', 'moderation', 'notifications'] as const).map((name) => `auth -> ${name}:${DEPLOYABLE_PORTS[name]}/TCP`),
  ];

  test("when the base is applied, then a pod takes and makes only the gateway's, the data download's and DNS flows", () => {
    expect(allowedFlows(base, OUTSIDE)).toEqual([...inQuad, ...dns([...DEPLOYABLES])].sort());
  });

  test('when the local overlay is applied, then exactly the flows Quad needs pass, each store reachable only by its users', () => {
    const stores = DEPLOYABLES.flatMap((name) => [
      `${name} -> mongo:27017/TCP`,
      `${name} -> nats:4222/TCP`,
      `${name} -> redis:6379/TCP`,
    ]);
    // Group photos: chat writes them to the object store too.
    const media = ['auth', 'forum', 'chat', 'gateway'].map((name) => `${name} -> minio:9000/TCP`);
    const mail = ['auth', 'commerce', 'notifications', 'gateway'].map((name) => `${name} -> mailpit:1025/TCP`);
    const everyPod = [...DEPLOYABLES, 'mongo', 'nats', 'redis', 'minio', 'mailpit'];

    expect(allowedFlows(local, OUTSIDE)).toEqual(
      [...inQuad, ...stores, ...media, ...mail, ...dns(everyPod)].sort(),
    );
  });
});

describe('the public entry', () => {
  type Listener = {
    name: string;
    protocol: string;
    port: number;
    hostname?: string;
    tls?: { certificateRefs: { name: string }[] };
  };
  type Route = KubeObject & {
    spec: {
      parentRefs: { name: string; sectionName?: string }[];
      hostnames: string[];
      rules: {
        matches?: { path: { type: string; value: string } }[];
        backendRefs?: { name: string; port: number }[];
        filters?: { type: string; requestRedirect?: { scheme: string } }[];
        timeouts?: { request?: string };
        sessionPersistence?: unknown;
      }[];
    };
  };

  test('when a browser calls /api, /ws or any page over HTTPS, then the route sends it to the gateway Service, WebSocket included', () => {
    const gateway = find<{ spec: { listeners: Listener[] } }>(base, 'Gateway', 'quad')!;
    const https = gateway.spec.listeners.find((listener) => listener.protocol === 'HTTPS')!;
    const route = find<Route>(base, 'HTTPRoute', 'quad')!;
    const service = find<KubeService>(base, 'Service', 'gateway')!;
    const ruleFor = (requestPath: string) =>
      route.spec.rules
        .filter((rule) => rule.matches?.some((match) => requestPath.startsWith(match.path.value)))
        .sort((a, b) => b.matches![0]!.path.value.length - a.matches![0]!.path.value.length)[0];

    expect(https).toMatchObject({ port: 443, tls: { certificateRefs: [{ name: 'quad-tls' }] } });
    expect(route.spec.parentRefs).toEqual([{ name: 'quad', sectionName: https.name }]);
    for (const requestPath of ['/api/posts', '/ws/', '/', '/media/a.png']) {
      expect({ requestPath, backends: ruleFor(requestPath)?.backendRefs }).toEqual({
        requestPath,
        backends: [{ name: 'gateway', port: service.spec.ports[0]!.port }],
      });
    }
    // A WebSocket stays open for hours: no request timeout on /ws; the rest ends before a hung client.
    expect(ruleFor('/ws/')!.timeouts).toBeUndefined();
    expect(ruleFor('/api/posts')!.timeouts?.request).toBe('30s');
  });

  test('when chat runs on several replicas, then no layer pins a client: WebSocket only in the web client and chat, no session persistence in the route', () => {
    const route = find<Route>(base, 'HTTPRoute', 'quad')!;
    const webClient = readFileSync(
      path.join(REPO_DIR, 'web', 'src', 'lib', 'chat', 'chat-socket.ts'),
      'utf8',
    );
    const chatServer = readFileSync(
      path.join(REPO_DIR, 'services', 'chat', 'src', 'realtime', 'socket-server.ts'),
      'utf8',
    );

    expect(webClient).toMatch(/transports: \['websocket'\]/);
    expect(chatServer).toMatch(/transports: \['websocket'\]/);
    for (const rule of route.spec.rules) expect(rule.sessionPersistence).toBeUndefined();
    expect(JSON.stringify(ofKind(base, 'Service'))).not.toMatch(/sessionAffinity/);
  });

  test('when a browser comes over plain HTTP, then it is only redirected to HTTPS', () => {
    const redirect = find<Route>(base, 'HTTPRoute', 'quad-https-redirect')!;
    expect(redirect.spec.parentRefs).toEqual([{ name: 'quad', sectionName: 'http' }]);
    expect(redirect.spec.rules).toEqual([
      { filters: [{ type: 'RequestRedirect', requestRedirect: { scheme: 'https', statusCode: 301 } }] },
    ]);
  });

  test('when the local overlay is applied, then its host name and class are set everywhere and its certificate exists', () => {
    const gateway = find<{ spec: { gatewayClassName: string; listeners: Listener[] } }>(
      local,
      'Gateway',
      'quad',
    )!;
    const routes = ofKind<Route>(local, 'HTTPRoute');

    expect(gateway.spec.gatewayClassName).toBe('eg');
    expect(gateway.spec.listeners.map((listener) => listener.hostname)).toEqual([
      'quad.localhost',
      'quad.localhost',
    ]);
    expect(routes.map((route) => route.spec.hostnames)).toEqual([['quad.localhost'], ['quad.localhost']]);
    const certificate = gateway.spec.listeners.find((listener) => listener.tls)!.tls!.certificateRefs[0]!
      .name;
    expect(find(local, 'Secret', certificate)).toBeDefined();
    // Cookies are Secure behind the TLS listener.
    expect(localConfig.COOKIE_SECURE).toBe('true');
  });
});

describe('the local overlay', () => {
  test('when applied, then every Deployment spreads its replicas over nodes', () => {
    const deployments = ofKind<Workload>(local, 'Deployment');
    expect(deployments.map((deployment) => deployment.metadata.name).sort()).toEqual(
      [...DEPLOYABLES, 'mailpit'].sort(),
    );
    for (const deployment of deployments) {
      const byNode = deployment.spec.template.spec.topologySpreadConstraints?.find(
        (constraint) => constraint.topologyKey === 'kubernetes.io/hostname',
      );
      expect({
        name: deployment.metadata.name,
        selects:
          byNode && matches(byNode.labelSelector!.matchLabels!, deployment.spec.template.metadata.labels),
      }).toEqual({
        name: deployment.metadata.name,
        selects: true,
      });
    }
  });

  test('when applied, then everything lands in the quad namespace', () => {
    expect(find(local, 'Namespace', 'quad')).toBeDefined();
    for (const object of local.filter((candidate) => candidate.kind !== 'Namespace')) {
      expect({ object: objectId(object), namespace: object.metadata.namespace }).toEqual({
        object: objectId(object),
        namespace: 'quad',
      });
    }
  });

  test('when applied, then the Quad images are the ones docker compose builds', () => {
    for (const name of DEPLOYABLES) {
      expect(containerOf(find<Workload>(local, 'Deployment', name)!).image).toBe(`quad/${name}:local`);
    }
  });

  test.each(['mongo', 'nats', 'redis', 'minio'] as const)(
    'when applied, then %s runs as a StatefulSet of the shared image behind a headless Service',
    (name) => {
      const statefulSet = find<Workload & { spec: { serviceName: string } }>(
        local,
        'StatefulSet',
        INFRA_HOSTS[name],
      )!;
      const service = find<KubeService>(local, 'Service', statefulSet.spec.serviceName)!;

      expect(containerOf(statefulSet).image).toBe(INFRA_IMAGES[name]);
      expect(statefulSet.spec.template.spec.securityContext?.runAsNonRoot).toBe(true);
      expect(service.spec.clusterIP).toBe('None');
      expect(matches(service.spec.selector, statefulSet.spec.template.metadata.labels)).toBe(true);
    },
  );

  test('when applied, then every infrastructure server the services are configured for runs there', () => {
    const endpointHosts = Object.entries({ ...localConfig, ...localSecret }).flatMap(([setting, value]) => {
      if (NOT_A_SERVER.includes(setting)) return [];
      if (setting.endsWith('_URL')) return [new URL(value).hostname];
      if (setting.endsWith('_HOST') || setting.endsWith('_ENDPOINT')) return [value];
      return [];
    });
    const serviceNames = ofKind<KubeService>(local, 'Service').map((service) => service.metadata.name);

    expect(endpointHosts).toEqual(expect.arrayContaining(['mongo', 'nats', 'redis', 'minio', 'mailpit']));
    for (const host of endpointHosts) expect(serviceNames).toContain(host);
    for (const name of INFRA_NAMES) {
      const workload = [
        ...ofKind<Workload>(local, 'StatefulSet'),
        ...ofKind<Workload>(local, 'Deployment'),
      ].find((candidate) => candidate.metadata.name === INFRA_HOSTS[name]);
      expect({ name, image: workload && containerOf(workload).image }).toEqual({
        name,
        image: INFRA_IMAGES[name],
      });
    }
  });
});

/** kubectl ships kustomize; where it exists, the test build must equal kubectl's, object for object. */
const hasKubectl = (() => {
  try {
    execFileSync('kubectl', ['version', '--client'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const describeWithKubectl = hasKubectl ? describe : describe.skip;

describeWithKubectl('the test build, compared with kubectl kustomize', () => {
  test.each([
    ['base', BASE_DIR],
    ['overlays/local', LOCAL_DIR],
  ])(
    'when kubectl kustomize builds %s, then it makes the same objects, hashed names included',
    (_name, dir) => {
      const output = execFileSync('kubectl', ['kustomize', dir], { encoding: 'utf8' });
      const byId = (objects: KubeObject[]) =>
        Object.fromEntries(objects.map((object) => [objectId(object), object]));
      const fromKubectl = YAML.parseAllDocuments(output).map((document) => document.toJS() as KubeObject);

      expect(byId(buildKustomization(dir))).toEqual(byId(fromKubectl));
    },
  );
});

describe('the test build of the kustomizations', () => {
  test('when a kustomization uses a field the test build does not implement, then the build fails', () => {
    const dir = path.join(__dirname, 'fixtures', 'unsupported-kustomization');
    expect(() => buildKustomization(dir)).toThrow(/does not implement: replacements/);
  });

  test('when the secrets were never initialised, then the local overlay does not build and names the missing file', () => {
    const copy = path.join(work, 'uninitialised');
    cpSync(WORK_K8S, copy, { recursive: true, filter: (source) => path.basename(source) !== 'secrets' });
    expect(() => buildKustomization(path.join(copy, 'overlays', 'local'))).toThrow(
      /secrets\/quad-secrets\.env/,
    );
    expect(SECRETS_DIR).toContain(work);
  });
});
