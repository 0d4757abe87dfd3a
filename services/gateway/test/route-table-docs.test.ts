import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROUTE_TABLE } from '@quad/contracts';

const ROOT = path.resolve(__dirname, '../../..');
const ARCHITECTURE = readFileSync(path.join(ROOT, 'docs/ARCHITECTURE.md'), 'utf8');

/** The rows of docs/ARCHITECTURE.md's "Route → handler file" table: path, whether exact, service, file. */
function documentedRoutes() {
  const table = ARCHITECTURE.split('\n| path | service | handler file |\n')[1];
  if (!table) throw new Error('docs/ARCHITECTURE.md has no "| path | service | handler file |" table');
  const rows = table.split('\n\n')[0]!.split('\n').slice(1); // past the |---| line
  return rows.map((row) => {
    const [, pathCell, service, fileCell] = row.split('|').map((cell) => cell.trim());
    return {
      path: /`([^`]+)`/.exec(pathCell!)![1]!,
      exact: pathCell!.includes('(exact)'),
      service: service!,
      file: /`([^`]+)`/.exec(fileCell!)![1]!,
    };
  });
}

describe('docs/ARCHITECTURE.md route → handler table', () => {
  test('when the gateway routes a path, then the table has that row, in ROUTE_TABLE order, with its service', () => {
    const routed = ROUTE_TABLE.flatMap(({ service, exact = [], prefix = [] }) => [
      ...exact.map((p) => ({ path: p, exact: true, service })),
      ...prefix.map((p) => ({ path: p, exact: false, service })),
    ]);
    expect(documentedRoutes().map(({ path: p, exact, service }) => ({ path: p, exact, service }))).toEqual(
      routed,
    );
  });

  test.each(documentedRoutes().map((row) => [row.path, row.service, row.file]))(
    'when %s is documented as handled by %s in %s, then that file exists and names the path',
    (routePath, service, file) => {
      const handler = path.join(ROOT, 'services', service, 'src', file);
      expect(existsSync(handler)).toBe(true);
      expect(readFileSync(handler, 'utf8')).toMatch(new RegExp(`['"\`]${routePath}\\b`));
    },
  );
});
