/**
 * infra/k8s/jwt-keys.sh, the operators' key rotation, run for real (openssl, the shell script)
 * against a stand-in kubectl that keeps the Secret in a file and records what each restarted
 * Deployment would read. Tokens are signed and verified with Quad's own jwt code.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { signAccessToken, verifyAccessToken } from '@quad/common';
import { DEPLOYABLES, INFRA_DIR } from './service-settings';

interface SecretState {
  data: Record<string, string>;
  restarts: { deployment: string; data: Record<string, string> }[];
}

const SCRIPT = path.join(INFRA_DIR, 'k8s', 'jwt-keys.sh');
/** The script calls kubectl some fifty times, each a node process here; slow on a busy machine. */
const SCRIPT_TIMEOUT_MS = 120_000;
const encode = (text: string) => Buffer.from(text).toString('base64');
const decode = (encoded: string) => Buffer.from(encoded, 'base64').toString('utf8');
const pemBlocks = (text: string) => text.match(/-----BEGIN PUBLIC KEY-----/g)?.length ?? 0;
const signWith = (data: Record<string, string>) =>
  signAccessToken(decode(data.JWT_PRIVATE_KEY!), { sub: 'student-1', college: null, adm: false }, 3600).token;
const verifiesWith = (data: Record<string, string>, token: string) =>
  verifyAccessToken(decode(data.JWT_PUBLIC_KEY!), token) !== null;

describe('jwt-keys.sh', () => {
  let dir: string;
  let stateFile: string;

  const state = () => JSON.parse(readFileSync(stateFile, 'utf8')) as SecretState;
  const run = (command: string) =>
    execFileSync('sh', [SCRIPT, command], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PATH: `${dir}:${process.env.PATH}`, FAKE_KUBECTL_STATE: stateFile },
    });

  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'quad-jwt-keys-'));
    stateFile = path.join(dir, 'secret.json');
    const kubectl = path.join(dir, 'kubectl');
    writeFileSync(
      kubectl,
      `#!/bin/sh\nexec node ${JSON.stringify(path.join(__dirname, 'fixtures', 'fake-kubectl.mjs'))} "$@"\n`,
    );
    chmodSync(kubectl, 0o755);
    // As committed (infra/k8s/base/secrets.yaml): placeholders.
    const placeholder = encode('local-placeholder: run infra/k8s/jwt-keys.sh init');
    writeFileSync(
      stateFile,
      JSON.stringify({ data: { JWT_PUBLIC_KEY: placeholder, JWT_PRIVATE_KEY: placeholder }, restarts: [] }),
    );
  });

  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test('when keys are rotated before init, then it stops and says to run init', () => {
    expect(() => run('rotate')).toThrow(/run '.*jwt-keys.sh init' first/);
  });

  test(
    'when init runs, then the Secret holds a key pair that signs and verifies, and every service restarts',
    () => {
      run('init');

      const { data, restarts } = state();
      expect(verifiesWith(data, signWith(data))).toBe(true);
      expect(restarts.map((restart) => restart.deployment).sort()).toEqual([...DEPLOYABLES].sort());
    },
    SCRIPT_TIMEOUT_MS,
  );

  test(
    'when the key is rotated and later retired, then nobody is logged out until their token expires',
    () => {
      run('init');
      const before = state().data;
      const issuedBeforeRotation = signWith(before);

      run('rotate');

      const during = state();
      const issuedAfterRotation = signWith(during.data);
      expect(during.data.JWT_PRIVATE_KEY).not.toBe(before.JWT_PRIVATE_KEY);
      expect(pemBlocks(decode(during.data.JWT_PUBLIC_KEY!))).toBe(2);
      expect(verifiesWith(during.data, issuedBeforeRotation)).toBe(true);
      expect(verifiesWith(during.data, issuedAfterRotation)).toBe(true);

      // Order: every service trusted the new key (step 1) before auth restarted to sign with it (step 2).
      const rotation = during.restarts.slice(DEPLOYABLES.length);
      const step1 = rotation.slice(0, DEPLOYABLES.length);
      expect(step1.map((restart) => restart.deployment).sort()).toEqual([...DEPLOYABLES].sort());
      for (const restart of step1) {
        expect(restart.data.JWT_PRIVATE_KEY).toBe(before.JWT_PRIVATE_KEY);
        expect(verifiesWith(restart.data, issuedAfterRotation)).toBe(true);
      }
      expect(rotation.slice(DEPLOYABLES.length)).toEqual([{ deployment: 'auth', data: during.data }]);

      run('retire');

      const after = state().data;
      expect(pemBlocks(decode(after.JWT_PUBLIC_KEY!))).toBe(1);
      expect(verifiesWith(after, issuedAfterRotation)).toBe(true);
      expect(verifiesWith(after, issuedBeforeRotation)).toBe(false);
    },
    SCRIPT_TIMEOUT_MS,
  );
});
