import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');
const budget = JSON.parse(readFileSync(path.join(ROOT, 'scripts/duplication-budget.json'), 'utf8')) as {
  services: number;
  web: number;
};
const serviceSources = readdirSync(path.join(ROOT, 'services')).map((name) =>
  path.join(ROOT, 'services', name, 'src'),
);

type Clone = {
  firstFile: { name: string; start: number; end: number };
  secondFile: { name: string; start: number; end: number };
};

/** jscpd (the repository's .jscpd.json) over the given folders: the copied blocks it finds. */
async function clonesIn(folders: string[]): Promise<Clone[]> {
  const output = mkdtempSync(path.join(tmpdir(), 'jscpd-'));
  try {
    const jscpd = path.join(ROOT, 'node_modules/.bin/jscpd');
    await run(
      jscpd,
      [
        '--config',
        path.join(ROOT, '.jscpd.json'),
        '--reporters',
        'json',
        '--absolute',
        '--output',
        output,
        ...folders,
      ],
      { cwd: ROOT },
    );
    const report = JSON.parse(readFileSync(path.join(output, 'jscpd-report.json'), 'utf8')) as {
      duplicates: Clone[];
    };
    return report.duplicates;
  } finally {
    rmSync(output, { recursive: true, force: true });
  }
}

const listed = (clones: Clone[]) =>
  clones
    .map(
      ({ firstFile: a, secondFile: b }) =>
        `${path.relative(ROOT, a.name)}:${a.start}-${a.end} ~ ${path.relative(ROOT, b.name)}:${b.start}-${b.end}`,
    )
    .join('\n');

describe('code shape (what CI holds the code to)', () => {
  test('when a block is copied into a service, then the duplicate finder reports it', async () => {
    const tree = mkdtempSync(path.join(tmpdir(), 'copied-'));
    try {
      const source = path.join(ROOT, 'services/chat/src/domain/messages.ts');
      cpSync(source, path.join(tree, 'messages.ts'));
      cpSync(source, path.join(tree, 'messages-copy.ts'));
      expect((await clonesIn([tree])).length).toBeGreaterThan(0);
    } finally {
      rmSync(tree, { recursive: true, force: true });
    }
  });

  test('services/*/src holds no more copied blocks than the budget in scripts/duplication-budget.json', async () => {
    const clones = await clonesIn(serviceSources);
    // Over the budget, the failure lists every copied block found.
    expect(clones.length > budget.services ? listed(clones) : '').toBe('');
  });

  test('web/src holds no more copied blocks than the budget in scripts/duplication-budget.json', async () => {
    const clones = await clonesIn([path.join(ROOT, 'web/src')]);
    // Over the budget, the failure lists every copied block found.
    expect(clones.length > budget.web ? listed(clones) : '').toBe('');
  });

  test.each([
    ['web styles take their lengths from the theme (no raw rem/px)', 'web/scripts/lint-raw-units.mjs'],
    ['no web feature imports another feature past its index', 'web/scripts/lint-feature-boundaries.mjs'],
  ])('%s', async (_rule, script) => {
    await expect(run(process.execPath, [path.join(ROOT, script)], { cwd: ROOT })).resolves.toBeDefined();
  });
});
