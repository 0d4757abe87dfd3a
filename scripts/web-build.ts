import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const REPO_ROOT = path.resolve(__dirname, '..');

function newestMtime(dir: string): number {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * Builds the web app when its sources (or the shared contracts) are newer than the build.
 * Returns false when the build failed, true otherwise.
 */
export function buildWebIfStale(log: (line: string) => void = console.log): boolean {
  const webDir = path.join(REPO_ROOT, 'web');
  if (!existsSync(path.join(webDir, 'index.html'))) return true;
  const built = path.join(webDir, 'dist', 'index.html');
  const sources = Math.max(
    newestMtime(path.join(webDir, 'src')),
    statSync(path.join(webDir, 'index.html')).mtimeMs,
    newestMtime(path.join(REPO_ROOT, 'packages/contracts/src')),
  );
  if (existsSync(built) && statSync(built).mtimeMs > sources) return true;
  log('building the web app…');
  // A production build whoever asks: under jest NODE_ENV is `test`, which Vite would keep, and
  // React's development build (218 kB gzipped instead of ~150) would ship.
  const env = { ...process.env, NODE_ENV: 'production' };
  const result = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: REPO_ROOT, stdio: 'inherit', env });
  return result.status === 0;
}
