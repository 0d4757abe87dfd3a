/**
 * infra/k8s/jwt-keys.sh, the operators' key rotation, run for real (openssl, the shell script) on
 * secret files made by infra/k8s/secrets.sh init, against a stand-in kubectl that records each
 * command and the key files every `apply -k` would make the Secret from. (That a changed file
 * renames the Secret and so rolls every Deployment reading it is k8s.test.ts's to show.) Tokens
 * are signed and verified with Quad's own jwt code.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { signAccessToken, verifyAccessToken } from '@quad/common';
import { DEPLOYABLES, INFRA_DIR } from './service-settings';

interface Keys {
  JWT_PUBLIC_KEY: string;
  JWT_PRIVATE_KEY: string;
}

const SCRIPT = path.join(INFRA_DIR, 'k8s', 'jwt-keys.sh');
const INIT = path.join(INFRA_DIR, 'k8s', 'secrets.sh');
const SCRIPT_TIMEOUT_MS = 60_000;
const pemBlocks = (text: string) => text.match(/-----BEGIN PUBLIC KEY-----/g)?.length ?? 0;
const signWith = (keys: Keys) =>
  signAccessToken(keys.JWT_PRIVATE_KEY, { sub: 'student-1', college: null, adm: false }, 3600).token;
const verifiesWith = (keys: Keys, token: string) => verifyAccessToken(keys.JWT_PUBLIC_KEY, token) !== null;
const rollouts = DEPLOYABLES.map((name) => `-n quad rollout status deployment/${name} --timeout=10m`);

describe('jwt-keys.sh', () => {
  let dir: string;
  let overlay: string;

  const run = (command: string) =>
    execFileSync('sh', [SCRIPT, command], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PATH: `${path.join(dir, 'bin')}:${process.env.PATH}`,
        OVERLAY: overlay,
        FAKE_KUBECTL_LOG: path.join(dir, 'kubectl.log'),
        FAKE_KUBECTL_APPLIED: path.join(dir, 'applied'),
      },
    });
  const keysIn = (folder: string): Keys => ({
    JWT_PUBLIC_KEY: readFileSync(path.join(folder, 'jwt-public.pem'), 'utf8'),
    JWT_PRIVATE_KEY: readFileSync(path.join(folder, 'jwt-private.pem'), 'utf8'),
  });
  /** The keys as the n-th apply gave them to the cluster. */
  const applied = (n: number) => keysIn(path.join(dir, 'applied', String(n)));
  const current = () => keysIn(path.join(overlay, 'secrets'));
  const kubectlCalls = () => readFileSync(path.join(dir, 'kubectl.log'), 'utf8').split('\n').filter(Boolean);

  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'quad-jwt-keys-'));
    overlay = path.join(dir, 'overlay');
    mkdirSync(path.join(dir, 'bin'));
    mkdirSync(path.join(dir, 'applied'));
    const kubectl = path.join(dir, 'bin', 'kubectl');
    copyFileSync(path.join(__dirname, 'fixtures', 'fake-kubectl.sh'), kubectl);
    chmodSync(kubectl, 0o755);
  });

  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test('when keys are rotated before secrets.sh init, then it stops and says to run init', () => {
    expect(() => run('rotate')).toThrow(/run '.*secrets.sh init' first/);
  });

  test(
    'when the key is rotated and later retired, then nobody is logged out until their token expires',
    () => {
      execFileSync('sh', [INIT, 'init'], {
        env: { ...process.env, SECRETS_DIR: path.join(overlay, 'secrets') },
      });
      const before = current();
      expect(verifiesWith(before, signWith(before))).toBe(true);
      const issuedBeforeRotation = signWith(before);

      run('rotate');

      const during = current();
      const issuedAfterRotation = signWith(during);
      expect(during.JWT_PRIVATE_KEY).not.toBe(before.JWT_PRIVATE_KEY);
      expect(pemBlocks(during.JWT_PUBLIC_KEY)).toBe(2);
      expect(verifiesWith(during, issuedBeforeRotation)).toBe(true);
      expect(verifiesWith(during, issuedAfterRotation)).toBe(true);
      // Order: every service rolled out trusting the new key (step 1) before auth signed with it (step 2).
      const apply = `apply -k ${overlay}`;
      expect(kubectlCalls()).toEqual([apply, ...rollouts, apply, ...rollouts]);
      expect(applied(0).JWT_PRIVATE_KEY).toBe(before.JWT_PRIVATE_KEY);
      expect(verifiesWith(applied(0), issuedAfterRotation)).toBe(true);
      expect(verifiesWith(applied(0), issuedBeforeRotation)).toBe(true);
      expect(applied(1)).toEqual(during);

      run('retire');

      const after = current();
      expect(applied(2)).toEqual(after);
      expect(pemBlocks(after.JWT_PUBLIC_KEY)).toBe(1);
      expect(verifiesWith(after, issuedAfterRotation)).toBe(true);
      expect(verifiesWith(after, issuedBeforeRotation)).toBe(false);
    },
    SCRIPT_TIMEOUT_MS,
  );
});
