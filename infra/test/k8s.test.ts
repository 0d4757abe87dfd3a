/**
 * infra/k8s: the base and the local overlay are built (infra/test/kustomize.ts), every object is
 * validated against the Kubernetes API schemas (kubernetes-models), and the properties operators
 * rely on are asserted: probes, resources, non-root pods, disruption budgets, chat autoscaling, the
 * Ingress routes, settings for every config schema, and no real secret in git.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { Deployment, StatefulSet } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Namespace, Secret, Service } from 'kubernetes-models/v1';
import type { IContainer, IPodSpec } from 'kubernetes-models/v1';
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
} from './service-settings';

const K8S_DIR = path.join(INFRA_DIR, 'k8s');
const BASE_DIR = path.join(K8S_DIR, 'base');
const LOCAL_DIR = path.join(K8S_DIR, 'overlays', 'local');

/** The Kubernetes API schema of every kind Quad's manifests use; another kind fails the test. */
const MODELS: Record<string, { new (data: never): { validate(): void } }> = {
  'v1/ConfigMap': ConfigMap,
  'v1/Namespace': Namespace,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'apps/v1/StatefulSet': StatefulSet,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'networking.k8s.io/v1/Ingress': Ingress,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
};

const base = buildKustomization(BASE_DIR);
const local = buildKustomization(LOCAL_DIR);

const find = <T>(objects: KubeObject[], kind: string, name: string) =>
  objects.find((object) => object.kind === kind && object.metadata.name === name) as unknown as T | undefined;
const ofKind = <T>(objects: KubeObject[], kind: string) =>
  objects.filter((object) => object.kind === kind) as unknown as (T & KubeObject)[];

type Workload = KubeObject & {
  spec: {
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
type KubeIngress = KubeObject & {
  spec: {
    rules: {
      http: {
        paths: {
          path: string;
          pathType: string;
          backend: { service: { name: string; port: { name?: string; number?: number } } };
        }[];
      };
    }[];
  };
};

const containerOf = (workload: Workload): IContainer => workload.spec.template.spec.containers[0]!;
const matches = (selector: Record<string, string>, labels: Record<string, string>) =>
  Object.entries(selector).every(([key, value]) => labels[key] === value);

describe.each([
  ['base', base],
  ['local overlay', local],
])('the %s', (_name, objects) => {
  test('when every object is checked against the Kubernetes API schema, then each one is valid', () => {
    expect(objects.length).toBeGreaterThan(0);
    for (const object of objects) {
      const Model = MODELS[`${object.apiVersion}/${object.kind}`];
      expect({ object: objectId(object), known: Boolean(Model) }).toEqual({
        object: objectId(object),
        known: true,
      });
      expect(() => new Model!(object as never).validate()).not.toThrow();
    }
  });
});

describe('the base', () => {
  const configMap = find<{ data: Record<string, string> }>(base, 'ConfigMap', 'quad-config')!;
  const secret = find<{ stringData: Record<string, string> }>(base, 'Secret', 'quad-secrets')!;

  test.each(DEPLOYABLES)(
    'when %s is deployed, then its Deployment has both probes, resources and a non-root pod',
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
      expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 });
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

  test.each(DEPLOYABLES)(
    'when %s starts, then its environment gives every setting its config needs',
    (name) => {
      const container = containerOf(find<Workload>(base, 'Deployment', name)!);
      const fromConfigMap = container.envFrom?.some((source) => source.configMapRef?.name === 'quad-config')
        ? Object.keys(configMap.data)
        : [];
      const explicit = (container.env ?? []).map((variable) => variable.name);
      const provided = new Set([...explicit, ...fromConfigMap, ...Object.keys(imageEnvironment())]);

      const missing = [...requiredSettings(name), ...loopbackDefaultSettings(name)].filter(
        (setting) => !provided.has(setting),
      );
      const unknown = explicit.filter((setting) => !knownSettings(name).includes(setting));
      const missingSecretKeys = (container.env ?? [])
        .flatMap((variable) => variable.valueFrom?.secretKeyRef ?? [])
        .filter((ref) => ref.name !== 'quad-secrets' || !(ref.key in secret.stringData));

      expect({ missing, unknown, missingSecretKeys }).toEqual({
        missing: [],
        unknown: [],
        missingSecretKeys: [],
      });
    },
  );

  test('when the gateway calls a service, then the ConfigMap names that Service and its port', () => {
    for (const name of DEPLOYABLES.filter((service) => service !== 'gateway')) {
      const url = new URL(configMap.data[`${name.toUpperCase()}_URL`]!);
      const service = find<KubeService>(base, 'Service', name)!;
      expect({ name, host: url.hostname, port: Number(url.port) }).toEqual({
        name,
        host: name,
        port: service.spec.ports[0]!.port,
      });
    }
  });

  test('when deployed, then only auth receives the JWT signing key', () => {
    const holders = ofKind<Workload>(base, 'Deployment')
      .filter((deployment) =>
        containerOf(deployment).env?.some(
          (variable) => variable.valueFrom?.secretKeyRef?.key === 'JWT_PRIVATE_KEY',
        ),
      )
      .map((deployment) => deployment.metadata.name);
    expect(holders).toEqual(['auth']);
  });

  test('when chat is busy, then a HorizontalPodAutoscaler (autoscaling/v2) scales its Deployment from at least two replicas', () => {
    const autoscaler = find<{
      apiVersion: string;
      spec: { scaleTargetRef: object; minReplicas: number; maxReplicas: number; metrics: unknown[] };
    }>(base, 'HorizontalPodAutoscaler', 'chat')!;

    expect(autoscaler.apiVersion).toBe('autoscaling/v2');
    expect(autoscaler.spec.scaleTargetRef).toEqual({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      name: 'chat',
    });
    expect(autoscaler.spec.minReplicas).toBeGreaterThanOrEqual(2);
    expect(autoscaler.spec.maxReplicas).toBeGreaterThan(autoscaler.spec.minReplicas);
    expect(autoscaler.spec.metrics.length).toBeGreaterThan(0);
    // The autoscaler owns the count; a fixed one in the Deployment would fight it on every apply.
    expect(
      (find<Workload>(base, 'Deployment', 'chat')!.spec as { replicas?: number }).replicas,
    ).toBeUndefined();
  });

  test('when a browser calls /api, /ws or any page, then an Ingress sends it to the gateway Service', () => {
    const ingresses = ofKind<KubeIngress>(base, 'Ingress');
    const routes = ingresses.flatMap((ingress) =>
      ingress.spec.rules.flatMap((rule) =>
        rule.http.paths.map((route) => ({ ingress: ingress.metadata.name, ...route })),
      ),
    );
    const routeOf = (routePath: string) => routes.find((route) => route.path === routePath);

    for (const routePath of ['/api', '/ws', '/']) {
      expect(routeOf(routePath)).toMatchObject({
        pathType: 'Prefix',
        backend: { service: { name: 'gateway', port: { name: 'http' } } },
      });
    }
    const websocket = ingresses.find((ingress) => ingress.metadata.name === routeOf('/ws')!.ingress)!;
    const annotations = websocket.metadata.annotations ?? {};
    expect(Number(annotations['nginx.ingress.kubernetes.io/proxy-read-timeout'])).toBeGreaterThanOrEqual(
      3600,
    );
    expect(Number(annotations['nginx.ingress.kubernetes.io/proxy-send-timeout'])).toBeGreaterThanOrEqual(
      3600,
    );
  });

  test('when committed, then every Secret value is a local placeholder or empty, never key material', () => {
    const values = ofKind<{ stringData?: Record<string, string>; data?: Record<string, string> }>(
      base,
      'Secret',
    ).flatMap((object) => [
      ...Object.values(object.stringData ?? {}),
      ...Object.values(object.data ?? {}).map((encoded) => Buffer.from(encoded, 'base64').toString('utf8')),
    ]);

    expect(values.length).toBeGreaterThan(0);
    for (const value of values) {
      expect(value === '' || value.includes('local-placeholder')).toBe(true);
      expect(value).not.toMatch(/-----BEGIN/);
    }
  });
});

describe('the local overlay', () => {
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
    const configMap = find<{ data: Record<string, string> }>(local, 'ConfigMap', 'quad-config')!;
    const endpointHosts = Object.entries(configMap.data).flatMap(([setting, value]) => {
      if (setting.endsWith('_URL')) return [new URL(value).hostname];
      if (setting.endsWith('_HOST') || setting.endsWith('_ENDPOINT')) return [value];
      return [];
    });
    const serviceNames = ofKind<KubeService>(local, 'Service').map((service) => service.metadata.name);

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

  test('when NATS starts, then it reads the same JetStream config as compose, on its volume', () => {
    const natsConfig = find<{ data: Record<string, string> }>(local, 'ConfigMap', 'nats-config')!;
    const statefulSet = find<Workload>(local, 'StatefulSet', 'nats')!;
    const container = containerOf(statefulSet);

    expect(natsConfig.data['quad.conf']).toBe(
      readFileSync(path.join(INFRA_DIR, 'docker', 'nats.conf'), 'utf8'),
    );
    expect(container.args).toEqual(['--config', '/etc/nats/quad.conf']);
    expect(container.volumeMounts).toEqual(expect.arrayContaining([{ name: 'data', mountPath: '/data' }]));
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
  ])('when kubectl kustomize builds %s, then it makes the same objects', (_name, dir) => {
    const output = execFileSync('kubectl', ['kustomize', dir], { encoding: 'utf8' });
    const byId = (objects: KubeObject[]) =>
      Object.fromEntries(objects.map((object) => [objectId(object), object]));
    const fromKubectl = YAML.parseAllDocuments(output).map((document) => document.toJS() as KubeObject);

    expect(byId(buildKustomization(dir))).toEqual(byId(fromKubectl));
  });
});

describe('the test build of the kustomizations', () => {
  test('when a kustomization uses a field the test build does not implement, then the build fails', () => {
    const dir = path.join(__dirname, 'fixtures', 'unsupported-kustomization');
    expect(() => buildKustomization(dir)).toThrow(/does not implement: patches/);
  });
});
