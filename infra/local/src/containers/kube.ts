/**
 * The Kubernetes local overlay run by `podman kube play` (`npm run containers -- kube`), as far as
 * podman 4.3 on this machine allows. What it runs of the manifests: every Deployment's and
 * StatefulSet's containers (images, commands, environment from the generated ConfigMap and Secrets,
 * secretKeyRef, ConfigMap volumes, probes, users, read-only root file systems). What it cannot run, and
 * so leaves to the static tests (infra/test/k8s.test.ts): Services (kube play makes no cluster DNS, so
 * the workloads go into one pod whose hostAliases point every Service name at the pod itself), replica
 * counts (one of each: replicas in one pod would share a port), StatefulSets as such (their containers
 * join the pod with an emptyDir for the claim), NetworkPolicies, the HorizontalPodAutoscalers, the
 * PodDisruptionBudgets and the Gateway API's Gateway and HTTPRoute.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import YAML from 'yaml';
import { INFRA_IMAGES } from '../../../images';
import { REPO_ROOT } from '../paths';
import { LOCAL_BASE, type ImagePlan } from './images';
import { type Log, run } from './podman';

export const KUBE_GATEWAY_PORT = 18080;
const POD_NAME = 'quad-kube';

interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string };
  spec?: Record<string, unknown>;
  data?: Record<string, string>;
}

interface Container {
  name: string;
  image: string;
  command?: string[];
  args?: string[];
  ports?: Array<{ containerPort: number; hostPort?: number; name?: string }>;
  readinessProbe?: unknown;
  livenessProbe?: unknown;
  startupProbe?: unknown;
  lifecycle?: unknown;
  volumeMounts?: Array<{ name: string; mountPath: string }>;
  securityContext?: Record<string, unknown>;
}

interface PodSpec {
  containers: Container[];
  initContainers?: Container[];
  volumes?: Array<{ name: string; [key: string]: unknown }>;
  securityContext?: unknown;
  [key: string]: unknown;
}

/** The local stand-ins for the official images, with the commands the stand-in needs where the official image's entrypoint differs. */
function standIn(container: Container, plan: ImagePlan): Container {
  if (!plan.local) return container;
  const image = container.image;
  if (image === INFRA_IMAGES.mongo) {
    return {
      ...container,
      image: LOCAL_BASE.infra,
      command: ['ferretdb'],
      args: ['--handler=sqlite', '--sqlite-url=file:/data/db/', '--listen-addr=:27017', '--state-dir=/state', '--debug-addr=-', '--telemetry=disable'],
      readinessProbe: undefined,
      livenessProbe: undefined,
      startupProbe: undefined,
    };
  }
  if (image === INFRA_IMAGES.nats) return { ...container, image: LOCAL_BASE.infra, command: ['nats-server'] };
  if (image === INFRA_IMAGES.redis) return { ...container, image: LOCAL_BASE.infra };
  if (image === INFRA_IMAGES.minio) return { ...container, image: LOCAL_BASE.infra, command: ['minio'] };
  if (image === INFRA_IMAGES.smtp) {
    return { ...container, image: LOCAL_BASE.smtp, command: ['maildev', '--smtp', '1025', '--web', '8025', '--ip', '0.0.0.0'], args: [], readinessProbe: undefined, livenessProbe: undefined, startupProbe: undefined };
  }
  return container;
}

/** The user settings of a workload's pod, as a container may carry them (fsGroup and the like are the pod's alone). */
function containerUser(podSecurity: unknown): Record<string, unknown> {
  const { runAsUser, runAsGroup, runAsNonRoot } = (podSecurity ?? {}) as Record<string, unknown>;
  return Object.fromEntries(Object.entries({ runAsUser, runAsGroup, runAsNonRoot }).filter(([, value]) => value !== undefined));
}

/** Builds the local overlay (with fresh secrets from infra/k8s/secrets.sh init) into one pod that podman can play. */
export function kubePod(plan: ImagePlan, log: Log): { yaml: string; secrets: KubeObject[]; objects: KubeObject[] } {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'quad-kube-'));
  fs.cpSync(path.join(REPO_ROOT, 'infra', 'k8s'), path.join(work, 'k8s'), { recursive: true });
  const secretsDir = path.join(work, 'k8s', 'overlays', 'local', 'secrets');
  fs.rmSync(secretsDir, { recursive: true, force: true });
  run('sh', [path.join(work, 'k8s', 'secrets.sh'), 'init'], { env: { ...process.env, SECRETS_DIR: secretsDir } });
  const built = run('kubectl', ['kustomize', path.join(work, 'k8s', 'overlays', 'local')]);
  fs.rmSync(work, { recursive: true, force: true });
  const objects = YAML.parseAllDocuments(built).map((doc) => doc.toJS() as KubeObject);
  const kinds = new Map<string, number>();
  for (const object of objects) kinds.set(object.kind, (kinds.get(object.kind) ?? 0) + 1);
  log(`kustomize build infra/k8s/overlays/local: ${objects.length} objects (${[...kinds].map(([kind, count]) => `${count} ${kind}`).join(', ')})`);

  const services = objects.filter((object) => object.kind === 'Service').map((object) => object.metadata.name);
  const pod: { apiVersion: string; kind: string; metadata: { name: string }; spec: PodSpec } = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: POD_NAME },
    spec: { hostAliases: [{ ip: '127.0.0.1', hostnames: services }], containers: [], volumes: [] },
  };
  const volumeNames = new Set<string>();
  for (const workload of objects.filter((object) => object.kind === 'Deployment' || object.kind === 'StatefulSet')) {
    const template = (workload.spec as { template: { spec: PodSpec } }).template.spec;
    const claims = ((workload.spec as { volumeClaimTemplates?: Array<{ metadata: { name: string } }> }).volumeClaimTemplates ?? []).map((claim) => claim.metadata.name);
    const rename = (name: string) => `${workload.metadata.name}-${name}`;
    for (const volume of template.volumes ?? []) {
      if (!volumeNames.has(rename(volume.name))) pod.spec.volumes!.push({ ...volume, name: rename(volume.name) });
      volumeNames.add(rename(volume.name));
    }
    for (const claim of claims) {
      pod.spec.volumes!.push({ name: rename(claim), emptyDir: {} });
      volumeNames.add(rename(claim));
    }
    for (const container of template.containers) {
      const adapted = standIn(container, plan);
      pod.spec.containers.push({
        ...adapted,
        name: workload.metadata.name === container.name ? container.name : `${workload.metadata.name}-${container.name}`,
        // The pod's own user settings apply to its containers here (podman has one pod-level context).
        securityContext: { ...containerUser(template.securityContext), ...(container.securityContext ?? {}) },
        volumeMounts: adapted.volumeMounts?.map((mount) => ({ ...mount, name: rename(mount.name) })),
        ports: adapted.ports?.map((port) => (workload.metadata.name === 'gateway' ? { ...port, hostPort: KUBE_GATEWAY_PORT } : port)),
        lifecycle: undefined,
      });
    }
  }
  const secrets = objects.filter((object) => object.kind === 'Secret');
  // kube play resolves configMapRef and ConfigMap volumes from the ConfigMaps in the same file.
  const configMaps = objects.filter((object) => object.kind === 'ConfigMap').map((object) => ({ ...object, metadata: { name: object.metadata.name } }));
  const documents = [...configMaps, pod].map((document) => YAML.stringify(JSON.parse(JSON.stringify(document))));
  return { yaml: documents.join('---\n'), secrets, objects };
}

/**
 * Plays the pod. Podman 4.3 reads a secretKeyRef from a podman secret of the same name holding the
 * Secret's `data` as JSON, so each generated Secret is created that way first.
 */
export function kubePlay(plan: ImagePlan, log: Log): void {
  kubeDown();
  const { yaml, secrets } = kubePod(plan, log);
  // From a file, not stdin: podman reads `-` only from a named pipe, and node's child stdin is a socket.
  const secretsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quad-kube-secrets-'));
  try {
    for (const secret of secrets) {
      spawnSync('podman', ['secret', 'rm', secret.metadata.name], { stdio: 'ignore' });
      const file = path.join(secretsDir, secret.metadata.name);
      fs.writeFileSync(file, JSON.stringify(secret.data ?? {}), { mode: 0o600 });
      run('podman', ['secret', 'create', secret.metadata.name, file]);
    }
  } finally {
    fs.rmSync(secretsDir, { recursive: true, force: true });
  }
  const file = path.join(os.tmpdir(), `${POD_NAME}.yaml`);
  fs.writeFileSync(file, yaml);
  log(`podman kube play ${file} (one pod: every Deployment's and StatefulSet's containers)`);
  run('podman', ['kube', 'play', '--replace', file]);
}

export function kubeDown(): void {
  spawnSync('podman', ['pod', 'rm', '--force', POD_NAME], { stdio: 'ignore' });
}
