// Compiles one Quad service into the JavaScript its image runs (infra/docker/Dockerfile, `bundles` stage):
//   node infra/docker/bundle.mjs <service> <out dir>
// esbuild bundles the service's TypeScript, the workspace packages and every pure-JS dependency into
// <out>/dist/index.js (no tsx transform and no module resolution at start). What cannot be bundled
// stays a package: native addons (sharp, argon2) and packages that read their own files at run time
// (swagger-ui-dist's assets). Those, and what they depend on, are copied into <out>/node_modules from
// the full install, so the image carries only the packages the service really loads.
import { build } from 'esbuild';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Loaded from node_modules at run time rather than bundled. */
const KEPT_AS_PACKAGES = ['sharp', 'argon2', 'swagger-ui-dist'];

/**
 * Optional peers that dependencies `require` inside try/catch and that Quad does not install
 * (MongoDB's compression and cloud auth, ws's native speed-ups): left as requires that fail softly.
 */
const OPTIONAL_PEERS = [
  'kerberos',
  'snappy',
  'socks',
  'aws4',
  'gcp-metadata',
  'mongodb-client-encryption',
  '@mongodb-js/zstd',
  '@aws-sdk/credential-providers',
  'bufferutil',
  'utf-8-validate',
];

const [service, outDir] = process.argv.slice(2);
if (!service || !outDir) {
  console.error('usage: node infra/docker/bundle.mjs <service> <out dir>');
  process.exit(2);
}
const root = process.cwd();
const entry = path.join(root, 'services', service, 'src', 'index.ts');
if (!existsSync(entry)) {
  console.error(`no such service: ${service} (${entry} is missing)`);
  process.exit(2);
}

const result = await build({
  entryPoints: [entry],
  outfile: path.join(outDir, 'dist', 'index.js'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  // Minified (the source a process keeps in memory shrinks by a third), but functions and classes keep
  // their names for stack traces and logs.
  minify: true,
  keepNames: true,
  legalComments: 'none',
  external: [...KEPT_AS_PACKAGES, ...OPTIONAL_PEERS],
  metafile: true,
  logLevel: 'warning',
});

/** The package a bare import names: `@scope/name/x` -> `@scope/name`, `name/x` -> `name`. */
function packageOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

const imported = new Set();
for (const input of Object.values(result.metafile.inputs)) {
  for (const { path: specifier, external } of input.imports) {
    if (external && !specifier.startsWith('node:') && KEPT_AS_PACKAGES.includes(packageOf(specifier))) {
      imported.add(packageOf(specifier));
    }
  }
}

/** Copies a package and, recursively, the dependencies it has installed (optional ones when present). */
const copied = new Set();
function copyPackage(name, fromDir) {
  let dir = fromDir;
  let found;
  for (;;) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) {
      found = candidate;
      break;
    }
    const parent = path.dirname(dir);
    if (parent === dir) return false;
    dir = parent;
  }
  const relative = path.relative(root, found);
  if (copied.has(relative)) return true;
  copied.add(relative);
  // Hoisted (node_modules/x) keeps its place; a workspace's own (services/forum/node_modules/x) moves to the top.
  const target = relative.startsWith('node_modules/') ? relative : relative.slice(relative.indexOf('node_modules/'));
  cpSync(found, path.join(outDir, target), { recursive: true, dereference: true });
  const manifest = JSON.parse(readFileSync(path.join(found, 'package.json'), 'utf8'));
  for (const dependency of Object.keys(manifest.dependencies ?? {})) {
    if (!copyPackage(dependency, found)) throw new Error(`${name} needs ${dependency}, which is not installed`);
  }
  for (const dependency of Object.keys(manifest.optionalDependencies ?? {})) copyPackage(dependency, found);
  return true;
}

mkdirSync(path.join(outDir, 'node_modules'), { recursive: true });
for (const name of imported) {
  if (!copyPackage(name, path.join(root, 'services', service))) throw new Error(`${name} is not installed`);
}
writeFileSync(path.join(outDir, 'packages.json'), JSON.stringify([...copied].sort(), null, 2) + '\n');
const size = result.metafile.outputs[Object.keys(result.metafile.outputs)[0]].bytes;
console.log(`${service}: dist/index.js ${(size / 1e6).toFixed(1)} MB; packages kept: ${[...imported].join(', ') || 'none'} (${copied.size} with their dependencies)`);
