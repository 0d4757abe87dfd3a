import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { REPO_ROOT } from '../scripts/dev-env';

/*
 * What a phone downloads before the first screen: the scripts index.html loads (its entry and
 * modulepreloads), built by the global setup. Issue 13's budget is under 170 kB gzipped; the entry
 * once grew by 24 kB when a helper the web imports sat in a contracts module beside zod schemas.
 */
const DIST = path.join(REPO_ROOT, 'web', 'dist');
const INITIAL_JS_BUDGET_KB = 170;

function initialScripts(): string[] {
  const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const sources = [...html.matchAll(/<script[^>]+src="([^"]+)"|<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)];
  return sources.map((match) => (match[1] ?? match[2])!).filter((src) => src.endsWith('.js'));
}

describe('the production web build', () => {
  test('when index.html loads, then its scripts are under the gzipped budget and carry no zod or socket.io', () => {
    const scripts = initialScripts();
    expect(scripts.length).toBeGreaterThan(0);
    let gzipped = 0;
    const sources: string[] = [];
    for (const src of scripts) {
      const file = path.join(DIST, src.replace(/^\//, ''));
      gzipped += gzipSync(readFileSync(file), { level: 9 }).length;
      sources.push(...(JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[] }).sources);
    }
    expect(gzipped / 1000).toBeLessThan(INITIAL_JS_BUDGET_KB);
    // Validation lives on the server; the real-time client loads with the screens that chat.
    expect(sources.filter((source) => /node_modules\/(zod|socket\.io-client|engine\.io-client)\//.test(source))).toEqual([]);
  });
});
