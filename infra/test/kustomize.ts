/**
 * Builds a kustomization as `kubectl kustomize` does, for the features Quad's manifests use:
 * `resources` (files and directories), `namespace` and `images`. Any other field fails the build,
 * so no manifest can rely on a feature these tests would silently skip. Where kubectl exists, a
 * test compares this build with kubectl's own.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';

export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
  [field: string]: unknown;
}

interface ImageOverride {
  name: string;
  newName?: string;
  newTag?: string;
}

interface Kustomization {
  apiVersion?: string;
  kind?: string;
  resources?: string[];
  namespace?: string;
  images?: ImageOverride[];
}

const SUPPORTED_FIELDS = new Set(['apiVersion', 'kind', 'resources', 'namespace', 'images']);
/** The cluster-scoped kinds Quad's manifests use: a namespace does not apply to them. */
const CLUSTER_SCOPED_KINDS = new Set(['Namespace']);

/** Every object of a multi-document YAML file; a syntax error anywhere fails. */
export function readYamlObjects(file: string): KubeObject[] {
  const documents = YAML.parseAllDocuments(readFileSync(file, 'utf8'));
  return documents.flatMap((document) => {
    if (document.errors.length > 0) throw new Error(`${file}: ${document.errors[0]!.message}`);
    const object = document.toJS() as KubeObject | null;
    return object ? [object] : [];
  });
}

export const objectId = (object: KubeObject) =>
  `${object.kind}/${object.metadata.namespace ?? ''}/${object.metadata.name}`;

export function buildKustomization(dir: string): KubeObject[] {
  const file = path.join(dir, 'kustomization.yaml');
  const kustomization = YAML.parse(readFileSync(file, 'utf8')) as Kustomization;
  const unsupported = Object.keys(kustomization).filter((field) => !SUPPORTED_FIELDS.has(field));
  if (unsupported.length > 0)
    throw new Error(`${file}: fields the test build does not implement: ${unsupported.join(', ')}`);

  let objects = (kustomization.resources ?? []).flatMap((resource) => {
    const target = path.resolve(dir, resource);
    return statSync(target).isDirectory() ? buildKustomization(target) : readYamlObjects(target);
  });
  const { namespace, images } = kustomization;
  if (namespace) objects = objects.map((object) => inNamespace(object, namespace));
  if (images) objects = objects.map((object) => withImages(object, images));

  const ids = objects.map(objectId);
  const duplicate = ids.find((id, index) => ids.indexOf(id) !== index);
  if (duplicate) throw new Error(`${file}: ${duplicate} is defined twice`);
  return objects;
}

/** kustomize sets the namespace of every namespaced object, and renames a Namespace object to it. */
function inNamespace(object: KubeObject, namespace: string): KubeObject {
  const metadata = CLUSTER_SCOPED_KINDS.has(object.kind)
    ? { ...object.metadata, ...(object.kind === 'Namespace' ? { name: namespace } : {}) }
    : { ...object.metadata, namespace };
  return { ...object, metadata };
}

type Container = { image?: string };
type PodTemplateHolder = {
  spec?: { template?: { spec?: { containers?: Container[]; initContainers?: Container[] } } };
};

function withImages(object: KubeObject, overrides: ImageOverride[]): KubeObject {
  const podSpec = (object as PodTemplateHolder).spec?.template?.spec;
  if (!podSpec) return object;
  const retag = (container: Container): Container => {
    if (!container.image) return container;
    const { name, tag } = splitImage(container.image);
    const override = overrides.find((candidate) => candidate.name === name);
    if (!override) return container;
    const newTag = override.newTag ?? tag;
    return { ...container, image: `${override.newName ?? name}${newTag ? `:${newTag}` : ''}` };
  };
  const spec = object.spec as { template: { spec: Record<string, unknown> } };
  return {
    ...object,
    spec: {
      ...spec,
      template: {
        ...spec.template,
        spec: {
          ...podSpec,
          ...(podSpec.containers ? { containers: podSpec.containers.map(retag) } : {}),
          ...(podSpec.initContainers ? { initContainers: podSpec.initContainers.map(retag) } : {}),
        },
      },
    },
  };
}

/** `registry:5000/quad/chat:1.2` is name `registry:5000/quad/chat`, tag `1.2`. */
export function splitImage(image: string): { name: string; tag?: string } {
  const lastSlash = image.lastIndexOf('/');
  const colon = image.indexOf(':', lastSlash + 1);
  return colon === -1 ? { name: image } : { name: image.slice(0, colon), tag: image.slice(colon + 1) };
}
