// Lint: a feature folder (web/src/features/<name>) uses another feature only through that
// feature's public face, its index.ts, never by reaching into its files (components, hooks, api…).
// Run by `npm run lint`; plain Node, nothing to install.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const features = join(web, 'src', 'features');
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(name)) yield path;
  }
}

/** The feature a path lies in, and the path inside it ('' for the feature folder itself). */
function featureOf(path) {
  const inside = relative(features, path);
  if (inside.startsWith('..')) return null;
  const [name, ...rest] = inside.split(sep);
  return { name, rest: rest.join('/') };
}

const problems = [];
for (const file of sourceFiles(features)) {
  const own = featureOf(file);
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2];
    if (!specifier.startsWith('.')) continue;
    const target = featureOf(resolve(dirname(file), specifier));
    if (!target || target.name === own.name) continue;
    if (target.rest === '' || target.rest === 'index' || target.rest === 'index.ts') continue;
    const line = text.slice(0, match.index).split('\n').length + (match[0].startsWith('\n') ? 1 : 0);
    problems.push(`${relative(web, file)}:${line}: '${specifier}' reaches into the ${target.name} feature; import it from '${target.name}' (its index.ts) instead`);
  }
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(`\n${problems.length} import(s) into another feature's internals (web/scripts/lint-feature-boundaries.mjs).`);
  process.exit(1);
}
console.log('feature boundaries: every cross-feature import goes through the feature index');
