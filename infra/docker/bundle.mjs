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

/**
 * Packages whose module body builds large tables that an idle service never reads: required on first
 * use of an export instead of at start (their code stays in the bundle). @mongodb-js/saslprep
 * inflates six Unicode tables (~1.9 MB of heap) that the MongoDB driver only reads to prepare a
 * SCRAM-SHA-256 password when it signs in to a server with users.
 */
const LOADED_ON_FIRST_USE = ['@mongodb-js/saslprep'];

/**
 * Packages answered by Node's own implementation of the same standard, for the importers named.
 * mongodb-connection-string-url parses connection strings with whatwg-url's `URL` (WHATWG URL
 * Standard, in JavaScript, with its ~1.4 MB of IDNA tables from tr46 built at start); Node's global
 * `URL` and `URLSearchParams` implement the same standard (ada).
 */
const REPLACED_BY_NODE = { 'whatwg-url': { importers: /\/mongodb-connection-string-url\//, contents: 'module.exports = { URL, URLSearchParams };' } };

const options = {
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
};

/** `/x/node_modules/@s/n/lib/a.js` -> { root: '/x/node_modules/@s/n', name: '@s/n', file: 'lib/a.js' }; null outside node_modules. */
function installedPackageOf(file) {
  const match = /^(.*\/node_modules\/((?:@[^/]+\/)?[^/]+))\/(.*)$/.exec(file);
  return match ? { root: match[1], name: match[2], file: match[3] } : null;
}
const versions = new Map();
function versionOf(root) {
  if (!versions.has(root)) versions.set(root, JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version);
  return versions.get(root);
}
/** What an input file is, independent of where it is installed: `name@version/file`, or its own path. */
function identityOf(file) {
  const pkg = installedPackageOf(path.resolve(root, file));
  return pkg ? `${pkg.name}@${versionOf(pkg.root)}/${pkg.file}` : file;
}

/**
 * The same version of a package installed in several places (npm nests a copy under each dependant
 * when the hoisted version differs: express 5's mime-types and mime-db sit four times under
 * express, accepts, send and type-is) is bundled once: every copy whose files and resolved imports
 * are the same as the first's (by name, version and file) is read from the first. Each copy would
 * otherwise stay in the source string and build its tables at start.
 */
function sameCopies(metafile) {
  const copies = new Map(); // name@version -> Map(root -> [input files])
  for (const [file, input] of Object.entries(metafile.inputs)) {
    const pkg = installedPackageOf(path.resolve(root, file));
    if (!pkg) continue;
    const key = `${pkg.name}@${versionOf(pkg.root)}`;
    if (!copies.has(key)) copies.set(key, new Map());
    const roots = copies.get(key);
    if (!roots.has(pkg.root)) roots.set(pkg.root, []);
    const imports = input.imports.map((entry) => (entry.external ? entry.path : identityOf(entry.path))).sort();
    roots.get(pkg.root).push(`${pkg.file} -> ${imports.join(' ')}`);
  }
  const canonical = new Map(); // root of a copy -> root of the copy used instead
  for (const roots of copies.values()) {
    if (roots.size < 2) continue;
    const [first, ...others] = [...roots.keys()].sort();
    const shape = (r) => roots.get(r).sort().join('\n');
    for (const other of others) if (shape(other) === shape(first)) canonical.set(other, first);
  }
  return canonical;
}

function plugin(canonical) {
  return {
    name: 'quad-memory',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData === 'quad-memory') return undefined;
        const replaced = REPLACED_BY_NODE[args.path];
        if (replaced && replaced.importers.test(args.importer)) return { path: args.path, namespace: 'node-replacement' };
        if (LOADED_ON_FIRST_USE.includes(args.path) && args.namespace !== 'first-use') {
          return { path: args.path, namespace: 'first-use', pluginData: args.resolveDir };
        }
        if (canonical.size === 0) return undefined;
        const resolved = await b.resolve(args.path, { importer: args.importer, resolveDir: args.resolveDir, kind: args.kind, pluginData: 'quad-memory' });
        if (resolved.errors.length > 0 || resolved.external) return undefined;
        const pkg = installedPackageOf(resolved.path);
        const first = pkg && canonical.get(pkg.root);
        return first ? { path: path.join(first, pkg.file) } : undefined;
      });
      b.onLoad({ filter: /.*/, namespace: 'node-replacement' }, (args) => ({ contents: REPLACED_BY_NODE[args.path].contents, loader: 'js' }));
      b.onLoad({ filter: /.*/, namespace: 'first-use' }, (args) => ({
        // Every property read (in practice the call of an export) loads the package once.
        contents: `let loaded; const load = () => (loaded ??= require(${JSON.stringify(args.path)}));
module.exports = new Proxy({}, {
  get: (_, key) => load()[key],
  has: (_, key) => key in load(),
  ownKeys: () => Reflect.ownKeys(load()),
  getOwnPropertyDescriptor: (_, key) => ({ ...Reflect.getOwnPropertyDescriptor(load(), key), configurable: true }),
});`,
        loader: 'js',
        resolveDir: args.pluginData,
      }));
    },
  };
}

// Twice: the first build finds the packages installed more than once, the second reads each from one place.
const first = await build({ ...options, write: false, plugins: [plugin(new Map())] });
const canonical = sameCopies(first.metafile);
const result = await build({ ...options, plugins: [plugin(canonical)] });

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
