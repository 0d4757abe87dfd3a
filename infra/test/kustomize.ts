/**
 * Builds a kustomization as `kubectl kustomize` does, for the features Quad's manifests use:
 * `resources` (files and directories), `namespace`, `images`, `configMapGenerator` and
 * `secretGenerator` (literals, env files and files; `behavior` create or merge; kustomize's content
 * hash as name suffix, and every reference to a generated name in a pod template rewritten to the
 * hashed one) and `patches` (JSON 6902 operations with a kind/name target). Any other field or
 * option fails the build, so no manifest can rely on a feature these tests would silently skip.
 * Where kubectl exists, a test compares this build with kubectl's own.
 */
import { createHash } from 'node:crypto';
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

interface GeneratorArgs {
  name: string;
  behavior?: 'create' | 'merge' | 'replace';
  literals?: string[];
  envs?: string[];
  files?: string[];
  type?: string;
  /** Only `disableNameSuffixHash`: for a Secret referenced where kustomize cannot rewrite the name. */
  options?: { disableNameSuffixHash?: boolean };
}

interface Patch {
  target: { kind?: string; name?: string };
  patch?: string;
  path?: string;
}

interface Kustomization {
  apiVersion?: string;
  kind?: string;
  resources?: string[];
  namespace?: string;
  images?: ImageOverride[];
  configMapGenerator?: GeneratorArgs[];
  secretGenerator?: GeneratorArgs[];
  patches?: Patch[];
}

const SUPPORTED_FIELDS = new Set([
  'apiVersion',
  'kind',
  'resources',
  'namespace',
  'images',
  'configMapGenerator',
  'secretGenerator',
  'patches',
]);
const SUPPORTED_GENERATOR_FIELDS = new Set([
  'name',
  'behavior',
  'literals',
  'envs',
  'files',
  'type',
  'options',
]);
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

/** A built kustomization before its generated objects are named by their content. */
interface Accumulated {
  objects: KubeObject[];
  /** `kind/name` of every generated ConfigMap and Secret, named by hash at the very end. */
  generated: Set<string>;
}

const generatedKey = (object: KubeObject) => `${object.kind}/${object.metadata.name}`;

export function buildKustomization(dir: string): KubeObject[] {
  const { objects, generated } = accumulate(dir);
  // As kustomize: the hash suffixes are added last, over the final content, then references follow.
  const renames = new Map<string, string>();
  const named = objects.map((object) => {
    if (!generated.has(generatedKey(object))) return object;
    const name = `${object.metadata.name}-${contentHash(object)}`;
    renames.set(generatedKey(object), name);
    return { ...object, metadata: { ...object.metadata, name } };
  });
  return named.map((object) => withRenamedReferences(object, renames));
}

function accumulate(dir: string): Accumulated {
  const file = path.join(dir, 'kustomization.yaml');
  const kustomization = YAML.parse(readFileSync(file, 'utf8')) as Kustomization;
  const unsupported = Object.keys(kustomization).filter((field) => !SUPPORTED_FIELDS.has(field));
  if (unsupported.length > 0)
    throw new Error(`${file}: fields the test build does not implement: ${unsupported.join(', ')}`);

  const generated = new Set<string>();
  let objects = (kustomization.resources ?? []).flatMap((resource) => {
    const target = path.resolve(dir, resource);
    if (!statSync(target).isDirectory()) return readYamlObjects(target);
    const base = accumulate(target);
    for (const key of base.generated) generated.add(key);
    return base.objects;
  });

  for (const [kind, list] of [
    ['ConfigMap', kustomization.configMapGenerator],
    ['Secret', kustomization.secretGenerator],
  ] as const) {
    for (const args of list ?? []) objects = generate(file, dir, kind, args, objects, generated);
  }

  for (const patch of kustomization.patches ?? []) objects = applyPatch(file, dir, patch, objects);
  const { namespace, images } = kustomization;
  if (namespace) objects = objects.map((object) => inNamespace(object, namespace));
  if (images) objects = objects.map((object) => withImages(object, images));

  const ids = objects.map(objectId);
  const duplicate = ids.find((id, index) => ids.indexOf(id) !== index);
  if (duplicate) throw new Error(`${file}: ${duplicate} is defined twice`);
  return { objects, generated };
}

/** A ConfigMap's or Secret's data from a generator's literals, env files and files, in that order. */
function generatorData(file: string, dir: string, args: GeneratorArgs): Record<string, string> {
  const unsupported = Object.keys(args).filter((field) => !SUPPORTED_GENERATOR_FIELDS.has(field));
  if (unsupported.length > 0)
    throw new Error(`${file}: generator fields the test build does not implement: ${unsupported.join(', ')}`);
  const data: Record<string, string> = {};
  const put = (key: string, value: string) => {
    if (key in data) throw new Error(`${file}: ${args.name}: ${key} is given twice`);
    data[key] = value;
  };
  const keyValue = (source: string, where: string) => {
    const equals = source.indexOf('=');
    if (equals <= 0) throw new Error(`${where}: '${source}' is not KEY=VALUE`);
    return [source.slice(0, equals), source.slice(equals + 1)] as const;
  };
  for (const literal of args.literals ?? []) put(...keyValue(literal, file));
  for (const envFile of args.envs ?? []) {
    const where = path.resolve(dir, envFile);
    for (const raw of readFileSync(where, 'utf8').split('\n')) {
      const line = raw.replace(/^\s+/, '').replace(/\r$/, '');
      if (line === '' || line.startsWith('#')) continue;
      put(...keyValue(line, where));
    }
  }
  for (const source of args.files ?? []) {
    const equals = source.indexOf('=');
    const [key, filePath] =
      equals === -1 ? [path.basename(source), source] : [source.slice(0, equals), source.slice(equals + 1)];
    put(key, readFileSync(path.resolve(dir, filePath), 'utf8'));
  }
  return data;
}

function generate(
  file: string,
  dir: string,
  kind: 'ConfigMap' | 'Secret',
  args: GeneratorArgs,
  objects: KubeObject[],
  generated: Set<string>,
): KubeObject[] {
  const data = generatorData(file, dir, args);
  const key = `${kind}/${args.name}`;
  const options = Object.keys(args.options ?? {}).filter((option) => option !== 'disableNameSuffixHash');
  if (options.length > 0)
    throw new Error(`${file}: generator options the test build does not implement: ${options.join(', ')}`);
  const hashed = !args.options?.disableNameSuffixHash;
  const behavior = args.behavior ?? 'create';
  const existing = objects.find((object) => generatedKey(object) === key && generated.has(key));
  if (behavior === 'create') {
    if (objects.some((object) => generatedKey(object) === key))
      throw new Error(`${file}: ${key} exists already; use behavior: merge or replace`);
    if (hashed) generated.add(key);
    return [...objects, generatedObject(kind, args, data)];
  }
  if (!existing) throw new Error(`${file}: ${key} to ${behavior} was not generated by a base`);
  const previous =
    kind === 'Secret'
      ? Object.fromEntries(
          Object.entries((existing.data as Record<string, string>) ?? {}).map(([name, value]) => [
            name,
            Buffer.from(value, 'base64').toString('utf8'),
          ]),
        )
      : ((existing.data as Record<string, string>) ?? {});
  const merged = behavior === 'merge' ? { ...previous, ...data } : data;
  return objects.map((object) =>
    object === existing ? generatedObject(kind, args, merged, existing) : object,
  );
}

function generatedObject(
  kind: 'ConfigMap' | 'Secret',
  args: GeneratorArgs,
  data: Record<string, string>,
  existing?: KubeObject,
): KubeObject {
  const metadata = existing?.metadata ?? { name: args.name };
  if (kind === 'ConfigMap') return { apiVersion: 'v1', kind, metadata, data };
  const encoded = Object.fromEntries(Object.entries(data).map(([key, value]) => [key, base64Lines(value)]));
  return {
    apiVersion: 'v1',
    kind,
    metadata,
    type: args.type ?? (existing?.type as string) ?? 'Opaque',
    data: encoded,
  };
}

/** kustomize's base64 of a Secret value: longer than 70 characters, it is cut into lines of 70, each ending in a newline. */
function base64Lines(value: string): string {
  const encoded = Buffer.from(value, 'utf8').toString('base64');
  if (encoded.length <= 70) return encoded;
  return encoded.replace(/.{1,70}/g, (line) => `${line}\n`);
}

/**
 * kustomize's name suffix: the SHA-256 of the object's kind, name, type and data as Go encodes
 * them in JSON (keys sorted, <, > and & escaped), its first ten hex digits with 0, 1, 3, a and e
 * replaced so that no word is spelled (api/hasher). The name it encodes is always empty: kustomize
 * looks it up as one field called `metadata/name`, which no object has (compared with kubectl's
 * kustomize 5.5 by a test).
 */
export function contentHash(object: KubeObject): string {
  const encoded: Record<string, unknown> =
    object.kind === 'Secret'
      ? { data: sorted(object.data), kind: 'Secret', name: '', type: object.type ?? '' }
      : { data: sorted(object.data), kind: 'ConfigMap', name: '' };
  const json = JSON.stringify(encoded)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  const hex = createHash('sha256').update(json).digest('hex');
  const swaps: Record<string, string> = { '0': 'g', '1': 'h', '3': 'k', a: 'm', e: 't' };
  return [...hex.slice(0, 10)].map((character) => swaps[character] ?? character).join('');
}

const sorted = (data: unknown) =>
  Object.fromEntries(
    Object.entries((data as Record<string, string>) ?? {}).sort(([a], [b]) => (a < b ? -1 : 1)),
  );

type PodSpecLike = {
  containers?: ContainerLike[];
  initContainers?: ContainerLike[];
  volumes?: {
    configMap?: { name: string };
    secret?: { secretName: string };
    projected?: { sources: { configMap?: { name: string }; secret?: { name: string } }[] };
  }[];
  imagePullSecrets?: { name: string }[];
};
type ContainerLike = {
  image?: string;
  env?: { valueFrom?: { configMapKeyRef?: { name: string }; secretKeyRef?: { name: string } } }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
};

/** A pod template's references to renamed ConfigMaps and Secrets, as kustomize's name references fix them. */
function withRenamedReferences(object: KubeObject, renames: Map<string, string>): KubeObject {
  const podSpec = (object as { spec?: { template?: { spec?: PodSpecLike } } }).spec?.template?.spec;
  if (!podSpec || renames.size === 0) return object;
  const copy = structuredClone(object);
  const spec = (copy as unknown as { spec: { template: { spec: PodSpecLike } } }).spec.template.spec;
  const rename = (kind: string, holder: Record<string, unknown> | undefined, field: string) => {
    if (!holder) return;
    const renamed = renames.get(`${kind}/${String(holder[field])}`);
    if (renamed) holder[field] = renamed;
  };
  for (const container of [...(spec.containers ?? []), ...(spec.initContainers ?? [])]) {
    for (const variable of container.env ?? []) {
      rename('ConfigMap', variable.valueFrom?.configMapKeyRef, 'name');
      rename('Secret', variable.valueFrom?.secretKeyRef, 'name');
    }
    for (const source of container.envFrom ?? []) {
      rename('ConfigMap', source.configMapRef, 'name');
      rename('Secret', source.secretRef, 'name');
    }
  }
  for (const volume of spec.volumes ?? []) {
    rename('ConfigMap', volume.configMap, 'name');
    rename('Secret', volume.secret, 'secretName');
    for (const source of volume.projected?.sources ?? []) {
      rename('ConfigMap', source.configMap, 'name');
      rename('Secret', source.secret, 'name');
    }
  }
  for (const pullSecret of spec.imagePullSecrets ?? []) rename('Secret', pullSecret, 'name');
  return copy;
}

/** A JSON 6902 patch (add, replace, remove) applied to every object its target names. */
function applyPatch(file: string, dir: string, patch: Patch, objects: KubeObject[]): KubeObject[] {
  const text = patch.patch ?? (patch.path ? readFileSync(path.resolve(dir, patch.path), 'utf8') : '');
  const operations = YAML.parse(text) as { op: string; path: string; value?: unknown }[];
  if (!Array.isArray(operations))
    throw new Error(
      `${file}: only JSON 6902 patches (a list of operations) are implemented by the test build`,
    );
  const targets = objects.filter(
    (object) =>
      (!patch.target.kind || object.kind === patch.target.kind) &&
      (!patch.target.name || object.metadata.name === patch.target.name),
  );
  if (targets.length === 0)
    throw new Error(`${file}: no object matches the patch target ${JSON.stringify(patch.target)}`);
  return objects.map((object) => {
    if (!targets.includes(object)) return object;
    const copy = structuredClone(object) as unknown as Record<string, unknown>;
    for (const operation of operations) applyOperation(file, copy, operation);
    return copy as unknown as KubeObject;
  });
}

function applyOperation(
  file: string,
  target: Record<string, unknown>,
  operation: { op: string; path: string; value?: unknown },
) {
  const tokens = operation.path
    .split('/')
    .slice(1)
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
  const last = tokens.pop()!;
  let holder: unknown = target;
  for (const token of tokens) {
    holder = (holder as Record<string, unknown>)?.[Array.isArray(holder) ? Number(token) : token];
    if (holder === undefined || holder === null)
      throw new Error(`${file}: patch path ${operation.path} does not exist`);
  }
  if (Array.isArray(holder)) {
    const list = holder as unknown[];
    const index = last === '-' ? list.length : Number(last);
    if (operation.op === 'add') list.splice(index, 0, operation.value);
    else if (operation.op === 'replace' && index < list.length) list[index] = operation.value;
    else if (operation.op === 'remove' && index < list.length) list.splice(index, 1);
    else throw new Error(`${file}: patch ${operation.op} ${operation.path} does not apply`);
    return;
  }
  const container = holder as Record<string, unknown>;
  if (operation.op === 'add') container[last] = operation.value;
  else if (operation.op === 'replace' && last in container) container[last] = operation.value;
  else if (operation.op === 'remove' && last in container) delete container[last];
  else throw new Error(`${file}: patch ${operation.op} ${operation.path} does not apply`);
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
