import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { applyPatch, buildId } from '../src/binaries';
import { FERRETDB, NATS_SERVER } from '../src/versions';

describe('source patches of Go-built binaries', () => {
  const patch = FERRETDB.recipe.kind === 'ferretdb-source' ? FERRETDB.recipe.patches[0]! : undefined;

  test('when FerretDB is built, then its _id lookups are patched to match the _id index, and the cache folder says so', () => {
    expect(patch).toMatchObject({ file: 'internal/backends/sqlite/metadata/metadata.go', to: `IDColumn = DefaultColumn + "->'_id'"` });
    // A machine holding an unpatched build builds again rather than reusing it.
    expect(buildId(FERRETDB)).toBe(`${FERRETDB.version}+${patch!.id}`);
    expect(buildId(NATS_SERVER)).toBe(NATS_SERVER.version);
  });

  test('when the text to replace is in the source, then it is replaced; when it is not, then the build stops', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quad-patch-'));
    try {
      const file = path.join(dir, patch!.file);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, `package metadata\n\nconst (\n\t${patch!.from}\n)\n`);
      applyPatch(dir, patch!);
      expect(fs.readFileSync(file, 'utf8')).toContain(patch!.to);
      expect(fs.readFileSync(file, 'utf8')).not.toContain(patch!.from);
      // Applied again (or to a release where the line changed): refused, never built unpatched.
      expect(() => applyPatch(dir, patch!)).toThrow(/not found/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
