import os from 'node:os';
import path from 'node:path';

/** `<repo>`: this file lives in `<repo>/infra/local/src`. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

/** The git-ignored per-clone folder: binaries, and (for `npm run infra:*`) data, logs, pids. */
export const REPO_INFRA_DIR = path.join(REPO_ROOT, '.infra');

/**
 * Binaries are linked here whatever `rootDir` an `up()` uses (test runs use throw-away rootDirs but
 * the same binaries).
 */
export const BIN_DIR = path.join(REPO_INFRA_DIR, 'bin');

/**
 * Machine-wide build cache shared by every clone: a fresh clone links binaries in seconds instead of
 * rebuilding MinIO for minutes. `QUAD_CACHE_DIR` overrides it (e.g. a CI cache mount).
 */
export function cacheDir(): string {
  return process.env.QUAD_CACHE_DIR ?? path.join(os.homedir(), '.cache', 'quad');
}
